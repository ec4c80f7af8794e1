/**
 * Issue 40, "Uso quotidiano", in Chromium at 1366 and 390 px: the rows table fits 1366 px (Azioni
 * in sight, codes whole), the comparison shows its Stato column, a phone gets a one-line top bar
 * with a menu, search inside a document forgives a typo, the price source badge is a button the
 * keyboard reaches and opens the row's price explanation, and the small words people notice
 * (singular, accepted formats, the base of Var. %, the lists that do not hold the codes, the
 * Toscana preview's columns, the file icons). Screenshots go to $DAILY_SHOTS (else a temporary folder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { luccaApp, sharedBrowser, sharedDocument } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { COMPUTO, VARIANTE, xpwe } from '../support/comparison-computi.ts';
import { priceListXlsx, tuscanItemsOf } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, type TestRuntime } from '../support/runtime.ts';

const shots = process.env.DAILY_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'computa-uso-'));

let rt: TestRuntime;
let browser: Browser;
let token: string;
let pdf: number;
let computo: number;
let variante: number;
/** An XPWE of one voce whose code is in the Lucca list: one row with a difference. */
let single: number;

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  // The app with the Lucca list of primus_medium's Tuscan articles and the three documents no test
  // here changes are shared (tests/support/shared.ts); the one-voce XPWE is this file's own.
  rt = await luccaApp('primus_medium.pdf');
  browser = await sharedBrowser();
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const lucca = tuscanItemsOf('primus_medium.pdf');
  const one = { tariffa: lucca[0].codice, descrizione: lucca[0].descrizione, um: lucca[0].um, quantita: 3, prezzo: 1, capitolo: 'Opere' };
  ({ id: single } = await uploadPdf(rt.url, token, Buffer.from(xpwe([one], 'Una voce')), 'una-voce.xpwe'));
  [pdf, computo, variante] = await Promise.all([
    sharedDocument(rt, 'primus_medium.pdf', () => corpusFile('primus_medium.pdf')),
    sharedDocument(rt, 'computo.xpwe', () => Buffer.from(xpwe(COMPUTO, 'Scuola'))),
    sharedDocument(rt, 'variante.xpwe', () => Buffer.from(xpwe(VARIANTE, 'Scuola variante'))),
  ]);
  await waitForAnalysis(rt.url, token, single, 180_000);
}, 300_000);
afterAll(async () => {
  console.log(`screenshots: ${shots}`);
});

const rowsOf = async (id: number) => ((await apiClient(rt.url)('GET', `/api/documents/${id}/rows?per_page=50000`, { token })).json.data as Array<{ attributes: any }>).map((r) => r.attributes);

async function openDocument(id: number, width: number): Promise<Page> {
  const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);
  await page.goto(`${rt.url}/documents/${id}`);
  await page.getByTestId('row-count').waitFor();
  return page;
}

describe('the document page at 1366 px', () => {
  it('shows every column of the rows table without sideways scrolling, Azioni in sight and the codes whole', async () => {
    // Prepare
    const page = await openDocument(pdf, 1366);
    await page.locator('.doc-rows-table tbody tr td .mono').first().waitFor();
    await page.evaluate(() => document.querySelector('.doc-rows-card')?.scrollIntoView());

    // Act
    const layout = await page.evaluate(() => {
      const t = document.querySelector('.doc-rows-table table')!;
      const wrap = t.closest('.p-datatable-wrapper')!;
      const card = t.closest('.doc-rows-card')!;
      const headers = [...t.querySelectorAll('thead th')].map((th) => ({ text: th.textContent?.trim() ?? '', right: th.getBoundingClientRect().right }));
      const codes = [...t.querySelectorAll('tbody td .mono')].map((c) => ({ text: c.textContent, whole: c.scrollWidth <= c.clientWidth }));
      return { table: t.getBoundingClientRect().width, wrap: wrap.clientWidth, cardRight: card.getBoundingClientRect().right, headers, codes, page: document.documentElement.scrollWidth };
    });
    await page.screenshot({ path: path.join(shots, 'documento-1366.png'), fullPage: true });

    // Assess
    expect(layout.table).toBeLessThanOrEqual(layout.wrap);
    expect(layout.page).toBeLessThanOrEqual(1366);
    const azioni = layout.headers.find((h) => h.text === 'Azioni')!;
    expect(azioni.right).toBeLessThanOrEqual(layout.cardRight);
    expect(layout.codes.length).toBeGreaterThan(10);
    expect(layout.codes.filter((c) => !c.whole)).toEqual([]);
    // The longest code of the document is among those shown whole.
    const longest = (await rowsOf(pdf)).reduce((a, r) => ((r.tariffa ?? '').length > a.length ? r.tariffa : a), '');
    expect(longest.length).toBeGreaterThanOrEqual(20);
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill(longest);
    const cell = page.locator('.doc-rows-table tbody td .mono', { hasText: longest }).first();
    expect(await cell.evaluate((c) => c.scrollWidth <= c.clientWidth)).toBe(true);
    await page.close();
  }, 120_000);

  it('says the base of Var. % in its header, and of the verification\u2019s deviation in its check and threshold', async () => {
    // Prepare
    const page = await openDocument(pdf, 1366);

    // Act + Assess: the table's header
    const header = page.locator('.doc-rows-table thead th', { hasText: 'Var. %' });
    expect(await header.innerText()).toContain('su computo');
    expect(await header.locator('[title]').first().getAttribute('title')).toContain('prezzo unitario del computo');
    // The verification tab
    await page.getByRole('tab', { name: 'Verifica' }).click();
    const check = page.locator('[data-regola="scostamento_prezzo"]');
    await check.waitFor();
    expect(await check.innerText()).toContain('Lo scostamento è calcolato sul prezzo del prezzario; la colonna «Var. %» delle voci è calcolata sul prezzo del computo.');
    await page.getByText('Soglia di scostamento dal prezzario (base: prezzo del prezzario)').waitFor();
    await page.screenshot({ path: path.join(shots, 'verifica-1366.png'), fullPage: true });
    await page.close();
  }, 120_000);

  it('makes the price source badge a button that Tab reaches and that opens the row\u2019s price explanation', async () => {
    // Prepare: a priced row
    const priced = (await rowsOf(pdf)).find((r) => r.price_source && r.price_source.code);
    expect(priced).toBeTruthy();
    const page = await openDocument(pdf, 1366);
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill(priced.tariffa);
    const button = page.getByRole('button', { name: `Fonte del prezzo, riga N° ${priced.row_index}: Toscana LUCCA 2025` });

    // Act: from the row's checkbox, Tab until the badge has the focus (a few stops at most), then Enter
    await button.scrollIntoViewIfNeeded();
    await page.locator('.doc-rows-table tbody tr', { has: button }).locator('input[type=checkbox]').focus();
    let reached = false;
    for (let i = 0; i < 6 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((b) => b === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');

    // Assess: the same explanation as the row dialog (PriceExplanation)
    const panel = page.locator('.doc-src-panel [data-testid=price-why]');
    await panel.waitFor();
    expect(await panel.innerText()).toContain(priced.price_source.code);
    expect(await panel.innerText()).toContain('Toscana LUCCA 2025');
    await page.screenshot({ path: path.join(shots, 'fonte-1366.png') });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.close();
  }, 120_000);

  it('forgives a typo when searching the rows: a word of the document misspelt finds its rows', async () => {
    // Prepare: a long word of some description, one letter dropped
    const rows = await rowsOf(pdf);
    const word = rows.flatMap((r) => (r.descrizione as string).split(/[^A-Za-zàèéìòù]+/)).find((w) => w.length >= 9 && /^[a-z]+$/.test(w))!;
    const typo = word.slice(0, 4) + word.slice(5);
    const holding = rows.filter((r) => (r.descrizione as string).toLowerCase().includes(word.toLowerCase())).length;
    const page = await openDocument(pdf, 1366);

    // Act
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill(typo);

    // Assess: at least the rows that hold the word (others may hold a word of the same stem)
    await page.waitForFunction((n) => {
      const shown = Number(document.querySelector('[data-testid=rows-footer] [data-testid=row-count]')?.textContent);
      const all = document.querySelector('[data-testid=rows-footer]')?.textContent ?? '';
      return shown >= n && / di \d+/.test(all);
    }, holding);
    expect(await page.locator('.doc-rows-table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('.doc-rows-table tbody').innerText()).toContain(word.slice(0, 6));
    await page.close();
  }, 120_000);
});

describe('the comparison at 1366 px', () => {
  it.each([
    { name: 'two documents', con: () => `${variante}`, main: () => pdf },
    { name: 'three documents', con: () => `${variante},${pdf}`, main: () => computo },
  ])('shows the Stato column in sight with $name', async ({ con, main }) => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);

    // Act
    await page.goto(`${rt.url}/documents/${main()}/confronto?con=${con()}`);
    await page.locator('tbody tr[data-voce]').first().waitFor();
    const stato = page.locator('.cmp-table thead th', { hasText: 'Stato' });
    await stato.scrollIntoViewIfNeeded();

    // Assess: the header and a row's state tag lie inside the table's visible box
    const box = (await page.locator('.cmp-table-wrap').boundingBox())!;
    const head = (await stato.boundingBox())!;
    const tag = (await page.locator('tbody tr[data-voce] .cmp-state .p-tag').first().boundingBox())!;
    expect(head.x + head.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(tag.x + tag.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(tag.x).toBeGreaterThanOrEqual(box.x);
    await page.screenshot({ path: path.join(shots, `confronto-${con().split(',').length + 1}-documenti-1366.png`) });
    await page.close();
  }, 120_000);
});

describe('at 390 px', () => {
  it('gives a phone a one-line top bar whose menu holds every place', async () => {
    // Prepare
    const page = await openDocument(pdf, 390);
    await page.screenshot({ path: path.join(shots, 'documento-390.png'), fullPage: true });

    // Act + Assess: one line, no link row
    const bar = (await page.locator('header.topbar').boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(56);
    expect(await page.locator('header.topbar a.topbar-link').count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    for (const name of ['Home', 'Documenti', 'Ricerca', 'Upload prezzario DEI', 'Dashboard', 'Profilo', 'Logout']) {
      await page.getByRole('menuitem', { name, exact: true }).waitFor();
    }
    await page.screenshot({ path: path.join(shots, 'menu-390.png') });
    await page.getByRole('menuitem', { name: 'Ricerca', exact: true }).click();
    await page.waitForURL(/\/search$/);
    await page.close();
  }, 120_000);

  it('breaks a long file name after its separators, never mid-word, and never wider than the screen', async () => {
    // Prepare: a name as offices write them, no spaces
    const name = 'Computo_metrico_estimativo_ristrutturazione-scuola_primaria_via_Roma_2024.definitivo.xpwe';
    const { id } = await uploadPdf(rt.url, token, Buffer.from(xpwe(COMPUTO.slice(0, 2), 'Nome lungo')), name);
    await waitForAnalysis(rt.url, token, id, 120_000);
    for (const width of [390, 1366]) {
      const page = await openDocument(id, width);
      const title = page.getByTestId('document-filename');
      // Act: each piece between two break points is one text node; count the lines it spans
      const pieces = await title.evaluate((el) =>
        [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => {
          const r = document.createRange();
          r.selectNodeContents(n);
          return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
        }),
      );
      await page.screenshot({ path: path.join(shots, `nome-lungo-${width}.png`) });
      // Assess
      expect(await title.textContent()).toBe(name);
      expect(pieces.every((lines) => lines === 1), `${width} px: ${pieces}`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    }
  }, 180_000);

  it('keeps the wide bar at 1366 px', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    expect(await page.locator('header.topbar').getByRole('link', { name: 'Documenti' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});

describe('words', () => {
  it('says "La riga con la differenza più grande" for one row, "Le N righe" for more', async () => {
    let page = await openDocument(single, 1366);
    await page.getByTestId('chart-top-rows').getByText('La riga con la differenza più grande', { exact: true }).waitFor();
    await page.close();
    page = await openDocument(pdf, 1366);
    await page.getByTestId('chart-top-rows').getByText(/^Le \d+ righe con la differenza più grande$/).waitFor();
    await page.close();
  }, 120_000);

  it('says the codes are in none of the loaded lists instead of asking to load one', async () => {
    // Prepare: the computo's codes (DEM.001, MUR-011…) are not in the Lucca list
    expect((await rowsOf(computo)).every((r) => r.prezzo_db === null)).toBe(true);
    const page = await openDocument(computo, 1366);
    // Assess
    await page.getByText('i codici del computo non sono in nessuno dei prezzari caricati').waitFor();
    expect(await page.getByText('carica un prezzario e usa').count()).toBe(0);
    await page.close();
  }, 120_000);

  it('names every accepted format on the upload page, and shows each file\u2019s kind in the documents list, with plain row counts on a phone', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await page.goto(`${rt.url}/upload`);
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    for (const format of ['PDF', 'XPWE', 'SIX', 'ODS', 'Excel']) expect(title).toContain(format);
    expect(await page.locator('label[for=pdf-file]').innerText()).toBe('File (PDF, XPWE, SIX, ODS o Excel)');
    await page.goto(`${rt.url}/documents`);
    const icon = (name: string) => page.locator('.doc-filename', { hasText: name }).locator('i').getAttribute('class');
    expect(await icon('primus_medium.pdf')).toBe('pi pi-file-pdf');
    expect(await icon('computo.xpwe')).toBe('pi pi-file');
    await page.setViewportSize({ width: 390, height: 900 });
    const card = page.getByTestId('document-card-name').filter({ hasText: 'primus_medium.pdf' }).locator('xpath=ancestor::li[1]');
    const rows = (await rowsOf(pdf)).length;
    await card.locator('.doc-row-count', { hasText: String(rows) }).waitFor();
    expect(await card.locator('.doc-row-count').innerText()).toBe(String(rows));
    await page.close();
  }, 120_000);

  it('keeps the wrong-type message for a PDF dropped on a price-list upload, names XML and CSV, and previews a Toscana list without empty or repeated columns', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await page.goto(`${rt.url}/upload-prezzario-toscana`);
    await page.getByText('File Excel (.xlsx o .xls), XML o CSV, dimensione massima 10MB').waitFor();

    // Act: a PDF, then "Carica e Analizza"
    await page.setInputFiles('#prezzario-file', { name: 'computo.pdf', mimeType: 'application/pdf', buffer: corpusFile('primus_small.pdf') });
    const wrongType = 'Seleziona un file Excel valido (.xlsx o .xls), oppure XML o CSV: «computo.pdf» non è un prezzario.';
    await page.getByText(wrongType).waitFor();
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();

    // Assess: still the wrong-type message, not "Seleziona un file Excel."
    await page.getByText(wrongType).waitFor();
    expect(await page.getByText('Seleziona un file Excel.', { exact: true }).count()).toBe(0);

    // A Toscana list: its preview has no Tipologia DEI column and no Tariffa beside an equal Codice
    const rows = Array.from({ length: 3 }, (_, i) => ({ codice: `TOS25_01.A03.001.00${i + 1}`, descrizione: `Scavo di sbancamento ${i + 1}`, um: 'mc', prezzo: 10 + i }));
    await page.setInputFiles('#prezzario-file', { name: 'lucca.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await priceListXlsx(rows) });
    for (const [id, option] of [['prezzario-key', 'LUCCA'], ['prezzario-anno', '2025']]) {
      await page.locator('.p-dropdown', { has: page.locator(`#${id}`) }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    const preview = page.getByTestId('preview-card');
    await preview.waitFor();
    const headers = (await preview.locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(['Codice', 'Descrizione', 'Unità', 'Prezzo', 'Anno', 'Provincia']);
    await page.screenshot({ path: path.join(shots, 'anteprima-toscana-1366.png'), fullPage: true });
    await page.close();
  }, 120_000);
});
