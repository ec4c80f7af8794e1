/**
 * "Annulla" in Chromium (issue 26): the notice of an edit carries "Annulla", which puts the value
 * back; a merge survives a reload and Ctrl+Z on the page splits it back into the two rows; the
 * page with the notice showing passes axe (WCAG 2 A/AA); the notice of a new province carries
 * "Annulla" too, which puts the province and every row back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { auditPage, describeFindings } from '../support/axe.ts';
import { loggedInPage } from '../support/browser.ts';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let token: string;
let api: ReturnType<typeof apiClient>;
let owner: { id: number; username: string };

async function rowsOf(id: number) {
  const res = await api('GET', `/api/documents/${id}/rows`, { token });
  return (res.json.data as Array<{ attributes: Record<string, any> }>).map(({ attributes: { version: _v, field_versions: _f, same_as_version: _s, ...row } }) => row);
}

const rowByIndex = (page: Page, n: number) => page.locator('.doc-rows-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${n}$`) }) });

beforeAll(async () => {
  rt = await sharedApp();
  api = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const created = await api('POST', '/api/admin/users', { token: admin, body: { username: 'luca', password: 'password-di-prova' } });
  owner = { id: Number(created.json.data.id ?? created.json.data.attributes?.id), username: 'luca' };
  token = await loginAs(rt.url, 'luca', 'password-di-prova');
  browser = await sharedBrowser();
}, 240_000);


describe('Annulla on the document page', () => {
  it('undoes an edit from its notice, and a merge with Ctrl+Z after a reload', async () => {
    // Prepare: a completed document of 4 voci, written straight to the tables
    const upload = { id: await seedBigDocument(rt.ctx, owner, 4, ['TOS25_01.A03.001', 'TOS25_01.A03.002']) };
    const original = await rowsOf(upload.id);
    const page = await loggedInPage(browser, rt.url, 'luca', 'password-di-prova');
    await page.goto(`${rt.url}/documents/${upload.id}`);
    await page.getByTestId('row-count').getByText('4', { exact: true }).waitFor();

    // Act 1: edit the first row's description, then "Annulla" in the notice.
    await rowByIndex(page, 1).getByRole('button', { name: 'Modifica riga' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica riga N° 1' });
    await page.locator('#row-descrizione').fill('Descrizione cambiata per prova');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await edit.waitFor({ state: 'hidden' });
    const notice = page.locator('.alert-success').filter({ hasText: 'Riga aggiornata con successo' });
    await notice.waitFor();
    await page.getByText('Descrizione cambiata per prova').first().waitFor();
    const findings = await auditPage(page);
    await notice.getByRole('button', { name: 'Annulla' }).click();

    // Assess 1
    await page.getByText('Operazione annullata: Modifica della riga 1').waitFor();
    await page.getByText('Descrizione cambiata per prova').first().waitFor({ state: 'detached' });
    expect(await rowsOf(upload.id)).toEqual(original);
    expect(findings, describeFindings(findings)).toEqual([]);

    // Act 2: merge rows 2 and 3, reload, Ctrl+Z.
    for (const n of [2, 3]) await rowByIndex(page, n).locator('td').first().locator('.p-checkbox').click();
    await page.getByRole('button', { name: 'Unione rapida' }).click();
    // Two different articles (codes alternate): the dialog asks which one to keep.
    const quick = page.getByRole('dialog', { name: 'Unione rapida' });
    await quick.locator('label[for=merge-article-seconda]').click();
    await quick.getByRole('button', { name: 'Unisci' }).click();
    await page.getByText('Righe unite con successo').waitFor();
    await page.getByTestId('row-count').getByText('3', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('row-count').getByText('3', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Annulla ultima operazione' }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('heading', { name: 'Righe del documento' }).click();
    await page.keyboard.press('Control+z');

    // Assess 2
    await page.getByText('Operazione annullata: Unione delle righe 2 e 3').waitFor();
    await page.getByTestId('row-count').getByText('4', { exact: true }).waitFor();
    expect(await rowsOf(upload.id)).toEqual(original);
    await page.context().close();
  }, 60_000);

  it('undoes a change of province from its notice', async () => {
    // Prepare
    const upload = { id: await seedBigDocument(rt.ctx, owner, 4, ['TOS25_01.A03.001', 'TOS25_01.A03.002']) };
    const original = await rowsOf(upload.id);
    const page = await loggedInPage(browser, rt.url, 'luca', 'password-di-prova');
    await page.goto(`${rt.url}/documents/${upload.id}`);
    await page.getByTestId('row-count').getByText('4', { exact: true }).waitFor();

    // Act: Firenze instead of Lucca, then "Annulla" in the notice.
    await page.getByRole('button', { name: 'Modifica provincia e tipologia DEI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provincia e tipologia DEI' });
    await dialog.locator('#settings-provincia').fill('Firenze');
    await dialog.getByRole('button', { name: 'Salva e aggiorna i prezzi' }).click();
    const notice = page.locator('.alert-success').filter({ hasText: 'Provincia e tipologia aggiornate' });
    await notice.waitFor();
    await page.getByText('Provincia:').locator('strong').getByText('Firenze').waitFor();
    const changed = (await api('GET', `/api/documents/${upload.id}`, { token })).json.data.attributes.provincia;
    await notice.getByRole('button', { name: 'Annulla' }).click();

    // Assess
    await page.getByText('Operazione annullata: Cambio di provincia e tipologia del documento (4 righe)').waitFor();
    // The header follows: the province shown is no longer Firenze.
    await page.getByText('Provincia:').locator('strong').getByText('Firenze').waitFor({ state: 'detached' });
    // The notice whose "Annulla" was used is gone.
    expect(await notice.count()).toBe(0);
    expect(changed).toBe('Firenze');
    expect((await api('GET', `/api/documents/${upload.id}`, { token })).json.data.attributes.provincia).toBe('LU');
    expect(await rowsOf(upload.id)).toEqual(original);
    await page.context().close();
  }, 60_000);
});
