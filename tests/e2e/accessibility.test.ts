import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { auditPage, describeFindings } from '../support/axe.ts';
import { sharedBrowser } from '../support/shared.ts';
import { priceListXlsx, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/**
 * Issue 12: an axe-core audit (WCAG 2 A and AA) of every screen outside the documents area, as
 * the user who sees it, on a wide screen and on a phone; and, on the phone, no text running out
 * of the viewport (the layout must be usable at 390 px).
 */

const WIDTHS = [1366, 390];
const REDATTORE = { username: 'redattore.a11y', password: 'redattore-a11y-password' };
const SHOTS = process.env.A11Y_SHOTS_DIR;

let rt: TestRuntime;
let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-a11y-'));
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  // Prepare: a redattore, an API key, a pattern and a loaded Toscana list, so tables have rows.
  const call = apiClient(rt.url);
  const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const created = await call('POST', '/api/admin/users', { token, body: { ...REDATTORE, role: 'redattore' } });
  expect(created.status).toBe(201);
  const key = await call('POST', '/api/admin/api-keys', { token, body: { user_id: created.json.data.id, description: 'Integrazione di prova' } });
  expect(key.status).toBe(201);
  const pattern = await call('POST', '/api/patterns', { token, body: { pattern: '^TOS(\\d{2})-', replacement: 'TOS$1_', notes: 'Trattino dopo l’anno' } });
  expect(pattern.status).toBe(201);
  const rows = Array.from({ length: 25 }, (_, i) => ({
    codice: `TOS25_01.A03.001.${String(i + 1).padStart(3, '0')}`,
    descrizione: `Scavo di sbancamento eseguito con mezzi meccanici in terreni di qualsiasi natura e consistenza, voce di prova numero ${i + 1}`,
    um: 'mc',
    prezzo: 10 + i,
  }));
  const staged = await uploadForm(rt.url, '/api/upload-prezzario-toscana', token, await priceListXlsx(rows), 'toscana.xlsx', { provincia: 'LUCCA', anno: '2025' });
  expect(staged.status).toBe(200);
  const confirmed = await call('POST', '/api/confirm-prezzario-toscana', { token, body: { temp_file_id: staged.json.data.temp_file_id, anno: 2025, provincia: 'LUCCA' } });
  expect(confirmed.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await rt?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

async function pageAs(user: { username: string; password: string } | null, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  if (user) {
    await page.goto(`${rt.url}/login`);
    await page.fill('#username', user.username);
    await page.fill('#password', user.password);
    await page.click('button[type=submit]');
    await page.getByText(`Benvenuto, ${user.username}!`).waitFor();
  }
  return page;
}

/**
 * Text that runs out of the viewport: visible elements with their own text whose box ends past
 * the right edge, unless a scrolling container (a wide table) holds them.
 */
function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const o = getComputedStyle(e).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!own) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
      if (scrolls(el.parentElement)) continue;
      out.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} «${(el.textContent ?? '').trim().slice(0, 40)}» ends at ${Math.round(r.right)} px`);
      if (out.length >= 5) break;
    }
    if (document.documentElement.scrollWidth > width + 1) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px for ${width} px`);
    return out;
  });
}

interface Screen {
  name: string;
  path: string;
  /** What shows the screen is ready (a heading or a text). */
  ready: (page: Page) => Promise<unknown>;
  /** A state worth auditing too: a dialog open, results shown. */
  then?: (page: Page) => Promise<unknown>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true }).first().waitFor();

async function pickDropdown(page: Page, inputId: string, option: string) {
  await page.locator('.p-dropdown', { has: page.locator(`#${inputId}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const PUBLIC: Screen[] = [
  { name: 'login', path: '/login', ready: (p) => p.locator('#username').waitFor() },
  { name: 'presentazione', path: '/presentazione', ready: (p) => p.locator('h1').first().waitFor() },
  { name: 'come funziona', path: '/how-it-works', ready: (p) => p.locator('h1').first().waitFor() },
  { name: 'privacy', path: '/privacy-policy', ready: (p) => p.locator('h1').first().waitFor() },
  { name: 'termini', path: '/terms-of-service', ready: (p) => p.locator('h1').first().waitFor() },
  { name: '404', path: '/pagina-che-non-esiste', ready: heading('404 - Pagina non trovata') },
];

const ADMIN: Screen[] = [
  { name: 'home (admin)', path: '/', ready: (p) => p.getByTestId('stat-documenti').getByText(/\d/).waitFor() },
  { name: 'profilo', path: '/profile', ready: (p) => p.getByText('Accesso tramite').waitFor() },
  { name: 'informazioni', path: '/about', ready: (p) => p.locator('h1').first().waitFor() },
  {
    name: 'pannello admin, utenti',
    path: '/admin/dashboard',
    ready: (p) => p.getByRole('cell', { name: REDATTORE.username }).first().waitFor(),
    then: async (p) => {
      await p.getByRole('button', { name: 'Nuovo Utente' }).click();
      await p.locator('.p-dialog').waitFor();
    },
  },
  {
    name: 'pannello admin, API keys',
    path: '/admin/dashboard',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'API Keys' }).click();
      await p.getByRole('cell', { name: 'Integrazione di prova' }).waitFor();
    },
    then: async (p) => {
      await p.getByRole('button', { name: 'Genera API Key' }).click();
      await p.locator('.p-dialog').waitFor();
    },
  },
  {
    name: 'pattern',
    path: '/admin/patterns',
    ready: (p) => p.getByText('Trattino dopo l’anno').waitFor(),
    then: async (p) => {
      await p.getByRole('button', { name: 'Nuovo Pattern' }).click();
      await p.locator('.p-dialog').waitFor();
    },
  },
  {
    name: 'tipologie DEI',
    path: '/admin/tipologie-dei',
    ready: (p) => p.locator('.pz-table tbody tr').first().waitFor(),
    then: async (p) => {
      await p.getByRole('button', { name: 'Nuova Tipologia' }).click();
      await p.locator('.p-dialog').waitFor();
    },
  },
  {
    name: 'carica prezzario Toscana',
    path: '/upload-prezzario-toscana',
    ready: heading('Carica prezzario Toscana'),
    then: async (p) => {
      const file = path.join(tmpDir, 'anteprima.xlsx');
      fs.writeFileSync(file, await priceListXlsx([{ codice: 'TOS25_02.B01.001.001', descrizione: 'Muratura in blocchi di laterizio', um: 'mq', prezzo: 42.5 }]));
      await p.setInputFiles('#prezzario-file', file);
      await pickDropdown(p, 'prezzario-key', 'LUCCA');
      await pickDropdown(p, 'prezzario-anno', '2025');
      await p.getByRole('button', { name: 'Carica e Analizza' }).click();
      await p.getByTestId('preview-card').waitFor({ timeout: 60_000 });
    },
  },
  { name: 'carica prezzario DEI', path: '/upload-prezzario-dei', ready: heading('Carica prezzario DEI') },
  { name: 'prezzario Toscana', path: '/prezzario-toscana', ready: (p) => p.getByRole('cell', { name: 'TOS25_01.A03.001.001', exact: true }).first().waitFor() },
  { name: 'prezzario DEI', path: '/prezzario-dei', ready: heading('Prezzario DEI') },
  { name: 'ricerca con risultati', path: '/search?q=TOS25', ready: (p) => p.getByText('25 risultati per “TOS25”').waitFor() },
  { name: 'ricerca senza risultati', path: '/search?q=TOS25_99.Z99.001&anno=2024', ready: (p) => p.getByText('Nessun risultato trovato').waitFor() },
  {
    name: 'dati CSV',
    path: '/csv-data',
    ready: heading('Dati CSV'),
    then: async (p) => {
      await p.getByRole('button', { name: 'Mostra tutti i dati' }).click();
      await p.getByTestId('csv-total').waitFor();
    },
  },
  {
    name: 'debug API',
    path: '/api-debug',
    ready: heading('Debug API'),
    then: async (p) => {
      await p.getByRole('button', { name: 'Testa connessione' }).click();
      await p.getByTestId('db-status').waitFor();
      await p.getByRole('button', { name: 'Leggi schema' }).click();
      await p.getByText(/tabelle, risposta in/).waitFor();
    },
  },
  { name: '404 (admin)', path: '/pagina-che-non-esiste', ready: heading('404 - Pagina non trovata') },
];

const REDATTORE_SCREENS: Screen[] = [
  { name: 'home (redattore)', path: '/', ready: (p) => p.getByText(`Benvenuto, ${REDATTORE.username}!`).waitFor() },
  { name: 'ricerca (redattore)', path: '/search', ready: heading('Ricerca Codice') },
  { name: 'dati CSV (redattore)', path: '/csv-data', ready: heading('Dati CSV') },
  { name: 'accesso negato: pannello admin', path: '/admin/dashboard', ready: heading('Accesso Negato') },
  { name: 'accesso negato: pattern', path: '/admin/patterns', ready: (p) => p.getByText('Accesso negato. Solo gli amministratori possono accedere a questa sezione.').waitFor() },
  { name: 'accesso negato: prezzario', path: '/upload-prezzario-dei', ready: (p) => p.getByText('Accesso negato. Solo gli amministratori possono accedere a questa sezione.').waitFor() },
];

/** Audits one state of a screen: axe findings must be none; on a phone no text runs out of view. */
async function check(page: Page, label: string, width: number) {
  // Transitions (dialogs, menus) end before axe measures colours; endless ones (spinners) never do.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${width}-${label.replace(/[^\w]+/g, '-')}.png`), fullPage: true });
  const findings = await auditPage(page);
  expect.soft(findings, `${label} at ${width} px:\n${describeFindings(findings)}`).toEqual([]);
  if (width < 600) {
    const overflow = await overflowingText(page);
    expect.soft(overflow, `${label} at ${width} px, text out of view:\n${overflow.join('\n')}`).toEqual([]);
  }
}

async function visit(user: { username: string; password: string } | null, screens: Screen[], width: number) {
  const page = await pageAs(user, width);
  for (const s of screens) {
    await page.goto(`${rt.url}${s.path}`);
    await s.ready(page);
    await check(page, s.name, width);
    if (s.then) {
      await s.then(page);
      await check(page, `${s.name} (stato successivo)`, width);
    }
  }
  await page.context().close();
}

describe('accessibility of the screens outside the documents area (axe-core, WCAG 2 A/AA)', () => {
  for (const width of WIDTHS) {
    it(`anonymous visitor's screens at ${width} px`, () => visit(null, PUBLIC, width), 240_000);
    it(`admin's screens at ${width} px`, () => visit({ username: 'admin', password: ADMIN_PASSWORD }, ADMIN, width), 480_000);
    it(`redattore's screens, access denied included, at ${width} px`, () => visit(REDATTORE, REDATTORE_SCREENS, width), 240_000);
  }
});
