/**
 * Importing an Excel computo in Chromium: the upload screen shows the columns it chose for a
 * spreadsheet it is not sure of, the user confirms, the document opens with its rows priced
 * against the Lucca price list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedBrowser } from '../support/shared.ts';
import { importLuccaList } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let tmpDir: string;

const LIST = [
  { codice: 'TOS25_01.A04.001.001', descrizione: 'Scavo di sbancamento', um: 'm³', prezzo: 16 },
  { codice: 'TOS25_01.A05.002.001', descrizione: 'Trasporto a discarica', um: 'm³', prezzo: 5 },
  { codice: 'TOS25_07.B12.001.002', descrizione: 'Pavimentazione in masselli', um: 'm²', prezzo: 12 },
];

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-import-e2e-'));
  const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, token, LIST);
}, 120_000);
afterAll(async () => {
  await rt?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe('an Excel computo in Chromium', () => {
  it('shows the chosen columns, imports the rows exactly and prices them', async () => {
    // Prepare: a computo whose headers no synonym knows; the amounts are the office's own.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Computo lavori');
    ws.addRow(['Art.', 'Lavori', 'Mis.', 'Q.', '€/u', '€']);
    ws.addRow(['TOS25_01.A04.001.001', 'Scavo di sbancamento con mezzi meccanici', 'm³', 40, 15.25, { formula: 'D2*E2', result: 610 }]);
    ws.addRow(['TOS25_01.A05.002.001', 'Trasporto a discarica autorizzata', 'm³', 25.5, 4.8, { formula: 'D3*E3', result: 122.4 }]);
    ws.addRow(['TOS25_07.B12.001.002', 'Pavimentazione in masselli autobloccanti', 'm²', 22, 11.2, { formula: 'D4*E4', result: 246.4 }]);
    const file = path.join(tmpDir, 'computo cortile.xlsx');
    fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD);
    page.setDefaultTimeout(30_000);

    // Act: choose the file; the columns are shown for confirmation
    await page.goto(`${rt.url}/upload`);
    await page.setInputFiles('#pdf-file', file);
    const mapping = page.getByTestId('column-mapping');
    await mapping.waitFor();
    const chosen = (field: string) => page.locator('.p-dropdown', { has: page.locator(`#map-${field}`) }).locator('.p-dropdown-label').innerText();
    expect(await chosen('codice')).toBe('Art.');
    expect(await chosen('descrizione')).toBe('Lavori');
    expect(await chosen('unita_di_misura')).toBe('Mis.');
    expect(await chosen('quantita')).toBe('Q.');
    expect(await chosen('unitario')).toBe('€/u');
    expect(await chosen('totale')).toBe('€');
    const preview = page.getByTestId('column-mapping-preview');
    await preview.getByText('Trasporto a discarica autorizzata').waitFor();
    expect((await preview.locator('tbody tr').first().innerText()).split('\t').map((s) => s.trim())).toEqual(['TOS25_01.A04.001.001', 'Scavo di sbancamento con mezzi meccanici', 'm³', '40,00', '15,25', '610,00']);

    await page.locator('#provincia').pressSequentially('Luc', { delay: 30 });
    await page.getByRole('option', { name: /^LU - Lucca/ }).click();
    await page.locator('.p-dropdown', { has: page.locator('#tipologia-dei') }).click();
    await page.getByRole('option', { name: 'NUOVE COSTRUZIONI' }).click();
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();

    // Assess: the document opens with its 3 rows, as the file holds them, each with a reference price
    await page.waitForURL(/\/documents\/\d+$/, { timeout: 90_000 });
    await page.getByTestId('document-filename').getByText('computo cortile.xlsx').waitFor();
    await page.getByTestId('document-status').getByText('Completato').waitFor();
    await page.getByTestId('row-count').getByText('3', { exact: true }).waitFor();
    const text = async (id: string) => (await page.getByTestId(id).innerText()).replace(/\s+/g, ' ').trim();
    // 610 + 122,40 + 246,40
    expect(await text('rows-sum')).toBe('978,80 €');
    expect(await text('coverage')).toBe('3 su 3');
    // 40 × 16 + 25,5 × 5 + 22 × 12 = 640 + 127,50 + 264
    expect(await text('total-db')).toBe('1.031,50 €');
    await page.locator('.doc-rows-table').getByText('Pavimentazione in masselli autobloccanti').waitFor();
    await page.context().close();
  }, 180_000);
});
