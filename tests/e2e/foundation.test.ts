import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser } from '../support/shared.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await rt?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function loginWithPassword(page: Page, username: string, password: string) {
  await page.goto(`${rt.url}/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('foundation flows in Chromium', () => {
  it('admin creates a redattore with an access period and a key; the redattore logs in with the key and stays out of admin pages', async () => {
    const page = await newPage();
    // Admin logs in and sees the admin home with the counters.
    await loginWithPassword(page, 'admin', ADMIN_PASSWORD);
    await page.getByText('Benvenuto, admin!').waitFor();
    await page.getByText('Pannello Admin', { exact: true }).waitFor();
    await page.getByTestId('stat-utenti').getByText('1').waitFor();

    // Creates a redattore with an access period.
    await page.goto(`${rt.url}/admin/dashboard`);
    await page.getByRole('button', { name: 'Nuovo Utente' }).click();
    await page.fill('#user-username', 'lucia.bianchi');
    await page.fill('#user-password', 'password-lucia');
    await page.fill('#user-access-start', isoDay(-1));
    await page.fill('#user-access-end', isoDay(30));
    await page.getByRole('button', { name: 'Crea Utente' }).click();
    await page.getByText('Utente lucia.bianchi creato con successo').waitFor();
    const row = page.locator('tr', { hasText: 'lucia.bianchi' });
    await row.getByText('Redattore').waitFor();
    await row.getByText('Attivo').waitFor();

    // Generates an API key for her: the modal shows it once.
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Genera API Key' }).click();
    await page.getByText('viene mostrata una sola volta').waitFor();
    await page.locator('.p-dropdown', { has: page.locator('#key-user') }).click();
    await page.getByRole('option', { name: 'lucia.bianchi' }).click();
    await page.fill('#key-description', 'Integrazione di prova');
    await page.getByRole('button', { name: 'Genera', exact: true }).click();
    const key = await page.locator('#generated-key').inputValue();
    expect(key).toMatch(/^cmp_[\w-]{40,}$/);
    await page.locator('.p-dialog-content').getByRole('button', { name: 'Chiudi', exact: true }).click();
    await page.getByText('Chiave API generata con successo').waitFor();
    const masked = await page.locator('tr', { hasText: 'Integrazione di prova' }).locator('code').innerText();
    expect(masked).toBe(`${key.slice(0, 8)}••••••••${key.slice(-8)}`);

    // Logs out through the user menu.
    await page.locator('.topbar-right').getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${rt.url}/login`);

    // The redattore logs in with the key in Bearer mode.
    await page.getByText('Bearer Token').click();
    await page.fill('#token', key);
    await page.getByRole('button', { name: 'Accedi con Token' }).click();
    await page.getByText('Benvenuto, lucia.bianchi!').waitFor();
    await page.getByText('Visualizza Documenti').waitFor();
    expect(await page.getByText('Pannello Admin').count()).toBe(0);
    expect(await page.getByText('Strumenti Admin').count()).toBe(0);

    // Admin routes tell her why she cannot enter (spec wording), then send her back home.
    await page.goto(`${rt.url}/upload-prezzario-toscana`);
    await page.getByText('Accesso negato. Solo gli amministratori possono accedere a questa sezione.').waitFor();
    await page.goto(`${rt.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Accesso Negato' }).waitFor();
    await page.getByText('Non hai i permessi per accedere a questa pagina.').waitFor();
    await page.waitForURL(`${rt.url}/`, { timeout: 10_000 });
    await page.getByText('Benvenuto, lucia.bianchi!').waitFor();
    await page.context().close();
  });

  it('revokes a key and deletes a user through the confirmation modals', async () => {
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const call = apiClient(rt.url);
    const user = (await call('POST', '/api/admin/users', { token: admin, body: { username: 'da.rimuovere', password: 'password-x' } })).json.data;
    await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: user.id, description: 'Chiave da revocare' } });
    const page = await newPage();
    await loginWithPassword(page, 'admin', ADMIN_PASSWORD);
    await page.getByText('Benvenuto, admin!').waitFor();
    await page.goto(`${rt.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.locator('tr', { hasText: 'Chiave da revocare' }).getByRole('button', { name: /Revoca chiave/ }).click();
    await page.getByText('Conferma revoca').waitFor();
    await page.locator('.p-dialog-footer').getByRole('button', { name: 'Revoca' }).click();
    await page.getByText('Chiave API revocata con successo').waitFor();
    await page.locator('tr', { hasText: 'Chiave da revocare' }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Utenti' }).click();
    await page.getByRole('button', { name: 'Elimina da.rimuovere' }).click();
    await page.getByText('Questa azione non può essere annullata.').waitFor();
    await page.locator('.p-dialog-footer').getByRole('button', { name: 'Elimina' }).click();
    await page.getByText('Utente eliminato con successo').waitFor();
    await page.locator('tr', { hasText: 'da.rimuovere' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the access-period message to a user whose access has expired', async () => {
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    await apiClient(rt.url)('POST', '/api/admin/users', {
      token: admin,
      body: { username: 'ex.collaboratore', password: 'password-ex', access_start: '2024-01-01', access_end: isoDay(-2) },
    });
    const page = await newPage();
    await loginWithPassword(page, 'ex.collaboratore', 'password-ex');
    await page.getByText('Il tuo periodo di accesso è scaduto o non ancora iniziato. Per assistenza, contatta').waitFor();
    expect(page.url()).toBe(`${rt.url}/login`);
    await page.context().close();
  });

  it('shows wrong-credential and empty-token errors, and keeps the submit disabled on empty fields', async () => {
    const page = await newPage();
    await page.goto(`${rt.url}/login`);
    expect(await page.locator('form button[type=submit]').isDisabled()).toBe(true);
    await loginWithPassword(page, 'admin', 'sbagliata');
    await page.getByText('Login fallito. Verifica le credenziali.').waitFor();
    await page.getByText('Bearer Token').click();
    await page.fill('#token', 'cmp_nonvalido');
    await page.getByRole('button', { name: 'Accedi con Token' }).click();
    await page.getByText('Login con token fallito. Verifica che il token sia valido.').waitFor();
    await page.context().close();
  });

  it('closes the admin menus on Escape and on an outside click, and redirects back after login', async () => {
    const page = await newPage();
    await page.goto(`${rt.url}/admin/dashboard`);
    await page.waitForURL(`${rt.url}/login`);
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(`${rt.url}/admin/dashboard`);
    await page.getByText('Utenti Totali').waitFor();

    await page.getByRole('button', { name: 'Strumenti Admin' }).click();
    await page.getByRole('menuitem', { name: 'Upload prezzario DEI' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menuitem', { name: 'Upload prezzario DEI' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pattern Codici' }).waitFor();
    await page.mouse.click(640, 600);
    expect(await page.getByRole('menuitem', { name: 'Pattern Codici' }).count()).toBe(0);
    await page.context().close();
  });

  it('serves the public pages to anonymous visitors and a 404 page for unknown paths', async () => {
    const page = await newPage();
    await page.goto(`${rt.url}/how-it-works`);
    await page.getByText('Carica il PDF').first().waitFor();
    await page.goto(`${rt.url}/privacy-policy`);
    await page.getByText('11/06/2025').first().waitFor();
    await page.goto(`${rt.url}/non-esiste`);
    await page.getByText('/non-esiste').waitFor();
    await page.getByRole('link', { name: 'Accesso' }).waitFor();
    // Every suggestion leads to a page that exists (for an admin, who may open them all)
    const admin = await newPage();
    await loginWithPassword(admin, 'admin', ADMIN_PASSWORD);
    await admin.getByText('Benvenuto, admin!').waitFor();
    await admin.goto(`${rt.url}/non-esiste`);
    await admin.getByRole('link', { name: 'Amministrazione' }).waitFor();
    const targets = await admin.locator('.suggested-links a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) {
      await admin.goto(rt.url + target);
      await admin.waitForLoadState('networkidle');
      expect(await admin.getByText('404 - Pagina non trovata').count(), target).toBe(0);
    }
    await admin.context().close();
    await page.goto(`${rt.url}/documents`);
    await page.waitForURL(`${rt.url}/login`);
    await page.getByText('Versione 2.0').waitFor();
    await page.context().close();
  });
});
