import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loggedInPage } from '../support/browser.ts';
import { manodoperaComputo } from '../support/manodopera-computo.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const SHOTS = process.env.MANODOPERA_SHOTS_DIR ?? '/tmp/manodopera-shots';

let rt: TestRuntime;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let documentId: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  documentId = await manodoperaComputo(rt.url, token);
  // The safety voce, marked as the estimator would.
  const rows = (await apiClient(rt.url)('GET', `/api/documents/${documentId}/rows`, { token })).json.data.map((r: { attributes: Record<string, any> }) => r.attributes);
  const safety = rows.find((r: Record<string, any>) => r.tariffa === 'SIC.01');
  expect((await apiClient(rt.url)('PUT', `/api/rows/${safety.id}`, { token, body: { sicurezza: true } })).status).toBe(200);
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 240_000);

afterAll(async () => {
  await closeBrowser?.();
  await rt?.close();
});

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

describe('Stima dei costi della manodopera on the document page (Chromium)', () => {
  for (const width of [1366, 390]) {
    it(`shows the quadro and, one click away, the voci without incidence at ${width} px`, async () => {
      // Prepare
      const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);
      // Act
      await page.goto(`${rt.url}/documents/${documentId}`);
      const summary = page.getByTestId('labour-summary');
      await summary.waitFor();
      fs.mkdirSync(SHOTS, { recursive: true });
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `quadro-${width}.png`) });
      // Assess: 1363 + 348 + 1467,40 + 500; labour 550,11 + 93,47; safety 500; rest 2534,82.
      expect(await text(page, 'labour-total')).toBe('3.678,40 €');
      expect(await text(page, 'labour-cost')).toBe('643,58 €');
      expect(await summary.innerText()).toContain('17,50%');
      expect(await text(page, 'labour-safety')).toBe('500,00 €');
      expect(await text(page, 'labour-subject')).toBe('2.534,82 €');
      expect(await text(page, 'labour-missing')).toContain('1 voce senza incidenza della manodopera');
      // No sideways scrolling of the page for the table.
      const box = await summary.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      // The voce's labour: a column of the table at 1366 px (cost, incidence under it), the card on a phone.
      if (width > 600) {
        const header = page.locator('.doc-rows-table thead th', { hasText: 'Manodopera' });
        expect(await header.innerText()).toContain('€ e incidenza %');
        const cellOf = (code: string) => page.locator('.doc-rows-table tbody tr', { hasText: code }).locator('td.doc-labour-td').last();
        expect((await cellOf('TOS25_01.A03.001.001').innerText()).replace(/\s+/g, ' ')).toBe('550,11 € 40,36%');
        expect((await cellOf('TOS25_18.W01.001.002').innerText()).trim()).toBe('—');
        expect((await cellOf('SIC.01').innerText()).trim()).toBe('Sicurezza');
        const layout = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, table: document.querySelector('.doc-rows-table table')!.getBoundingClientRect().width, wrap: document.querySelector('.doc-rows-table .p-datatable-wrapper')!.clientWidth }));
        expect(layout.page).toBeLessThanOrEqual(width);
        expect(layout.table).toBeLessThanOrEqual(layout.wrap);
        await page.locator('.doc-rows-table').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `righe-${width}.png`) });
      } else {
        expect(await page.locator('.doc-rows-table').count()).toBe(0);
        const card = page.getByTestId('row-card').filter({ hasText: 'TOS25_01.A03.001.001' });
        expect((await card.innerText()).replace(/\s+/g, ' ')).toContain('Manodopera (40,36%) 550,11 €');
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `righe-${width}.png`) });
      }
      // One click: the rows shown are the voce without an incidence.
      await page.getByRole('button', { name: 'Mostra la voce' }).click();
      const shown = width > 600 ? page.locator('.doc-rows-table tbody tr') : page.getByTestId('row-card');
      await expect.poll(async () => (await shown.allInnerTexts()).join(' ')).toContain('TOS25_18.W01.001.002');
      expect(await shown.count()).toBe(1);
      await page.screenshot({ path: path.join(SHOTS, `filtro-${width}.png`) });
      await page.context().close();
    }, 120_000);
  }
});
