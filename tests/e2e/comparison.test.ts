/**
 * "Confronto tra computi" in Chromium (issue 23): from a computo's page "Confronta con…" opens
 * its comparison with the variante; the page is filtered by state and by |difference|, two voci
 * are re-paired and the comparison is exported to Excel. At 390 px the voci are cards. axe-core
 * finds nothing on either layout. Screenshots go to $COMPARE_SHOTS (else a temporary folder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { COMPUTO, OFFERTA_MDO, PROGETTO_MDO, VARIANTE, xpwe } from '../support/comparison-computi.ts';
import { ADMIN_PASSWORD, loginAs, type TestRuntime } from '../support/runtime.ts';

const shots = process.env.COMPARE_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'computa-confronto-'));

let rt: TestRuntime;
let browser: Browser;
let computo: number;
let variante: number;

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  rt = await sharedApp();
  browser = await sharedBrowser();
  const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  ({ id: computo } = await uploadPdf(rt.url, token, Buffer.from(xpwe(COMPUTO, 'Scuola')), 'computo.xpwe'));
  ({ id: variante } = await uploadPdf(rt.url, token, Buffer.from(xpwe(VARIANTE, 'Scuola variante')), 'variante.xpwe'));
  await waitForAnalysis(rt.url, token, computo, 120_000);
  await waitForAnalysis(rt.url, token, variante, 120_000);
}, 300_000);
afterAll(async () => {
  console.log(`screenshots: ${shots}`);
});

async function expectNoFindings(page: Page, what: string) {
  const findings = await auditPage(page);
  expect(findings, `${what}:\n${describeFindings(findings)}`).toEqual([]);
}

const count = async (page: Page) => (await page.locator('.cmp-count').innerText()).replace(/\s+/g, ' ').trim();
const rowOf = (page: Page, code: string) => page.locator('tbody tr[data-voce]', { hasText: code });

describe('comparison page', () => {
  it('opens from the document page, filters, re-pairs two voci and exports', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await page.goto(`${rt.url}/documents/${computo}`);
    // Act: "Confronta con…", the variante, "Confronta".
    await page.getByRole('button', { name: 'Confronta con…' }).click();
    await page.getByLabel(/variante\.xpwe/).check();
    await page.getByRole('button', { name: 'Confronta', exact: true }).click();
    // Assess
    await page.waitForURL(`**/documents/${computo}/confronto?con=${variante}`);
    await page.locator('.cmp-table').waitFor();
    expect(await count(page)).toBe('10 di 10 voci · 1 con abbinamento incerto');
    expect(await rowOf(page, 'FIN.020').locator('.p-tag').innerText()).toBe('Variata');
    expect((await rowOf(page, 'FIN.020').innerText()).replace(/\s+/g, ' ')).toContain('+272,00 €');
    expect(await rowOf(page, 'MUR-011').locator('.p-tag').innerText()).toBe('Eliminata');
    expect(await rowOf(page, 'FIN.040').locator('.cmp-uncertain').innerText()).toContain('abbinamento incerto');
    expect(await page.locator('.cmp-chapter').allInnerTexts()).toEqual(['Demolizioni', 'Murature', 'Finiture']);
    // Each amount links to its row on the document page (the PDF review panel opens on it).
    const href = await rowOf(page, 'DEM.001').locator('a').first().getAttribute('href');
    expect(href).toMatch(new RegExp(`^/documents/${computo}\\?riga=\\d+$`));
    await page.screenshot({ path: path.join(shots, 'confronto-1366.png'), fullPage: true });
    await expectNoFindings(page, 'comparison at 1366 px');

    // Act: filter out the unchanged voci, then keep only differences of at least 300 €.
    await page.locator('.p-selectbutton .p-button', { hasText: 'Invariata' }).click();
    // Assess
    expect(await count(page)).toBe('6 di 10 voci · 1 con abbinamento incerto');
    await page.fill('#cmp-threshold', '300');
    await page.locator('#cmp-threshold').press('Tab');
    expect(await count(page)).toBe('3 di 10 voci · 1 con abbinamento incerto');
    expect(await page.locator('tbody tr[data-voce] .cmp-code').allInnerTexts()).toEqual(['MUR-011', 'TRA.099', 'FIN.050']);

    // Act: the removed tramezzo is replaced by the new plasterboard wall: pair them.
    await rowOf(page, 'MUR-011').getByRole('button', { name: /Abbina o separa/ }).click();
    await page.locator('.cmp-pair-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: 'TRA.099' }).click();
    await page.getByRole('button', { name: 'Abbina', exact: true }).click();
    // Assess: one voce less, now variata and paired by the user's choice; kept after a reload.
    await page.getByText('Voci abbinate').waitFor();
    await page.reload();
    await page.locator('.cmp-table').waitFor();
    expect(await count(page)).toBe('9 di 9 voci · 1 con abbinamento incerto');
    const paired = rowOf(page, 'MUR-011');
    expect(await paired.locator('.p-tag').innerText()).toBe('Variata');
    expect((await paired.innerText()).replace(/\s+/g, ' ')).toContain('+306,00 €');

    // Act: export.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta Excel' }).click()]);
    // Assess
    expect(download.suggestedFilename()).toBe(`confronto_${computo}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as never);
    const ws = wb.getWorksheet('Confronto')!;
    const lines: unknown[][] = [];
    ws.eachRow((r) => lines.push((r.values as unknown[]).slice(1)));
    expect(lines.find((l) => l[0] === 'MUR-011')!.slice(3, 4)).toEqual(['Variata']);
    expect(lines.filter((l) => typeof l[0] === 'string' && /^(DEM|MUR|TOS|FIN|TRA)/.test(l[0] as string))).toHaveLength(9);
    expect(ws.pageSetup.orientation).toBe('landscape');
  }, 240_000);

  it('shows the voci as cards on a phone (390 px), with no accessibility findings', async () => {
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 390);
    await page.goto(`${rt.url}/documents/${computo}/confronto?con=${variante}`);
    await page.locator('.cmp-cards').waitFor();
    expect(await page.locator('.cmp-table').count()).toBe(0);
    expect(await page.locator('.cmp-card').count()).toBe(9);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shots, 'confronto-390.png'), fullPage: true });
    await page.screenshot({ path: path.join(shots, 'confronto-390-top.png') });
    await expectNoFindings(page, 'comparison at 390 px');
  }, 180_000);

  it('shows each document\'s labour beside the project\'s and warns of an offer below it, voce by voce and in total', async () => {
    // Prepare: the project states each voce's labour incidence (IncMDO); the offer gives the tinteggiatura 40% instead of 60%.
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const { id: progetto } = await uploadPdf(rt.url, token, Buffer.from(xpwe(PROGETTO_MDO, 'Scuola')), 'progetto-mdo.xpwe');
    const { id: offerta } = await uploadPdf(rt.url, token, Buffer.from(xpwe(OFFERTA_MDO, 'Scuola offerta')), 'offerta-mdo.xpwe');
    await waitForAnalysis(rt.url, token, progetto, 120_000);
    await waitForAnalysis(rt.url, token, offerta, 120_000);
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    // Act
    await page.goto(`${rt.url}/documents/${progetto}/confronto?con=${offerta}`);
    await page.locator('.cmp-table').waitFor();
    // Assess: 2.040,00 € × 60% = 1.224,00 € in the project, × 40% = 816,00 € in the offer: the offer's cell warns.
    const labourCells = async (code: string) => (await rowOf(page, code).locator('td.cmp-labour-td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(await labourCells('FIN.020')).toEqual(['1.224,00 €', '816,00 €, inferiore al progetto']);
    expect(await rowOf(page, 'FIN.020').getByTestId('labour-cell-below').getAttribute('title')).toBe('offerta-mdo.xpwe: manodopera 816,00 € contro 1.224,00 € del progetto (−408,00 €)');
    expect(await rowOf(page, 'FIN.020').locator('.cmp-labour-warn').innerText()).toContain('manodopera inferiore al progetto');
    // An offer above the project's (DEM.001, 50% against 45%) and a voce with no incidence (FIN.030) are no warning.
    expect(await labourCells('DEM.001')).toEqual(['484,22 €', '538,02 €']);
    expect(await labourCells('FIN.030')).toEqual(['—', '—']);
    expect(await page.getByTestId('labour-cell-below').count()).toBe(1);
    // In total: 4.802,79 € against 4.448,59 €.
    const totals = (await page.getByTestId('labour-total').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(totals).toEqual(['Costo della manodopera 4.802,79 €', 'Costo della manodopera 4.448,59 € 354,20 € in meno del progetto']);
    expect(await page.locator('.cmp-total-card').nth(1).locator('.cmp-labour-below').count()).toBe(1);
    // Each chapter's subtotal carries its labour: Finiture 364,62 + 1.224,00 + 672,00 = 2.260,62 € against 1.852,62 € in the offer, warned.
    const finiture = page.locator('tr.cmp-subtotal', { hasText: 'Subtotale Finiture' });
    expect((await finiture.locator('td.cmp-labour-sub').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['2.260,62 €', '1.852,62 €, inferiore al progetto']);
    expect(await finiture.getByTestId('labour-subtotal-below').getAttribute('title')).toBe('offerta-mdo.xpwe: manodopera del capitolo 1.852,62 € contro 2.260,62 € del progetto (−408,00 €)');
    await page.screenshot({ path: path.join(shots, 'confronto-manodopera-1366.png'), fullPage: true });
    await expectNoFindings(page, 'comparison with labour at 1366 px');
    await page.context().close();

    // Act: the same on a phone.
    const phone = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 390);
    await phone.goto(`${rt.url}/documents/${progetto}/confronto?con=${offerta}`);
    await phone.locator('.cmp-cards').waitFor();
    // Assess
    const card = phone.locator('.cmp-card', { hasText: 'FIN.020' });
    expect((await card.getByTestId('labour-cell-below').innerText()).replace(/\s+/g, ' ').trim()).toBe('Manodopera 816,00 €, 408,00 € in meno del progetto');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(shots, 'confronto-manodopera-390.png') });
    await phone.context().close();
  }, 240_000);
});
