/**
 * The contractor's offer of issue 38 (tests/fixtures/computi/offerta-impresa.xlsx) on the upload
 * page in Chromium: its column evidence is not unanimous (a count column under UNITA', two
 * QUANTITA'), so before anything is saved the page shows the columns it chose, why, and three voci
 * as they will be imported; the user confirms and the document holds the 91 voci with the file's
 * declared total, reported as different from their sum.
 */
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { ADMIN_PASSWORD, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;

const OFFER = path.resolve(__dirname, '../fixtures/computi/offerta-impresa.xlsx');

beforeAll(async () => {
  rt = await sharedApp();
  browser = await sharedBrowser();
}, 120_000);

describe("a contractor's offer on the upload page", () => {
  it('shows the chosen columns with why and three voci, then imports what the user confirmed', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD);
    page.setDefaultTimeout(30_000);
    await page.goto(`${rt.url}/upload`);
    // Act
    await page.setInputFiles('#pdf-file', OFFER);
    const mapping = page.getByTestId('column-mapping');
    await mapping.waitFor();
    // Assess: U is the unit, the amount is IMPORTO, and the page says where the evidence was split
    const chosen = (field: string) => page.locator('.p-dropdown', { has: page.locator(`#map-${field}`) }).locator('.p-dropdown-label').innerText();
    expect(await chosen('unita_di_misura')).toBe('U');
    expect(await chosen('quantita')).toBe("QUANTITA' (K)");
    expect(await chosen('totale')).toBe('IMPORTO');
    const doubts = await page.getByTestId('column-mapping-doubts').innerText();
    expect(doubts).toContain("La colonna «UNITA'» contiene numeri, non unità di misura.");
    expect(doubts).toContain("2 colonne per Quantità: scelta «QUANTITA'» (colonna K), quella su cui quantità × prezzo = importo.");
    const rows = page.getByTestId('column-mapping-preview').locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await mapping.innerText()).toContain('Prime 3 voci lette con queste colonne, su 91 voci');
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR ?? os.tmpdir(), 'fogli-reali-mappatura.png'), fullPage: true });

    // Act: the user confirms
    await page.locator('#provincia').pressSequentially('Pis', { delay: 30 });
    await page.getByRole('option', { name: /^PI - Pisa/ }).click();
    await page.locator('.p-dropdown', { has: page.locator('#tipologia-dei') }).click();
    await page.getByRole('option', { name: 'NUOVE COSTRUZIONI' }).click();
    await page.getByRole('button', { name: 'Carica e Analizza' }).click();
    // Assess
    await page.waitForURL(/\/documents\/\d+$/, { timeout: 90_000 });
    await page.getByTestId('document-status').getByText('Completato').waitFor({ timeout: 90_000 });
    await page.getByTestId('row-count').getByText('91', { exact: true }).waitFor();
    expect((await page.getByTestId('rows-sum').innerText()).replace(/\s+/g, ' ').trim()).toBe('912.330,61 €');
    await page.context().close();
  }, 240_000);
});
