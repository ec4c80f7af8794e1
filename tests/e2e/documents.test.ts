import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser } from '../support/shared.ts';
import { CORPUS_PDF } from '../support/corpus.ts';
import { ADMIN_PASSWORD, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const CORPUS = CORPUS_PDF;

let rt: TestRuntime;
let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-docs-e2e-'));
});
afterAll(async () => {
  await rt?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${rt.url}/login`);
  await page.fill('#username', 'admin');
  await page.fill('#password', ADMIN_PASSWORD);
  await page.click('button[type=submit]');
  await page.getByText('Benvenuto, admin!').waitFor();
  return page;
}

/** Fills the upload form: a file, 'LU - Lucca' from the type-ahead, the first typology. */
async function fillUploadForm(page: Page, file: string) {
  await page.goto(`${rt.url}/upload`);
  await page.getByRole('heading', { name: 'Carica Documento PDF' }).waitFor();
  await page.setInputFiles('#pdf-file', file);
  await page.getByTestId('selected-file').getByText(path.basename(file)).waitFor();
  await page.locator('#provincia').pressSequentially('Luc', { delay: 30 });
  await page.getByRole('option', { name: /^LU - Lucca/ }).click();
  expect(await page.locator('#provincia').inputValue()).toBe('LU - Lucca (Toscana)');
  await page.locator('.p-dropdown', { has: page.locator('#tipologia-dei') }).click();
  await page.getByRole('option', { name: 'NUOVE COSTRUZIONI' }).click();
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

describe('documents: upload, detail, list and delete in Chromium', () => {
  it('uploads primus_medium.pdf, opens its 60 rows with the verified total, lists it and deletes it', async () => {
    const page = await adminPage();
    await fillUploadForm(page, path.join(CORPUS, 'primus_medium.pdf'));
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    await page.getByTestId('upload-progress').waitFor();
    await page.getByText('Elaborazione in corso...').first().waitFor();

    // Success navigates to the document.
    await page.waitForURL(/\/documents\/\d+$/, { timeout: 90_000 });
    const id = page.url().split('/').pop();
    await page.getByTestId('document-filename').getByText('primus_medium.pdf').waitFor();
    await page.getByTestId('document-status').getByText('Completato').waitFor();
    await page.getByTestId('row-count').getByText('60', { exact: true }).waitFor();
    expect(await text(page, 'total-original')).toBe('1.313.188,00 €');
    expect(await text(page, 'total-db')).toBe('—');
    await page.getByText('Totale verificato: la somma delle voci corrisponde al totale stampato nel documento').waitFor();
    expect(await page.locator('.doc-verify-ok').count()).toBe(1);
    expect(await text(page, 'rows-sum')).toBe('1.313.188,00 €');

    // The row search filters on tariff and description.
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill('A001.020.02');
    await page.getByTestId('rows-footer').getByText('di 60').waitFor();
    expect(await text(page, 'row-count')).toBe('1');
    await page.getByPlaceholder('Cerca per tariffa o descrizione...').fill('');

    // The original PDF downloads under its own name.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica originale' }).click()]);
    expect(download.suggestedFilename()).toBe('primus_medium.pdf');
    expect(fs.statSync(await download.path()).size).toBe(fs.statSync(path.join(CORPUS, 'primus_medium.pdf')).size);

    // Inline status edit. "In elaborazione" (the editor's default) is refused by hand on a document
    // not being analysed (issue 26): the reason is shown and the status stays.
    await page.getByRole('button', { name: 'Modifica stato' }).click();
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Lo stato “In elaborazione” non si può impostare a mano: il documento non è in analisi.').first().waitFor();
    await page.locator('.p-dropdown', { has: page.locator('#document-status') }).click();
    await page.getByRole('option', { name: 'Errore' }).click();
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Stato documento aggiornato a: Errore').waitFor();
    await page.getByTestId('document-status').getByText('Errore').waitFor();
    await page.getByRole('button', { name: 'Modifica stato' }).click();
    await page.locator('.p-dropdown', { has: page.locator('#document-status') }).click();
    await page.getByRole('option', { name: 'Completato' }).click();
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Stato documento aggiornato a: Completato').waitFor();

    // The list shows it completed with its row count.
    await page.getByRole('button', { name: 'Torna ai documenti' }).click();
    await page.waitForURL(`${rt.url}/documents`);
    const row = page.locator('tr', { hasText: 'primus_medium.pdf' });
    await row.getByText('Completato').waitFor();
    await row.getByText('N° 60').waitFor();
    await row.getByText('LU', { exact: true }).waitFor();
    await page.getByTestId('stat-total').getByText('1', { exact: true }).waitFor();
    await page.getByText('Mostrati 1 di 1').waitFor();
    await page.getByText('Pagina 1 di 1').waitFor();

    // The local filter.
    await page.getByPlaceholder('Cerca per nome o provincia...').fill('nessuna-corrispondenza');
    await page.getByText('Mostrati 0 di 1').waitFor();
    await page.getByPlaceholder('Cerca per nome o provincia...').fill('LU');
    await page.getByText('Mostrati 1 di 1').waitFor();
    // The province stored as its code is found by its name too
    await page.getByPlaceholder('Cerca per nome o provincia...').fill('lucca');
    await page.getByText('Mostrati 1 di 1').waitFor();

    // Row click opens the detail.
    await row.getByText('primus_medium.pdf').click();
    await page.waitForURL(`${rt.url}/documents/${id}`);
    await page.goBack();

    // Delete through the modal.
    await page.getByRole('button', { name: 'Elimina primus_medium.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    await dialog.getByText('primus_medium.pdf').waitFor();
    await dialog.getByText('irreversibile').waitFor();
    await dialog.getByRole('button', { name: 'Elimina', exact: true }).click();
    await page.getByText('Documento eliminato con successo').waitFor();
    await page.getByText('Nessun documento trovato').waitFor();
    await page.getByTestId('stat-total').getByText('0', { exact: true }).waitFor();

    // The deleted document is gone.
    await page.goto(`${rt.url}/documents/${id}`);
    await page.getByText('Documento non trovato').waitFor();
    await page.getByRole('button', { name: 'Torna ai documenti' }).waitFor();
    await page.context().close();
  }, 300_000); // upload, analysis of 47 pages, and a dozen screens: about 40 s on a quiet machine, minutes on a loaded one

  it('reads a scanned computo: the OCR progress page by page, then its rows marked "da scansione"', async () => {
    const page = await adminPage();
    await fillUploadForm(page, path.join(CORPUS, 'primus_small_scanned.pdf'));
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    await page.getByTestId('ocr-progress').getByText(/^Riconoscimento del testo: pagina [1-3] di 3$/).waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/documents\/\d+$/, { timeout: 90_000 });
    await page.locator('.doc-rows-table tbody tr .p-checkbox').first().waitFor();
    expect(await page.getByTestId('row-count').innerText()).toBe('3');
    expect(await page.locator('.doc-rows-table').getByText('da scansione').count()).toBe(3);
    await page.context().close();
  }, 150_000);

  it('checks the form and shows the server error for a text file renamed .pdf', async () => {
    const page = await adminPage();
    await page.goto(`${rt.url}/upload`);
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    await page.getByText('Per favore, seleziona un file PDF.').waitFor();
    await page.getByText('La provincia è obbligatoria.').waitFor();
    await page.getByText('La tipologia del prezzario DEI è obbligatoria.').waitFor();

    const fake = path.join(tmpDir, 'non_un_pdf.pdf');
    fs.writeFileSync(fake, 'Questo non è un PDF, solo testo.\n'.repeat(20));
    await fillUploadForm(page, fake);
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    await page.getByTestId('upload-progress').getByText('Il file non è un PDF valido.').waitFor();

    // Reset returns to idle and clears everything.
    await page.getByRole('button', { name: 'Reimposta' }).click();
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    expect(await page.getByTestId('selected-file').count()).toBe(0);
    expect(await page.locator('#provincia').inputValue()).toBe('');
    await page.context().close();
  });

  it('cancels a running upload: "Upload annullato", not an error', async () => {
    const page = await adminPage();
    // Hold the upload request so that it is still running when the user cancels.
    await page.route('**/api/upload', async (route) => {
      await new Promise((r) => setTimeout(r, 8000));
      await route.continue().catch(() => undefined);
    });
    await fillUploadForm(page, path.join(CORPUS, 'primus_small.pdf'));
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    const card = page.getByTestId('upload-progress');
    await card.getByRole('button', { name: 'Annulla' }).click();
    await card.getByText('Upload annullato').waitFor();
    expect(await card.locator('.alert-error').count()).toBe(0);
    // The form is usable again.
    expect(await page.getByRole('button', { name: 'Carica e Analizza' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
