import fs from 'node:fs';
import { needsArticleChoice, type MergeableRow } from '../../shared/domain/rows.ts';
import { productAmount } from '../../shared/domain/totals.ts';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser } from '../support/shared.ts';
import { CORPUS_DATA, CORPUS_PDF } from '../support/corpus.ts';
import { uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const FIRENZE_XML = path.join(CORPUS_DATA, 'toscana-firenze-2025-excerpt.xml');
const SHOTS = process.env.EDIT_SHOTS_DIR ?? '/tmp/edit-shots';

let rt: TestRuntime;
let browser: Browser;
let token: string;
let documentId: number;
let api: ReturnType<typeof apiClient>;

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};

async function rowsOf(id: number) {
  const res = await api('GET', `/api/documents/${id}/rows?per_page=50000`, { token });
  return (res.json.data as Array<{ attributes: Record<string, any> }>).map((r) => r.attributes);
}

beforeAll(async () => {
  rt = await startTestRuntime();
  api = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);

  // The Firenze 2025 Toscana list, so that some rows get a database price.
  const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', token, fs.readFileSync(FIRENZE_XML), 'toscana-firenze-2025-excerpt.xml', { provincia: 'FIRENZE', anno: '2025' });
  expect(up.status).toBe(200);
  const tempId = up.json.data?.temp_file_id ?? up.json.data?.data?.temp_file_id ?? up.json.temp_file_id;
  const confirm = await api('POST', '/api/confirm-prezzario-toscana', { token, body: { temp_file_id: tempId } });
  expect(confirm.status).toBe(200);

  const pdf = await uploadForm(rt.url, '/api/upload', token, fs.readFileSync(path.join(CORPUS_PDF, 'primus_medium.pdf')), 'primus_medium.pdf', { provincia: 'FI', tipologia_dei: 'nuove_costruzioni' });
  expect(pdf.status).toBeLessThan(300);
  documentId = Number(pdf.json.data.data.document_id);
  for (let i = 0; ; i++) {
    const res = await api('GET', `/api/documents/${documentId}`, { token });
    if (res.json.data.attributes.status === 'completed') break;
    if (res.json.data.attributes.status === 'failed' || i > 180) throw new Error(`analysis did not complete: ${res.text}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  browser = await sharedBrowser();
}, 240_000);

afterAll(async () => {
  await rt?.close();
});

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${rt.url}/login`);
  await page.fill('#username', 'admin');
  await page.fill('#password', ADMIN_PASSWORD);
  await page.click('button[type=submit]');
  await page.getByText('Benvenuto, admin!').waitFor();
  return page;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();
/** The table row whose N° cell is `n` (the table is sorted by N° and not filtered). */
const rowByIndex = (page: Page, n: number) => page.locator('.doc-rows-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${n}$`) }) });
/** Scrolls the virtual scroller to row `n` (rows far down are not rendered until then). */
async function showRow(page: Page, n: number) {
  await page.locator('.doc-rows-table .p-virtualscroller').evaluate((el, top) => el.scrollTo(0, top), Math.max(0, (n - 3) * 41));
  const row = rowByIndex(page, n);
  await row.waitFor();
  return row;
}
const toggleRow = async (page: Page, n: number) => (await showRow(page, n)).locator('td').first().locator('.p-checkbox').click();

describe('document editing in Chromium', () => {
  it('edits, merges, retypes, re-prices, exports and duplicates rows of primus_medium.pdf', async () => {
    const page = await adminPage();
    await page.goto(`${rt.url}/documents/${documentId}`);
    await page.getByTestId('row-count').getByText('60', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Aggiorna Prezzi' }).waitFor();
    await page.getByRole('button', { name: 'Esporta' }).waitFor();
    await page.getByTestId('selection-count').getByText('0 righe selezionate').waitFor();
    await shot(page, '01-detail');

    // ---- edit the quantity of a priced row: the database total changes ----
    const priced = (await rowsOf(documentId)).find((r) => r.prezzo_db !== null && r.quantita === 1)!;
    expect(priced).toBeTruthy();
    const dbBefore = await text(page, 'total-db');
    const row = await showRow(page, priced.row_index);
    await row.getByRole('button', { name: 'Modifica riga' }).click();
    const editDialog = page.getByRole('dialog', { name: `Modifica riga N° ${priced.row_index}` });
    await editDialog.waitFor();
    expect(await page.locator('#row-tariffa').inputValue()).toBe(priced.tariffa);
    await shot(page, '02-edit-dialog');
    await page.locator('#row-quantita').click();
    await page.locator('#row-quantita').press('Control+a');
    await page.locator('#row-quantita').pressSequentially('3');
    await page.locator('#row-quantita').press('Tab');
    await editDialog.getByRole('button', { name: 'Salva' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await page.getByText('Riga aggiornata con successo').waitFor();
    await page.waitForFunction((before) => document.querySelector('[data-testid=total-db]')?.textContent?.trim() !== before, dbBefore);
    expect(await text(page, 'total-db')).not.toBe(dbBefore);
    // The row is green for a moment.
    await page.locator('tr.doc-row-updated').first().waitFor();
    // The price source of the priced row.
    expect(await row.getByTestId('price-source').innerText()).toBe('TOS');
    // Its tooltip names the list and the article that priced it.
    expect(await row.getByTestId('price-source').getAttribute('title')).toBe(
      `Toscana FIRENZE 2025 · ${[priced.tariffa, priced.price_source.descrizione.slice(0, 160) + (priced.price_source.descrizione.length > 160 ? '…' : ''), priced.price_source.unita_di_misura].filter(Boolean).join(' · ')}`,
    );
    // An unpriced row says why it has no price.
    const unpriced = (await rowsOf(documentId)).find((r) => r.prezzo_db === null && r.price_reason)!;
    const unpricedRow = await showRow(page, unpriced.row_index);
    expect(await unpricedRow.getByTestId('price-reason').getAttribute('title')).toBe(`Senza prezzo di riferimento: ${unpriced.price_reason}`);
    await shot(page, '03-edited');
    const after = (await rowsOf(documentId)).find((r) => r.id === priced.id)!;
    expect(after.quantita).toBe(3);
    expect(after.prezzo_totale_db).toBeCloseTo(priced.prezzo_db * 3, 2);
    await page.locator('tr.doc-row-updated').first().waitFor({ state: 'detached', timeout: 5000 });

    // ---- merge rows 1 and 2: 60 → 59 ----
    await toggleRow(page, 1);
    await toggleRow(page, 2);
    await page.getByTestId('selection-count').getByText('2 righe selezionate').waitFor();
    const rows12 = (await rowsOf(documentId)).filter((r) => r.row_index <= 2);
    await page.getByRole('button', { name: 'Unisci', exact: true }).click();
    const mergeDialog = page.getByRole('dialog', { name: 'Conferma unione righe' });
    await mergeDialog.getByText(rows12[0].descrizione.slice(0, 50) + '...').waitFor();
    // Two different articles, each with its amount: the dialog asks which one to keep.
    const choice = mergeDialog.getByTestId('merge-article-choice');
    const different = needsArticleChoice(rows12[0] as MergeableRow, rows12[1] as MergeableRow);
    if (different) await choice.locator('label[for=merge-article-prima]').click();
    else expect(await choice.count()).toBe(0);
    await mergeDialog.getByTestId('merge-outcome').waitFor();
    await shot(page, '04-merge-dialog');
    await mergeDialog.getByRole('button', { name: 'Unisci' }).click();
    await page.getByText('Righe unite con successo').waitFor();
    await page.getByTestId('row-count').getByText('59', { exact: true }).waitFor();
    await page.getByTestId('selection-count').getByText('0 righe selezionate').waitFor();
    const merged = (await rowsOf(documentId)).find((r) => r.id === rows12[0].id)!;
    expect(merged.totale).toBe(different ? productAmount(rows12[0].quantita, rows12[0].unitario) : rows12[1].totale);
    expect(merged.tariffa).toBe(rows12[0].tariffa);

    // Rows 3 and 5 are not consecutive: the quick merge refuses with the spec message.
    await toggleRow(page, 3);
    await toggleRow(page, 5);
    await page.getByRole('button', { name: 'Unione rapida' }).click();
    await page.getByText('Le righe devono essere consecutive per essere unite').waitFor();
    await page.getByRole('button', { name: 'Deseleziona' }).click();
    await page.getByTestId('selection-count').getByText('0 righe selezionate').waitFor();

    // ---- bulk typology of 3 rows; the selection survives sorting and searching ----
    for (const n of [3, 4, 5]) await toggleRow(page, n);
    await page.getByTestId('selection-count').getByText('3 righe selezionate').waitFor();
    await page.getByRole('columnheader', { name: 'Tariffa' }).click();
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill('zzz-nessuna');
    await page.getByTestId('selection-count').getByText('3 righe selezionate').waitFor();
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill('');
    await page.getByRole('columnheader', { name: 'N°' }).click();
    const ids345 = (await rowsOf(documentId)).filter((r) => [3, 4, 5].includes(r.row_index)).map((r) => r.id);
    await page.getByRole('button', { name: 'Tipologia DEI', exact: true }).click();
    const tipDialog = page.getByRole('dialog', { name: 'Aggiorna tipologia DEI' });
    await tipDialog.getByRole('button', { name: 'Aggiorna' }).click();
    await tipDialog.getByText('Seleziona una tipologia DEI').waitFor();
    await tipDialog.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'IMPIANTI ELETTRICI' }).click();
    await shot(page, '05-bulk-tipologia');
    await tipDialog.getByRole('button', { name: 'Aggiorna' }).click();
    const notice = page.getByTestId('result-notice');
    await notice.getByText('Righe aggiornate: 3').waitFor();
    await shot(page, '06-bulk-result');
    await page.getByRole('dialog', { name: 'Tipologia DEI aggiornata' }).getByRole('button', { name: 'OK' }).click();
    const retyped = (await rowsOf(documentId)).filter((r) => ids345.includes(r.id));
    expect(retyped.map((r) => r.tipologia_dei)).toEqual(['impianti_elettrici', 'impianti_elettrici', 'impianti_elettrici']);
    await page.getByRole('button', { name: 'Deseleziona' }).click();

    // ---- row-level search opens /search in a new tab ----
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      (async () => {
        await (await showRow(page, 3)).getByRole('button', { name: 'Altre azioni' }).click();
        await page.getByRole('menuitem', { name: 'Cerca nel prezzario' }).click();
      })(),
    ]);
    const searchUrl = new URL(popup.url());
    expect(searchUrl.pathname).toBe('/search');
    expect(searchUrl.searchParams.get('q')).toBe(retyped[0].tariffa);
    expect(searchUrl.searchParams.get('type')).toBe('price-list');
    expect(searchUrl.searchParams.get('tipologia_dei')).toBe('impianti_elettrici');
    expect(searchUrl.searchParams.get('provincia')).toBe('FI');
    await popup.close();

    // ---- Aggiorna Prezzi: one server call, then the count ----
    await page.getByRole('button', { name: 'Aggiorna Prezzi' }).click();
    const pricesDialog = page.getByRole('dialog', { name: 'Aggiorna Prezzi' });
    await pricesDialog.getByText('59').waitFor();
    await pricesDialog.getByRole('button', { name: 'Aggiorna Prezzi' }).click();
    await notice.getByText(/Prezzi aggiornati: \d+/).waitFor();
    const count = Number(/Prezzi aggiornati: (\d+)/.exec(await notice.innerText())![1]);
    const pricedNow = (await rowsOf(documentId)).filter((r) => r.prezzo_db !== null).length;
    expect(count).toBe(pricedNow);
    await notice.getByText(/Prezzi non trovati: \d+/).waitFor();
    await shot(page, '07-prices-result');
    await page.getByRole('dialog', { name: 'Risultato aggiornamento prezzi' }).getByRole('button', { name: 'OK' }).click();

    // ---- Esporta: the workbook has as many rows as the table ----
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta' }).click()]);
    expect(download.suggestedFilename()).toBe(`documento_${documentId}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const ws = wb.worksheets[0];
    let dataRows = 0;
    ws.eachRow((r, n) => {
      if (n > 7 && typeof r.getCell(1).value === 'number') dataRows++;
    });
    expect(dataRows).toBe(Number(await text(page, 'row-count')));
    expect(dataRows).toBe(59);

    // ---- Duplica 2 rows into a new document with a custom title ----
    await toggleRow(page, 6);
    await toggleRow(page, 7);
    await page.getByRole('button', { name: 'Duplica' }).click();
    const dupDialog = page.getByRole('dialog', { name: 'Duplica righe' });
    expect(await page.locator('#duplicate-title').inputValue()).toBe('primus_medium.pdf - copia');
    await page.locator('#duplicate-title').fill('');
    await dupDialog.getByRole('button', { name: 'Duplica' }).click();
    await dupDialog.getByText('Inserisci un titolo per il nuovo documento').waitFor();
    await page.locator('#duplicate-title').fill('Computo ridotto e2e');
    await shot(page, '08-duplicate-dialog');
    await dupDialog.getByRole('button', { name: 'Duplica' }).click();
    await page.getByTestId('result-notice').waitFor();
    await shot(page, '09-duplicate-result');
    await page.waitForURL(`${rt.url}/documents`);
    const newRow = page.locator('tr', { hasText: 'Computo ridotto e2e' });
    await newRow.waitFor();
    await newRow.getByText('N° 2').waitFor();
    await shot(page, '10-documents-list');
    await page.context().close();
  }, 150_000);

  it('deletes a row and a selection of rows, with confirmation', async () => {
    const page = await adminPage();
    const start = (await rowsOf(documentId)).length;
    await page.goto(`${rt.url}/documents/${documentId}`);
    await page.getByTestId('row-count').getByText(String(start), { exact: true }).waitFor();
    // Select-all works on the rows shown (here: the search result) and survives clearing the search.
    const search = page.getByPlaceholder('Cerca per tariffa o descrizione...');
    await search.fill('TOS25_18');
    const shown = Number(await text(page, 'row-count'));
    expect(shown).toBeGreaterThan(2);
    await page.locator('.doc-rows-table thead .p-checkbox').click();
    await page.getByTestId('selection-count').getByText(`${shown} righe selezionate`).waitFor();
    await search.fill('');
    await page.getByTestId('selection-count').getByText(`${shown} righe selezionate`).waitFor();
    await page.getByRole('button', { name: 'Deseleziona' }).click();
    await page.getByTestId('selection-count').getByText('0 righe selezionate').waitFor();

    await (await showRow(page, 10)).getByRole('button', { name: 'Altre azioni' }).click();
    await page.getByRole('menuitem', { name: 'Elimina riga' }).waitFor();
    await shot(page, '11-row-menu');
    await page.getByRole('menuitem', { name: 'Elimina riga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    await dialog.getByText('N° 10').waitFor();
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await page.getByText('Riga eliminata con successo').waitFor();
    await page.getByTestId('row-count').getByText(String(start - 1), { exact: true }).waitFor();

    for (const n of [11, 12, 13, 14, 15, 16, 17]) await toggleRow(page, n);
    await page.getByTestId('selection-count').getByText('7 righe selezionate').waitFor();
    await page.getByRole('button', { name: 'Elimina', exact: true }).click();
    await page.getByRole('dialog', { name: 'Conferma eliminazione' }).getByRole('button', { name: 'Elimina' }).click();
    await page.getByTestId('result-notice').getByText('Righe eliminate: 7').waitFor();
    await page.getByTestId('row-count').getByText(String(start - 8), { exact: true }).waitFor();
    // The toolbar stays in sight when the page scrolls.
    const summary = page.getByRole('dialog', { name: 'Eliminazione righe' });
    await summary.getByRole('button', { name: 'OK' }).click();
    // A modal dialog locks the page's scroll until it has gone, and a wheel sent before is lost:
    // wait for it to go, then scroll until the page has moved (a loaded machine takes longer).
    await summary.waitFor({ state: 'hidden' });
    await expect.poll(async () => {
      await page.mouse.wheel(0, 600);
      return (await page.getByRole('toolbar', { name: 'Azioni sulle righe' }).boundingBox())!.y;
    }, { timeout: 15_000 }).toBeLessThan(80);
    await shot(page, '12-sticky-toolbar');
    expect((await rowsOf(documentId)).length).toBe(start - 8);
    await page.context().close();
  });

  it('keeps a colleague\u2019s change to another field, and refuses one to the same field with a 409 and the row reloaded', async () => {
    const page = await adminPage();
    const rows = await rowsOf(documentId);
    const [a, b] = rows.filter((r) => r.row_index >= 30).slice(0, 2);
    await page.goto(`${rt.url}/documents/${documentId}`);
    await page.getByTestId('row-count').getByText(String(rows.length), { exact: true }).waitFor();

    // Another field: the colleague changes the quantity while the dialog is open on the description.
    await (await showRow(page, a.row_index)).getByRole('button', { name: 'Modifica riga' }).click();
    let dialog = page.getByRole('dialog', { name: `Modifica riga N° ${a.row_index}` });
    await dialog.waitFor();
    expect((await api('PUT', `/api/rows/${a.id}`, { token, body: { quantita: 42 } })).status).toBe(200);
    await page.locator('#row-descrizione').fill('Descrizione corretta nel dialogo');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Riga aggiornata con successo').waitFor();
    expect((await rowsOf(documentId)).find((r) => r.id === a.id)).toMatchObject({ descrizione: 'Descrizione corretta nel dialogo', quantita: 42 });

    // The same field: the colleague saved the description first.
    await (await showRow(page, b.row_index)).getByRole('button', { name: 'Modifica riga' }).click();
    dialog = page.getByRole('dialog', { name: `Modifica riga N° ${b.row_index}` });
    await dialog.waitFor();
    expect((await api('PUT', `/api/rows/${b.id}`, { token, body: { descrizione: 'Scritta da un collega' } })).status).toBe(200);
    await page.locator('#row-descrizione').fill('Scritta nel dialogo');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('La riga è stata modificata da un altro utente: ricarica').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rowByIndex(page, b.row_index).getByText('Scritta da un collega').waitFor();
    await shot(page, '13-conflict');
    expect((await rowsOf(documentId)).find((r) => r.id === b.id)?.descrizione).toBe('Scritta da un collega');
    await page.context().close();
  });
});
