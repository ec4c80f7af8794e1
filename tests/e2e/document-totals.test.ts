/**
 * Honest totals in Chromium: a document shows the total printed in its file ("stampato nel
 * documento") or, when the file prints none, the sum of its voci ("somma delle voci"), never
 * both under one name; "Totale verificato" only when the voci add up to the printed total; after
 * an edit the recomputed sum stands beside the printed total, on the document page and in the
 * list. Screenshots at 1366 and 390 px go to a temporary folder; axe-core finds nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedBrowser } from '../support/shared.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/computi', name));
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-totals-'));

let rt: TestRuntime;
let browser: Browser;
let token: string;
/** computo.xlsx prints TOTALE COMPLESSIVO 7.516,76 €; computo.xpwe prints no total (2.851,27 € of voci). */
let printed: number;
let unprinted: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  ({ id: printed } = await uploadPdf(rt.url, token, fixture('computo.xlsx'), 'offerta.xlsx'));
  ({ id: unprinted } = await uploadPdf(rt.url, token, fixture('computo.xpwe'), 'senza-totale.xpwe'));
  await waitForAnalysis(rt.url, token, printed, 240_000);
  await waitForAnalysis(rt.url, token, unprinted, 240_000);
}, 300_000);
afterAll(async () => {
  await rt?.close();
  console.log(`screenshots: ${shots}`);
});

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

async function expectNoFindings(page: Page, what: string) {
  const findings = await auditPage(page);
  expect(findings, `${what}:\n${describeFindings(findings)}`).toEqual([]);
}

async function openDocument(page: Page, id: number) {
  await page.goto(`${rt.url}/documents/${id}`);
  await page.getByTestId('row-count').waitFor();
  await page.getByTestId('verification').waitFor();
}

describe('document totals say which total they are', () => {
  it('a printed total that the voci match is verified; one without a printed total shows the sum and no verification', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    // Act
    await openDocument(page, printed);
    // Assess
    expect(await text(page, 'total-original')).toBe('7.516,76 €');
    expect(await text(page, 'total-source')).toBe('stampato nel documento');
    expect(await text(page, 'verification')).toBe('Totale verificato: la somma delle voci corrisponde al totale stampato nel documento');
    // The percentage voce: the base as quantity, the rate shown as a rate (3%), not as 0,03 €
    // (the rows table's, not the labour and safety table's row of the same name)
    const percent = page.locator('tr', { hasText: 'Oneri della sicurezza' }).filter({ hasText: '3,00%' });
    expect((await percent.innerText()).replace(/\s+/g, ' ')).toContain('% 7.297,83 3,00% 218,93 €');
    // Act
    await openDocument(page, unprinted);
    // Assess
    expect(await text(page, 'total-original')).toBe('2.851,27 €');
    expect(await text(page, 'total-source')).toBe('somma delle voci: il documento non stampa un totale');
    expect(await page.getByText('Totale verificato').count()).toBe(0);
    expect(await text(page, 'verification')).toContain('Verifica non disponibile');
  });

  it('after an edit the recomputed sum stands beside the printed total, on the page and in the list, and the total is no longer verified', async () => {
    // Prepare: the first voce's quantity 120,50 → 121,50 (× 12,30 = 1.494,45): the voci now add up to 7.529,06
    const call = apiClient(rt.url);
    const rows = (await call('GET', `/api/documents/${printed}/rows`, { token })).json.data;
    const first = rows.find((r: any) => (r.attributes ?? r).row_index === 1);
    const put = await call('PUT', `/api/rows/${first.id}`, { token, body: { quantita: 121.5, totale: 1494.45 } });
    expect(put.status).toBe(200);
    for (const width of [1366, 390]) {
      const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);
      // Act: the document page
      await openDocument(page, printed);
      // Assess
      expect(await text(page, 'total-original')).toBe('7.516,76 €');
      expect(await text(page, 'total-source')).toBe('stampato nel documento');
      expect(await text(page, 'total-recomputed')).toBe('somma delle voci: 7.529,06 €');
      expect(await page.getByText('Totale verificato').count()).toBe(0);
      expect(await text(page, 'verification')).toBe('Totale non congruente: somma delle voci 7.529,06 € ≠ totale stampato nel documento 7.516,76 €');
      await page.screenshot({ path: path.join(shots, `documento-${width}.png`), fullPage: true });
      await expectNoFindings(page, `document page at ${width} px`);

      // Act: the list
      await page.goto(`${rt.url}/documents`);
      const edited = page.getByTestId('list-total').filter({ hasText: '7.516,76' });
      await edited.waitFor();
      // Assess: the printed total, which it is, and the recomputed sum beside it; the other document's sum says so
      expect((await edited.innerText()).replace(/\s+/g, ' ').trim()).toBe('7.516,76 € stampato nel documento somma delle voci 7.529,06 €');
      const sumOnly = page.getByTestId('list-total').filter({ hasText: '2.851,27' });
      expect((await sumOnly.innerText()).replace(/\s+/g, ' ').trim()).toBe('2.851,27 € somma delle voci');
      await page.screenshot({ path: path.join(shots, `elenco-${width}.png`), fullPage: true });
      await expectNoFindings(page, `documents list at ${width} px`);
      await page.context().close();
    }
  });
});
