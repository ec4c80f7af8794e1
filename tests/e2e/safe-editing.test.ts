/**
 * Safe editing in Chromium: merging two complete voci warns that the first amount leaves the
 * document and, when code and price agree, adds the quantities; an emptied quantity or price is
 * refused in the dialog; the server's refusal shows inside the dialog, beside a character counter.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let token: string;
let api: ReturnType<typeof apiClient>;

const xpwe = readFileSync(path.resolve(__dirname, '../fixtures/computi/computo.xpwe'));

async function rowsOf(id: number) {
  const res = await api('GET', `/api/documents/${id}/rows`, { token });
  return (res.json.data as Array<{ attributes: Record<string, any> }>).map((r) => r.attributes);
}

/** A fresh copy of computo.xpwe (4 voci; voci 2 and 3 share code and price: 31,50 and 40,00 × 23,15). */
async function freshDocument(name: string): Promise<number> {
  const res = await uploadPdf(rt.url, token, xpwe, name);
  expect(res.status).toBe(201);
  await waitForAnalysis(rt.url, token, res.id);
  return res.id;
}

const rowByIndex = (page: Page, n: number) => page.locator('.doc-rows-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${n}$`) }) });
const toggleRow = (page: Page, n: number) => rowByIndex(page, n).locator('td').first().locator('.p-checkbox').click();

/** Types into a PrimeReact number field as a person does (it listens to keys, not to `fill`); '' empties it. */
async function typeNumber(page: Page, selector: string, text: string) {
  const input = page.locator(selector);
  await input.click();
  await input.press('Control+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
  await input.press('Tab');
}

async function openDocument(id: number): Promise<Page> {
  const page = await loggedInPage(browser, rt.url, 'giulia', 'password-di-prova');
  await page.goto(`${rt.url}/documents/${id}`);
  await page.getByTestId('row-count').getByText('4', { exact: true }).waitFor();
  return page;
}

beforeAll(async () => {
  rt = await sharedApp();
  api = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await api('POST', '/api/admin/users', { token: admin, body: { username: 'giulia', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'giulia', 'password-di-prova');
  browser = await sharedBrowser();
}, 240_000);


describe('merging two complete voci', () => {
  it('warns that the first amount leaves the document, and adds the quantities when asked (code and price agree)', async () => {
    // Prepare
    const id = await freshDocument('somma.xpwe');
    const [, second, third] = await rowsOf(id);
    const page = await openDocument(id);
    await toggleRow(page, 2);
    await toggleRow(page, 3);
    // Act
    await page.getByRole('button', { name: 'Unisci', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Conferma unione righe' });
    // Assess: the warning names the amount that would leave, and the sum is offered.
    const warning = dialog.getByTestId('merge-complete-warning');
    await warning.getByText('Entrambe le righe sono voci complete: la riga unita terrà quantità, prezzo e totale della seconda riga', { exact: false }).waitFor();
    expect(await warning.innerText()).toContain('729,23');
    await dialog.getByText('somma le quantità (31,50 + 40,00 = 71,50, totale 1.655,23', { exact: false }).waitFor();
    await dialog.locator('label[for=merge-sum]').click();
    await dialog.getByRole('button', { name: 'Unisci' }).click();
    await page.getByText('Righe unite con successo').waitFor();
    await page.getByTestId('row-count').getByText('3', { exact: true }).waitFor();
    const merged = (await rowsOf(id)).find((r) => r.id === second.id)!;
    // 71,50 × 23,15 = 1.655,225 → 1.655,23 (half-up); both amounts stay in the document.
    expect(merged).toMatchObject({ quantita: 71.5, unitario: 23.15, totale: 1655.23 });
    expect((await api('GET', `/api/documents/${id}`, { token })).json.data.attributes.sum_totale).toBe(1076.04 + 1655.23 + 120);
    expect((await rowsOf(id)).some((r) => r.id === third.id)).toBe(false);
    await page.context().close();
  });

  it('asks which article to keep when codes differ, and merges by the product rule', async () => {
    // Prepare
    const id = await freshDocument('diverse.xpwe');
    const [first, second] = await rowsOf(id);
    const page = await openDocument(id);
    await toggleRow(page, 1);
    await toggleRow(page, 2);
    // Act
    await page.getByRole('button', { name: 'Unione rapida' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unione rapida' });
    const choice = dialog.getByTestId('merge-article-choice');
    await choice.waitFor();
    const unisci = dialog.getByRole('button', { name: 'Unisci' });
    expect(await unisci.isDisabled()).toBe(true);
    await choice.locator('label[for=merge-article-seconda]').click();
    // Assess: the outcome shows the chosen article's code and price, the amount by the rule.
    await dialog.getByTestId('merge-outcome').getByText(second.tariffa, { exact: false }).waitFor();
    await unisci.click();
    await page.getByText('Righe unite con successo').waitFor();
    const merged = (await rowsOf(id)).find((r) => r.id === first.id)!;
    expect(merged).toMatchObject({ tariffa: second.tariffa, quantita: second.quantita, unitario: second.unitario, totale: second.totale, modificata: true });
    await page.context().close();
  });
});

describe('the edit dialog', () => {
  it('refuses an emptied quantity or unit price, and shows the server refusal inside itself with a character counter', async () => {
    // Prepare
    const id = await freshDocument('modifica.xpwe');
    const [row] = await rowsOf(id);
    const page = await openDocument(id);
    await rowByIndex(page, 1).getByRole('button', { name: 'Modifica riga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica riga N° 1' });
    await dialog.waitFor();
    // Act: the unit price emptied
    await typeNumber(page, '#row-unitario', '');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    // Assess: refused in the dialog, nothing sent
    await dialog.getByTestId('edit-row-error').getByText('Inserisci il prezzo unitario: un campo vuoto non viene salvato come 0.').waitFor();
    expect((await rowsOf(id))[0]).toMatchObject({ unitario: row.unitario, totale: row.totale });
    // Act: the quantity emptied (the price typed back)
    await typeNumber(page, '#row-unitario', '85,40');
    await typeNumber(page, '#row-quantita', '');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByTestId('edit-row-error').getByText('Inserisci la quantità: un campo vuoto non viene salvato come 0.').waitFor();
    // Act: a description over its limit, the quantity typed back
    await typeNumber(page, '#row-quantita', '12,60');
    await page.locator('#row-descrizione').fill('x'.repeat(5001));
    // Assess: the counter says it, the server's refusal shows inside the dialog, which stays open
    expect(await dialog.getByTestId('description-counter').innerText()).toBe('5.001 / 5.000 caratteri');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByTestId('edit-row-error').getByText('La descrizione è troppo lunga: massimo 5.000 caratteri (inseriti 5.001).').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect((await rowsOf(id))[0].descrizione).toBe(row.descrizione);
    // A valid description saves and closes the dialog.
    await page.locator('#row-descrizione').fill('Demolizione corretta');
    expect(await dialog.getByTestId('description-counter').innerText()).toBe('20 / 5.000 caratteri');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rowsOf(id))[0]).toMatchObject({ descrizione: 'Demolizione corretta', quantita: 12.6, unitario: 85.4 });
    await page.context().close();
  });
});
