import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { luccaApp, sharedBrowser } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { listRows, putRow } from '../../functions/storage/repositories/rows.ts';
import { simpleComputoPdf } from '../support/simple-computo.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let token: string;
let documentId: number;

/** A4 portrait, as every corpus document: PDF points. */
const PAGE_WIDTH = 595.28;

beforeAll(async () => {
  // The Lucca list of the Tuscan articles only: the other rows stay without a reference price. The
  // app and its list are shared; the document is this file's own (its tests change its rows).
  rt = await luccaApp('primus_medium.pdf');
  browser = await sharedBrowser();
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  ({ id: documentId } = await uploadPdf(rt.url, token, corpusFile('primus_medium.pdf')));
  await waitForAnalysis(rt.url, token, documentId);
});

async function openDocument(width = 1440): Promise<Page> {
  const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);
  await page.goto(`${rt.url}/documents/${documentId}`);
  // A real row (with its checkbox), not the table's "loading" line
  await page.locator('.doc-rows-table tbody tr .p-checkbox').first().waitFor();
  return page;
}

const rowsOf = async () => ((await apiClient(rt.url)('GET', `/api/documents/${documentId}/rows`, { token })).json.data as Array<{ attributes: any }>).map((r) => r.attributes);

describe('reviewing a computo in Chromium', () => {
  it('a click on a row shows its page with the voce highlighted where the row says; arrow keys follow the rows', async () => {
    // Prepare
    const rows = await rowsOf();
    const row = rows.find((r) => r.row_index === 7)!;
    const next = rows.find((r) => r.row_index === 8)!;
    expect(row.box).toBeTruthy();
    const page = await openDocument();
    expect(await page.title()).toBe('Dettaglio documento · Computa');

    // Act: click the row's description
    await page.locator('.doc-rows-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: /^7$/ }) }).locator('td').nth(3).click();

    // Assess: the page of the row, the box where the stored box says (scaled to the drawn page)
    const mark = page.getByTestId('pdf-box');
    await mark.waitFor();
    expect(await mark.getAttribute('data-page')).toBe(String(row.page));
    const geometry = await mark.evaluate((el: HTMLElement) => {
      const figure = el.parentElement!;
      return { width: figure.clientWidth, left: el.offsetLeft, top: el.offsetTop, w: el.offsetWidth, h: el.offsetHeight };
    });
    const scale = geometry.width / PAGE_WIDTH;
    expect(Math.abs(geometry.left - row.box.x0 * scale)).toBeLessThan(2);
    expect(Math.abs(geometry.top - row.box.y0 * scale)).toBeLessThan(2);
    expect(Math.abs(geometry.w - (row.box.x1 - row.box.x0) * scale)).toBeLessThan(3);
    expect(Math.abs(geometry.h - (row.box.y1 - row.box.y0) * scale)).toBeLessThan(3);
    const panel = page.getByTestId('pdf-panel');
    await panel.getByText(`pagine ${row.page}–${row.page_end}`).waitFor();
    expect(await panel.locator('figure').count()).toBe(row.page_end - row.page + 1);
    // The page was drawn: the canvas is not blank (pdf.js draws after the panel shows; asked until it has)
    const inked = () =>
      panel.locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
        return dark;
      });
    await expect.poll(inked, { timeout: 30_000 }).toBeGreaterThan(1000);

    // Act: the keyboard moves to the next row, and the panel follows
    await page.keyboard.press('ArrowDown');
    await panel.getByText(`N° ${next.row_index}`).waitFor();
    expect(await mark.getAttribute('data-page')).toBe(String(next.page));
    await page.locator('tr.doc-row-active').filter({ has: page.locator('td:nth-child(2)', { hasText: /^8$/ }) }).waitFor();

    // Zoom doubles the drawn page; page navigation shows another page
    const before = await panel.locator('figure').first().evaluate((f) => f.clientWidth);
    await panel.getByRole('button', { name: 'Ingrandisci' }).click();
    await page.waitForFunction((w) => (document.querySelector('.pdf-page') as HTMLElement).clientWidth > w * 1.2, before);
    await panel.getByRole('button', { name: 'Pagina successiva' }).click();
    await panel.getByText(`${next.page + 1} / 47`).waitFor();
    await panel.getByRole('button', { name: 'Chiudi il PDF' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('a row the reader doubted is marked with its reason, counted, and filtered', async () => {
    // Prepare: the reader's doubt on one row, as the analysis stores it
    const stored = await listRows(rt.ctx, documentId);
    await putRow(rt.ctx, { ...stored[2], verifica: ['quantità × prezzo ≠ importo stampato'] });
    const page = await openDocument();
    // Assess
    await page.getByTestId('rows-to-check').getByText('1 riga da verificare').waitFor();
    const mark = page.getByTestId('row-check');
    expect(await mark.count()).toBe(1);
    expect(await mark.getAttribute('title')).toBe('Da verificare: quantità × prezzo ≠ importo stampato');
    await page.getByRole('button', { name: 'Mostra solo da verificare' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=row-count]')?.textContent === '1');
    await page.context().close();
  });

  it('the summary compares like with like, and the filters find unpriced rows and large variations', async () => {
    // Prepare: the sums, computed here from the rows
    const rows = await rowsOf();
    const priced = rows.filter((r) => r.prezzo_db !== null);
    const unpriced = rows.length - priced.length;
    expect(priced.length).toBeGreaterThan(0);
    expect(unpriced).toBeGreaterThan(0);
    const cents = (xs: number[]) => xs.reduce((a, x) => a + Math.round(x * 100), 0) / 100;
    const own = cents(priced.map((r) => r.totale));
    const list = cents(priced.map((r) => r.prezzo_totale_db));
    const all = cents(rows.map((r) => r.totale));
    const euro = (v: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions).format(v);
    const page = await openDocument();
    const text = async (id: string) => (await page.getByTestId(id).innerText()).replace(/\s+/g, ' ').trim();

    // Assess: the summary
    expect(await text('coverage')).toBe(`${priced.length} su ${rows.length}`);
    expect(await text('difference-basis')).toBe(`${Math.round((own / all) * 100)}% dell\u2019importo del computo (${euro(own).replace(/\s+/g, ' ')})`);
    expect(await text('total-db')).toBe(euro(list).replace(/\s+/g, ' '));
    expect(await text('total-difference')).toContain(euro(cents([list, -own])).replace(/\s+/g, ' '));
    await page.getByTestId('legend').waitFor();

    // The chart of the largest differences: its top bar is the row with the largest |difference|, and a click shows it
    const largest = [...priced].sort((a, b) => Math.abs(b.differenza_totale_db) - Math.abs(a.differenza_totale_db))[0];
    const chart = page.getByTestId('chart-top-rows');
    expect(await chart.locator('div[role=img][aria-label]').first().getAttribute('aria-label')).toContain(`N° ${largest.row_index} ${largest.tariffa}`);
    const box = (await chart.locator('canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + 19);
    await page.getByTestId('pdf-panel').getByText(`N° ${largest.row_index}`).waitFor();
    await page.getByTestId('pdf-panel').getByRole('button', { name: 'Chiudi il PDF' }).click();

    // Act + Assess: only the rows without a price
    await page.locator('.doc-filter-kind').click();
    await page.getByRole('option', { name: 'Senza prezzo di riferimento' }).click();
    await page.waitForFunction((n) => document.querySelector('[data-testid=row-count]')?.textContent === String(n), unpriced);
    expect(await page.getByTestId('price-reason').count()).toBeGreaterThan(0);
    // Its edit dialog says why it has no price, and checks quantity × price while typing
    const firstUnpriced = rows.filter((r) => r.prezzo_db === null).sort((a, b) => a.row_index - b.row_index)[0];
    await page.locator('.doc-rows-table tbody tr').first().getByRole('button', { name: 'Modifica riga' }).click();
    const dialog = page.getByRole('dialog', { name: `Modifica riga N° ${firstUnpriced.row_index}` });
    expect(await dialog.getByTestId('price-why').innerText()).toContain(`Nessun prezzo di riferimento: ${firstUnpriced.price_reason}.`);
    expect(await dialog.getByTestId('product-check').innerText()).toContain('(uguale al totale)');
    await dialog.locator('#row-totale').click();
    await dialog.locator('#row-totale').press('Control+a');
    await dialog.locator('#row-totale').pressSequentially('1');
    await dialog.locator('#row-totale').press('Tab');
    await dialog.getByTestId('product-check').getByText(/il totale inserito è 1,00/).waitFor();
    await dialog.getByRole('button', { name: 'Annulla' }).click();

    // Act + Assess: all rows again, with |variation| at least a threshold
    await page.locator('.doc-filter-kind').click();
    await page.getByRole('option', { name: 'Tutte le righe' }).click();
    const threshold = 9.5;
    const expected = rows.filter((r) => r.variazione_percentuale !== null && Math.abs(r.variazione_percentuale) >= threshold).length;
    await page.locator('#rows-threshold').click();
    await page.locator('#rows-threshold').pressSequentially('9,5');
    await page.locator('#rows-threshold').press('Tab');
    await page.waitForFunction((n) => document.querySelector('[data-testid=row-count]')?.textContent === String(n), expected);
    await page.context().close();
  });

  it('the province and typology of a document can be corrected, and its prices follow', async () => {
    const page = await openDocument();
    await page.getByRole('button', { name: 'Modifica provincia e tipologia DEI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provincia e tipologia DEI' });
    await dialog.locator('#settings-provincia').fill('Firenze');
    await dialog.getByRole('button', { name: 'Salva e aggiorna i prezzi' }).click();
    await page.getByText(/^Provincia e tipologia aggiornate\. Prezzi di riferimento trovati per 0 righe su 60\.$/).waitFor();
    await page.getByText('Provincia:').locator('strong').getByText('Firenze').waitFor();
    expect(await page.getByTestId('coverage').innerText()).toBe('0 su 60');
    // Back to Lucca: the Tuscan rows have their prices again
    await page.getByRole('button', { name: 'Modifica provincia e tipologia DEI' }).click();
    await dialog.locator('#settings-provincia').fill('LU');
    await dialog.getByRole('button', { name: 'Salva e aggiorna i prezzi' }).click();
    await page.getByText(/^Provincia e tipologia aggiornate\. Prezzi di riferimento trovati per 15 righe su 60\.$/).waitFor();
    await page.context().close();
  });

  it('a printed amount that does not check out is read, kept and marked da verificare with its reason', async () => {
    // Prepare: a print whose second voce says 1.250,00 where 12,50 × 10,00 = 125,00
    const pdf = await simpleComputoPdf(
      [
        { code: 'A.01.001', description: 'Scavo di sbancamento', unit: 'm³', quantity: 12.5, price: 8.4, amount: 105 },
        { code: 'A.01.002', description: 'Rinterro con materiale arido', unit: 'm³', quantity: 12.5, price: 10, amount: 1250 },
        { code: 'B.02.010', description: 'Massetto in calcestruzzo', unit: 'm²', quantity: 40, price: 22.15, amount: 886 },
      ],
      2241,
    );
    const { id } = await uploadPdf(rt.url, token, pdf, 'conti-sbagliati.pdf');
    const doc = await waitForAnalysis(rt.url, token, id);
    expect(doc.status).toBe('completed');
    const rows = ((await apiClient(rt.url)('GET', `/api/documents/${id}/rows`, { token })).json.data as Array<{ attributes: any }>).map((r) => r.attributes);
    expect(rows.map((r) => r.totale)).toEqual([105, 1250, 886]);
    expect(rows[1].verifica).toContain('quantità × prezzo ≠ importo stampato');
    expect(rows[0].verifica).toEqual([]);

    // Act
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${rt.url}/documents/${id}`);

    // Assess
    await page.getByTestId('rows-to-check').getByText('1 riga da verificare').waitFor();
    expect(await page.getByTestId('row-check').getAttribute('title')).toContain('Da verificare: quantità × prezzo ≠ importo stampato');
    await page.context().close();
  });
});
