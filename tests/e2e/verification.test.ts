/**
 * Issue 24 in Chromium: the "Verifica" tab of the planted computo (one defect per rule) shows the
 * score, the traffic light, the formula and one line per check with its outcome and rows; a row
 * link brings the row up in the table; the threshold is saved from the tab; axe-core finds
 * nothing; at 390 px nothing overflows. Screenshots at 1366 and 390 px go to VERIFICA_SHOTS (or a
 * temporary folder).
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
import { importLuccaList } from '../support/price-lists.ts';
import { PLANTED, VERIFICATION_LIST, verificationComputo } from '../support/verification-computo.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const shots = process.env.VERIFICA_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'computa-verifica-'));
fs.mkdirSync(shots, { recursive: true });

let rt: TestRuntime;
let browser: Browser;
let token: string;
let id: number;
let rows: Array<{ id: number; tariffa: string }>;

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, token, VERIFICATION_LIST);
  ({ id } = await uploadPdf(rt.url, token, (await verificationComputo()).file, 'palestra.xlsx'));
  await waitForAnalysis(rt.url, token, id, 240_000);
  rows = (await apiClient(rt.url)('GET', `/api/documents/${id}/rows`, { token })).json.data.map((r: any) => r.attributes);
}, 300_000);
afterAll(async () => {
  await rt?.close();
  console.log(`screenshots: ${shots}`);
});

async function openTab(page: Page) {
  await page.goto(`${rt.url}/documents/${id}`);
  await page.getByRole('tab', { name: 'Verifica' }).click();
  await page.getByTestId('verification-panel').waitFor();
}

/** Types into the threshold field as a person does (PrimeReact's number field reads keystrokes), then saves. */
async function setThreshold(page: Page, value: string) {
  const input = page.locator('#ver-soglia');
  await input.click();
  await input.press('Control+A');
  await input.press('Backspace');
  await input.pressSequentially(value);
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${id}/verification`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salva soglia' }).click();
  expect((await saved).status(), await input.inputValue()).toBe(200);
}

const check = (page: Page, regola: string) => page.locator(`li[data-regola="${regola}"]`);

describe('the Verifica tab', () => {
  it('shows score, light, formula and every check with its planted rows; a row link shows the row', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    // Act
    await openTab(page);
    // Assess
    expect(await page.getByTestId('verification-score').innerText()).toBe('0');
    expect(await page.getByRole('img', { name: /Semaforo rosso/ }).count()).toBe(1);
    expect(await page.getByTestId('verification-formula').innerText()).toContain('100 − 20 × controlli in errore');
    for (const [regola, codes] of Object.entries(PLANTED)) {
      const links = check(page, regola).locator('.ver-row-link');
      expect(await links.count(), regola).toBe(codes.length);
      for (const [i, code] of codes.entries()) expect(await links.nth(i).innerText(), regola).toContain(code);
    }
    expect(await check(page, 'aritmetica').locator('.p-tag').innerText()).toBe('Errore');
    expect(await check(page, 'nuovi_prezzi').innerText()).toContain('nuovo prezzo (NP)');
    await page.screenshot({ path: path.join(shots, 'verifica-1366.png'), fullPage: true });
    const findings = await auditPage(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // Act: the row of the arithmetic defect
    await check(page, 'aritmetica').locator('.ver-row-link').first().click();
    // Assess: back on the rows, the row in view
    await page.getByRole('tab', { name: 'Voci', selected: true }).waitFor();
    const target = rows.find((r) => r.tariffa === 'C.03')!;
    await page.locator(`[data-row-id="${target.id}"]`).first().waitFor();
    expect(await page.locator(`[data-row-id="${target.id}"]`).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('saves the threshold from the tab', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await openTab(page);
    expect(await check(page, 'scostamento_prezzo').locator('.p-tag').innerText()).toBe('Avviso');
    // Act
    await setThreshold(page, '35');
    // Assess
    await check(page, 'scostamento_prezzo').locator('.p-tag', { hasText: 'Superato' }).waitFor();
    await page.reload();
    await page.getByTestId('verification-panel').waitFor();
    expect(await page.inputValue('#ver-soglia')).toBe('35 %');
    await setThreshold(page, '20');
    await check(page, 'scostamento_prezzo').locator('.p-tag', { hasText: 'Avviso' }).waitFor();
    await page.context().close();
  });

  it('downloads the review as a PDF report', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await openTab(page);
    // Act
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica rapporto PDF' }).click()]);
    // Assess
    expect(file.suggestedFilename()).toMatch(/^verifica_\d+\.pdf$/);
    expect(fs.readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });

  it('reads at 390 px without overflowing, and is axe-clean there too', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 390);
    await page.goto(`${rt.url}/documents/${id}?tab=verifica`);
    await page.getByTestId('verification-panel').waitFor();
    await page.screenshot({ path: path.join(shots, 'verifica-390.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const findings = await auditPage(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.context().close();
  });
});
