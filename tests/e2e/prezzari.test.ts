import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { auditPage, describeFindings } from '../support/axe.ts';
import { sharedBrowser } from '../support/shared.ts';
import { ADMIN_PASSWORD, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let tmpDir: string;
const SHOTS = process.env.PZ_SHOTS_DIR ?? '/tmp/pzhelper-shots';

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-prezzari-'));
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await rt?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function loginAsAdmin(page: Page) {
  await page.goto(`${rt.url}/login`);
  await page.fill('#username', 'admin');
  await page.fill('#password', ADMIN_PASSWORD);
  await page.click('button[type=submit]');
  await page.getByText('Benvenuto, admin!').waitFor();
}

/** Goes to a path and waits for its h1; on a timeout keeps a screenshot to see why. */
async function open(page: Page, route: string, heading: string) {
  await page.goto(`${rt.url}${route}`);
  await page
    .getByRole('heading', { name: heading, exact: true })
    .waitFor({ timeout: 30_000 })
    .catch(async (err) => {
      await shot(page, `failed-${heading.replace(/\W+/g, '-')}`);
      throw err;
    });
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** A Toscana price list as the region publishes it: a title row, then the header, then 40 items. */
async function makeToscanaWorkbook(rows = 40): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Prezzario');
  ws.addRow(['Prezzario dei Lavori della Regione Toscana - Provincia di Lucca - Anno 2025']);
  ws.addRow(['Codice', 'Descrizione', 'U.M.', 'Prezzo']);
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(3, '0');
    ws.addRow([`TOS25_01.A03.001.${n}`, `Scavo di sbancamento eseguito con mezzi meccanici, voce di prova numero ${i}`, 'mc', Math.round((10 + i * 1.25) * 100) / 100]);
  }
  const file = path.join(tmpDir, 'toscana-lucca-2025.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

async function pickDropdown(page: Page, inputId: string, option: string) {
  await page.locator('.p-dropdown', { has: page.locator(`#${inputId}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('price lists, search and admin tools in Chromium', () => {
  it('admin imports a Toscana list with preview and confirmation, sees it and finds its codes', async () => {
    const file = await makeToscanaWorkbook(40);
    const page = await newPage();
    await loginAsAdmin(page);

    await open(page, '/upload-prezzario-toscana', 'Carica prezzario Toscana');
    // The client checks come first.
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    await page.getByText('Seleziona un file Excel.').waitFor();
    await page.getByText('Seleziona la provincia.').waitFor();
    await page.getByText("Seleziona l'anno.").waitFor();
    await shot(page, 'upload-toscana-validation');

    await page.setInputFiles('#prezzario-file', file);
    await page.getByTestId('selected-file').getByText('toscana-lucca-2025.xlsx').waitFor();
    await pickDropdown(page, 'prezzario-key', 'LUCCA');
    await pickDropdown(page, 'prezzario-anno', '2025');
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();

    // Reading the workbook happens on the server: allow for a busy machine.
    await page.getByText('Anteprima Dati').waitFor({ timeout: 45_000 }).catch(async (err) => {
      await shot(page, 'upload-toscana-preview-failed');
      throw err;
    });
    await page.getByText('Prime 30 righe di 40').waitFor();
    await page.getByText('le restanti 10 righe verranno comunque importate').waitFor();
    await page.getByText('Colonne riconosciute:').waitFor();
    const preview = page.getByTestId('preview-card');
    await preview.getByRole('cell', { name: 'TOS25_01.A03.001.001', exact: true }).first().waitFor();
    expect(await preview.locator('tbody tr').count()).toBe(30);
    await shot(page, 'upload-toscana-preview');

    await page.getByRole('button', { name: 'Conferma Importazione' }).click();
    await page.waitForURL(`${rt.url}/prezzario-toscana`);
    await page.getByRole('heading', { name: 'Prezzario Toscana', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'TOS25_01.A03.001.040', exact: true }).first().waitFor();
    await page.getByTestId('list-meta').getByText('LUCCA 2025').waitFor();
    await shot(page, 'prezzario-toscana');

    // Search in the list.
    await page.getByRole('searchbox', { name: 'Cerca nel prezzario' }).or(page.getByLabel('Cerca nel prezzario')).fill('001.007');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page.getByTestId('list-meta').getByText('1 risultato per').waitFor();

    // The code search page, filled from the URL.
    await open(page, '/search?q=TOS25', 'Ricerca Codice');
    await page.getByText('40 risultati per “TOS25”').waitFor();
    await page.getByRole('cell', { name: 'TOS25_01.A03.001.001', exact: true }).first().waitFor();
    await page.getByText('Pagina 1 di 2').waitFor();
    await shot(page, 'search-results');
    // The next page is asked of the server (page=2, 20 per page), not cut from a longer answer.
    const secondPage = page.waitForRequest((r) => r.url().includes('/api/search/price-list') && /[?&]page=2(&|$)/.test(r.url()) && /[?&]limit=20(&|$)/.test(r.url()));
    await page.getByRole('button', { name: 'Pagina successiva' }).click();
    await secondPage;
    await page.waitForURL(/[?&]page=2/);
    await page.getByText('Pagina 2 di 2').waitFor();
    await page.getByRole('cell', { name: 'TOS25_01.A03.001.021', exact: true }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'TOS25_01.A03.001.001', exact: true }).count()).toBe(0);
    // A page past the end (an old link) shows the last page.
    await page.goto(`${rt.url}/search?q=TOS25&page=9`);
    await page.waitForURL(/[?&]page=2(&|$)/);
    await page.getByText('Pagina 2 di 2').waitFor();
    await page.getByRole('cell', { name: 'TOS25_01.A03.001.040', exact: true }).first().waitFor();

    // The document page's link: a Tuscan province becomes the filter.
    await page.goto(`${rt.url}/search?q=TOS25_01.A03.001.005&type=price-list&tipologia_dei=nuove_costruzioni&provincia=LU`);
    await page.waitForURL(/tipologia_provincia=LU/);
    await page.getByText('1 risultato per “TOS25_01.A03.001.005”').waitFor();
    await expect.poll(() => page.locator('#search-filter').inputValue()).toBe('LU - Lucca (Toscana)');

    // No result: the suggestions.
    await page.goto(`${rt.url}/search?q=TOS25_99.Z99.001&anno=2024`);
    await page.getByText('Nessun risultato trovato').waitFor();
    await page.getByRole('button', { name: 'Cerca “TOS25_99.Z99”' }).waitFor();
    await shot(page, 'search-no-results');
    await page.getByRole('button', { name: 'Rimuovi i filtri' }).click();
    await page.waitForURL(`${rt.url}/search?q=TOS25_99.Z99.001`);
    await page.locator('.p-dropdown', { has: page.locator('#search-anno') }).locator('.p-dropdown-label', { hasText: 'Tutti' }).waitFor();

    // An empty term.
    await page.fill('#search-q', '');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page.getByText('Inserisci un termine di ricerca').waitFor();
    await page.context().close();
  });

  it('a DEI list chosen as Toscana: a loud alert above the preview, and the import waits for an explicit confirmation', async () => {
    // Prepare: DEI codes, with a chapter row above its articles.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('DEI');
    ws.addRow(['Codice', 'Descrizione', 'U.M.', 'Prezzo']);
    ws.addRow(['A15', 'SCAVI E RINTERRI']);
    for (let i = 1; i <= 5; i++) ws.addRow([`A1501${i}a`, `Scavo di prova ${i}`, 'mc', 5 + i]);
    const file = path.join(tmpDir, 'dei-come-toscana.xlsx');
    await wb.xlsx.writeFile(file);
    const page = await newPage();
    await loginAsAdmin(page);
    await open(page, '/upload-prezzario-toscana', 'Carica prezzario Toscana');
    // Act
    await page.setInputFiles('#prezzario-file', file);
    await pickDropdown(page, 'prezzario-key', 'PISA');
    await pickDropdown(page, 'prezzario-anno', '2025');
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    // Assess: the alert is above the table, the confirmation waits for the checkbox.
    const alert = page.getByTestId('source-alert');
    await alert.getByText('il file sembra un prezzario DEI, non un prezzario Toscana', { exact: false }).waitFor({ timeout: 45_000 });
    await page.getByText('Prime 5 righe di 5').waitFor();
    const confirm = page.getByRole('button', { name: 'Conferma Importazione' });
    expect(await confirm.isDisabled()).toBe(true);
    await shot(page, 'upload-toscana-source-alert');
    const findings = await auditPage(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.getByLabel('Ho verificato il file: importarlo comunque come Prezzario Toscana PISA 2025').check();
    expect(await confirm.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Annulla' }).click();
    await page.getByText('Operazione annullata.').waitFor();
    await page.context().close();
  });

  it('admin manages code patterns and DEI typologies', async () => {
    const page = await newPage();
    await loginAsAdmin(page);

    await open(page, '/admin/patterns', 'Gestione Pattern Codici');
    // An unsafe expression: the server's Italian message stays in the modal.
    await page.getByRole('button', { name: 'Nuovo Pattern' }).click();
    await page.fill('#pattern-pattern', '(a+)+$');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.locator('.p-dialog').getByText('Errore durante il salvataggio del pattern').waitFor();
    await page.locator('.p-dialog').getByText('Espressione regolare rifiutata', { exact: false }).waitFor();
    await page.fill('#pattern-pattern', '^TOS(\\d{2})-');
    await page.fill('#pattern-replacement', 'TOS$1_');
    await page.fill('#pattern-notes', 'Trattino dopo l’anno');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Pattern creato con successo').waitFor();
    await page.locator('tr', { hasText: '^TOS(\\d{2})-' }).getByText('Trattino dopo l’anno').waitFor();
    await page.getByLabel('Codice da provare').fill('tos25-01.a03.001');
    await page.getByTestId('pattern-test-result').getByText('TOS25_01.A03.001').waitFor();
    await shot(page, 'patterns');

    await open(page, '/admin/tipologie-dei', 'Tipologie DEI');
    await page.getByRole('button', { name: 'Nuova Tipologia' }).click();
    await page.fill('#tipologia-value', '  opere_stradali ');
    await page.fill('#tipologia-description', 'OPERE STRADALI');
    await page.getByRole('button', { name: 'Crea Tipologia' }).click();
    await page.getByText('Tipologia creata con successo').waitFor();
    const row = page.locator('tr', { hasText: 'opere_stradali' });
    await row.getByText('Attiva', { exact: true }).waitFor();

    // The same value again: 409.
    await page.getByRole('button', { name: 'Nuova Tipologia' }).click();
    await page.fill('#tipologia-value', 'opere_stradali');
    await page.fill('#tipologia-description', 'Doppione');
    await page.getByRole('button', { name: 'Crea Tipologia' }).click();
    await page.locator('.p-dialog').getByText('Una tipologia con questo valore esiste già').waitFor();
    await shot(page, 'tipologie-duplicate');
    await page.locator('.p-dialog').getByRole('button', { name: 'Annulla' }).click();

    // Toggle it off and on.
    await row.getByRole('button', { name: 'Disattiva opere_stradali' }).click();
    await page.getByText('Stato tipologia aggiornato').waitFor();
    await row.getByText('Disattiva', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Attiva opere_stradali' }).waitFor();
    await shot(page, 'tipologie');
    await page.context().close();
  });

  it('CSV data page starts empty, and the debug page runs both test calls', async () => {
    const page = await newPage();
    await loginAsAdmin(page);
    await open(page, '/csv-data', 'Dati CSV');
    await page.getByRole('button', { name: 'Mostra tutti i dati' }).click();
    await page.getByText('Nessun risultato trovato').waitFor();
    const csv = path.join(tmpDir, 'dati.csv');
    fs.writeFileSync(csv, 'Codice;Descrizione;U.M.;Prezzo\nCSV.A01.001;Voce di prova dai dati csv;m;12,50\nCSV.A01.002;Seconda voce;mq;7,00\n');
    await page.setInputFiles('#csv-file', csv);
    await page.getByRole('button', { name: 'Carica CSV' }).click();
    await page.getByText('Dati CSV importati: 2 righe.').waitFor();
    await page.getByRole('cell', { name: 'CSV.A01.001', exact: true }).waitFor();
    await page.getByTestId('csv-total').getByText('2 risultati').waitFor();
    await page.getByLabel('Cerca nei dati CSV', { exact: true }).last().fill('Seconda');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page.waitForURL(`${rt.url}/csv-data?search=Seconda`);
    await page.getByTestId('csv-total').getByText('1 risultato').waitFor();
    await page.getByRole('cell', { name: '7,00 €' }).waitFor();
    await shot(page, 'csv-data');

    await page.goto(`${rt.url}/api-debug`);
    await page.getByRole('button', { name: 'Testa connessione' }).click();
    await page.getByTestId('db-status').getByText('Latenza database').waitFor();
    await page.getByRole('button', { name: 'Leggi schema' }).click();
    await page.getByText('tabelle, risposta in', { exact: false }).waitFor();
    await shot(page, 'api-debug');
    await page.context().close();
  });
});
