import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedBrowser } from '../support/shared.ts';
import { priceListXlsx, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  rt = await startTestRuntime();
  browser = await sharedBrowser();
  // A small Toscana list: the article a person means, and others that only mention its word.
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const rows = [
    ...Array.from({ length: 5 }, (_, i) => ({ codice: `TOS25_96.A01.00${i + 1}.001`, descrizione: `Rinterro di scavi, compreso il geotessile di separazione ${i + 1}`, um: 'mc', prezzo: '5,00' })),
    { codice: 'TOS25_96.G01.001.001', descrizione: 'Geotessile non tessuto in polipropilene agugliato', um: 'mq', prezzo: '3,00' },
  ];
  const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, await priceListXlsx(rows, undefined, 'Arezzo'), 'arezzo-2025.xlsx', { provincia: 'AREZZO', anno: '2025' });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const confirm = await apiClient(rt.url)('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { temp_file_id: up.json.data.temp_file_id } });
  expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);
  // A DEI list whose chapters and voci are rows without a price above its articles.
  const dei = await priceListXlsx(
    [
      { codice: 'R', descrizione: 'OPERE DI RESTAURO', um: '', prezzo: '' },
      { codice: 'R15', descrizione: 'CONSOLIDAMENTI DI MURATURE', um: '', prezzo: '' },
      { codice: 'R15010a', descrizione: 'Iniezioni di miscela a base di calce idraulica', um: 'kg', prezzo: '3,40' },
    ],
  );
  const deiUp = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, dei, 'dei-recupero.xlsx', { tipologia_dei: 'ristrutturazione_manutenzione', anno: '2025' });
  expect(deiUp.status, JSON.stringify(deiUp.json)).toBe(200);
  const deiConfirm = await apiClient(rt.url)('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: deiUp.json.data.temp_file_id } });
  expect(deiConfirm.status, JSON.stringify(deiConfirm.json)).toBe(200);
});
afterAll(async () => {
  await rt?.close();
});

describe('/search in Chromium', () => {
  it('says which words it left out, forgives typos and falls back to a row\u2019s description', async () => {
    // Prepare
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${rt.url}/login`);
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.getByText('Benvenuto, admin!').waitFor();
    // Act: two typos and a word no article has
    await page.goto(`${rt.url}/search?q=${encodeURIComponent('geotesile tesuto xyzzy')}`);
    // Assess
    await page.getByTestId('missing-words').getByText('Nessun risultato per «xyzzy»; mostrati i risultati per «geotesile tesuto».').waitFor();
    const firstRow = page.locator('tbody tr').first();
    await firstRow.getByText('TOS25_96.G01.001.001').waitFor();
    expect(await firstRow.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['Geotessile', 'tessuto']));
    // Act: the document page's link for a new-price code, with the row's description
    await page.goto(`${rt.url}/search?q=NP_OC062&type=price-list&descrizione=${encodeURIComponent('Fornitura di geotessile non tessuto da 200 g/mq')}`);
    // Assess
    await page.getByTestId('from-description').getByText('Nessuna voce con il codice «NP_OC062»: mostrate le voci più simili alla descrizione della riga.').waitFor();
    await page.locator('tbody tr').first().getByText('TOS25_96.G01.001.001').waitFor();
    // Act: a word of a DEI chapter's title
    await page.goto(`${rt.url}/search?q=consolidamenti`);
    // Assess: its article, with the titles above it
    const article = page.locator('tbody tr', { hasText: 'R15010a' });
    await article.locator('.pz-titles').getByText('OPERE DI RESTAURO › CONSOLIDAMENTI DI MURATURE').waitFor();
    await page.context().close();
  });
});
