import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedBrowser } from '../support/shared.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { importLuccaList } from '../support/price-lists.ts';
import { simpleComputoPdf } from '../support/simple-computo.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let token: string;
let documentId: number;

const LIST = [
  { codice: 'TOS25_04.E02.015.001', descrizione: 'Pozzetto prefabbricato in calcestruzzo 50x50x50 cm', um: 'cad', prezzo: '84,30' },
  { codice: 'TOS25_04.E02.016.001', descrizione: 'Pozzetto prefabbricato in calcestruzzo 80x80x80 cm', um: 'cad', prezzo: '152,10' },
  { codice: 'TOS25_04.E03.001.001', descrizione: 'Chiusino in ghisa sferoidale classe D400', um: 'cad', prezzo: '210,00' },
  { codice: 'TOS25_01.A03.001.001', descrizione: 'Scavo a sezione obbligata con mezzi meccanici', um: 'mc', prezzo: '9,80' },
  { codice: 'TOS25_06.D05.002.001', descrizione: 'Geotessile non tessuto in polipropilene 300 g/mq', um: 'mq', prezzo: '3,20' },
];

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, token, LIST);
  // A computo whose second voce takes a list article under a new-price code: no price by the rules.
  const pdf = await simpleComputoPdf(
    [
      { code: 'A.01.001', description: 'Scavo a sezione obbligata', unit: 'mc', quantity: 10, price: 9.5, amount: 95 },
      { code: 'NP.01', description: 'Pozzetto prefabbricato 80x80x80 cm', unit: 'cad', quantity: 2, price: 150, amount: 300 },
    ],
    395,
  );
  ({ id: documentId } = await uploadPdf(rt.url, token, pdf, 'np.pdf'));
  await waitForAnalysis(rt.url, token, documentId);
}, 120_000);
afterAll(async () => {
  await rt?.close();
});

describe('suggested prices in Chromium', () => {
  it('a row without a price offers similar articles; Applica prices it with source "suggerito"', async () => {
    // Prepare
    const rows = ((await apiClient(rt.url)('GET', `/api/documents/${documentId}/rows`, { token })).json.data as Array<{ attributes: any }>).map((r) => r.attributes);
    const np = rows.find((r) => r.tariffa === 'NP.01')!;
    expect(np, JSON.stringify(rows.map((r) => [r.tariffa, r.descrizione, r.prezzo_db]))).toBeTruthy();
    expect(np.prezzo_db).toBeNull();
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${rt.url}/documents/${documentId}`);
    const row = page.locator('.doc-rows-table tbody tr').filter({ hasText: 'NP.01' });
    await row.waitFor({ timeout: 30_000 });

    // Act: open the row, apply the first suggestion
    await row.getByRole('button', { name: 'Modifica riga' }).click();
    const dialog = page.getByRole('dialog', { name: `Modifica riga N° ${np.row_index}` });
    const suggestions = dialog.getByTestId('price-suggestion');
    await suggestions.first().waitFor({ timeout: 30_000 });
    const first = suggestions.first();
    expect(await first.textContent()).toContain('TOS25_04.E02.016.001');
    expect(await first.textContent()).toMatch(/Somiglianza \d+%/);
    expect(await first.textContent()).toContain('152,10');
    await first.getByRole('button', { name: /^Applica/ }).click();

    // Assess: the dialog says so, the table shows the suggested source, the API has it
    await dialog.getByTestId('suggestion-applied').getByText(/Prezzo suggerito applicato: TOS25_04\.E02\.016\.001/).waitFor();
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await row.getByTestId('price-source').getByText('SUG').waitFor({ timeout: 15_000 });
    const after = (await apiClient(rt.url)('GET', `/api/rows/${np.id}`, { token })).json.data.attributes;
    expect(after).toMatchObject({ prezzo_db: 152.1, prezzo_totale_db: 304.2, price_source: { list: 'suggerito', code: 'TOS25_04.E02.016.001' } });
    await page.context().close();
  }, 120_000);

  it('/search ranks the inflected query\'s article first and marks the matched words', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD);
    // Act
    await page.goto(`${rt.url}/search?q=${encodeURIComponent('pozzetti prefabbricati 80x80x80')}`);
    // Assess
    const first = page.locator('.pz-table tbody tr').first();
    await first.getByText('TOS25_04.E02.016.001').waitFor({ timeout: 30_000 });
    expect(await first.locator('mark').allTextContents()).toEqual(['Pozzetto', 'prefabbricato', '80x80x80']);
    await page.context().close();
  }, 60_000);
});
