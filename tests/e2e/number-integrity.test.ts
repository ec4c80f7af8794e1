/**
 * Issue 36 in Chromium: the edit dialog updates Totale and "Quantità × prezzo = …" as the person
 * types (the shared product rule, half-up, exact), sends no amount of its own computing, and the
 * edited row carries a marker whose original values show on hover and on keyboard focus.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loggedInPage } from '../support/browser.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let token: string;
let api: ReturnType<typeof apiClient>;

const xpwe = readFileSync(path.resolve(__dirname, '../fixtures/computi/computo.xpwe'));
const SHOTS = process.env.COMPUTA_SHOTS;

async function rowsOf(id: number) {
  const res = await api('GET', `/api/documents/${id}/rows`, { token });
  return (res.json.data as Array<{ attributes: Record<string, any> }>).map((r) => r.attributes);
}

const rowByIndex = (page: Page, n: number) => page.locator('.doc-rows-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${n}$`) }) });

beforeAll(async () => {
  rt = await startTestRuntime();
  api = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await api('POST', '/api/admin/users', { token: admin, body: { username: 'stima', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'stima', 'password-di-prova');
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 240_000);

afterAll(async () => {
  await closeBrowser?.();
  await rt?.close();
});

describe('the numbers of an edited row', () => {
  it('follow the product rule while typing, reach the server without a computed amount, and mark the row with what was read', async () => {
    // Prepare: voce 4 is 1 cad × 120,00 = 120,00
    const upload = await uploadPdf(rt.url, token, xpwe, 'numeri.xpwe');
    await waitForAnalysis(rt.url, token, upload.id);
    const page = await loggedInPage(browser, rt.url, 'stima', 'password-di-prova');
    await page.goto(`${rt.url}/documents/${upload.id}`);
    await page.getByTestId('row-count').getByText('4', { exact: true }).waitFor();
    expect(await page.getByTestId('row-edited').count()).toBe(0);
    const sent: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && /\/api\/rows\/\d+$/.test(req.url())) sent.push(req.postDataJSON());
    });
    await rowByIndex(page, 4).getByRole('button', { name: 'Modifica riga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica riga N° 4' });
    await dialog.waitFor();

    // Act 1: a quantity typed, key by key, without leaving the field
    const quantity = page.locator('#row-quantita');
    await quantity.click();
    await quantity.press('Control+a');
    await quantity.pressSequentially('10,125');
    // Assess 1: 10,125 × 120,00 = 1.215,00 shown while the focus is still in Quantità
    expect(await quantity.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByTestId('product-check').getByText('Quantità × prezzo = 1.215,00', { exact: false }).waitFor();
    await dialog.getByTestId('product-check').getByText('(uguale al totale)', { exact: false }).waitFor();
    expect(await page.locator('#row-totale').inputValue()).toBe('1.215,00');

    // Act 2: a price with cents that rounds half-up: 10,125 × 0,05 = 0,50625 -> 0,51
    const price = page.locator('#row-unitario');
    await price.click();
    await price.press('Control+a');
    await price.pressSequentially('0,05');
    await dialog.getByTestId('product-check').getByText('Quantità × prezzo = 0,51', { exact: false }).waitFor();
    expect(await page.locator('#row-totale').inputValue()).toBe('0,51');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Assess 2: quantity and price sent, the amount computed by the server
    expect(sent).toEqual([expect.objectContaining({ quantita: 10.125, unitario: 0.05 })]);
    expect(sent[0]).not.toHaveProperty('totale');
    const row = (await rowsOf(upload.id))[3];
    expect(row).toMatchObject({ quantita: 10.125, unitario: 0.05, totale: 0.51, modificata: true, letto: { quantita: 1, unitario: 120, totale: 120 } });

    // Act 3: the marker, reached by the keyboard
    const mark = rowByIndex(page, 4).getByTestId('row-edited');
    await mark.waitFor();
    expect(await mark.evaluate((el) => el.tagName)).toBe('BUTTON');
    await mark.focus();
    // Assess 3: the original values on focus, and on hover
    const note = 'Modificata a mano; letto dal file: quantità 1,00; prezzo unitario 120,00; totale 120,00';
    const tooltip = page.locator('.p-tooltip').filter({ hasText: note });
    await tooltip.waitFor();
    expect(await mark.getAttribute('aria-label')).toBe(note);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'issue36-edited-row-focus.png') });
    await mark.blur();
    await tooltip.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0);
    await mark.hover();
    await tooltip.waitFor();
    const findings = await auditPage(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
