/**
 * The Esporta button in Chromium: its main action downloads the Excel workbook, its menu offers
 * Excel, PriMus (XPWE), SIX (XML) and PDF (stampa), each of which downloads its file
 * (documento_{id}.xlsx/.xpwe/.xml/.pdf) with the right content; the open menu passes axe-core.
 * The printout's heading is shown on the document page and edited in its form, then printed.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { ADMIN_PASSWORD, loginAs, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let documentId: number;

beforeAll(async () => {
  rt = await sharedApp();
  browser = await sharedBrowser();
  const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  ({ id: documentId } = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'), 'primus_small.pdf'));
  await waitForAnalysis(rt.url, token, documentId, 120_000);
}, 300_000);

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

describe('Esporta in Chromium', () => {
  it('downloads Excel from the button and each format from its menu', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await page.goto(`${rt.url}/documents/${documentId}`);
    await page.getByTestId('row-count').waitFor();

    // Act + Assess: the main action is the Excel workbook, as before
    const xlsx = await download(page, () => page.getByRole('button', { name: 'Esporta', exact: true }).click());
    expect(xlsx.name).toBe(`documento_${documentId}.xlsx`);
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');

    // The menu offers the four formats, in Italian, and passes the audit while open
    await page.getByRole('button', { name: 'Scegli il formato' }).click();
    const menu = page.getByRole('menubar');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Excel', 'PriMus (XPWE)', 'SIX (XML)', 'PDF (stampa)']);
    await page.waitForFunction(() => [...document.querySelectorAll('.p-tieredmenu, .p-menu')].every((d) => getComputedStyle(d).opacity === '1'));
    const findings = await auditPage(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    const expected = [
      ['Excel', 'xlsx', 'PK'],
      ['PriMus (XPWE)', 'xpwe', '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="PriMus.Document.XPWE"?>\n<PweDocumento>'],
      ['SIX (XML)', 'xml', '<?xml version="1.0" encoding="UTF-8"?>\n<Documento xmlns="six.xsd">'],
      ['PDF (stampa)', 'pdf', '%PDF-'],
    ] as const;
    for (const [label, ext, start] of expected) {
      if (label !== 'Excel') {
        // As a user would: the menu closes on a choice (with its transition); open it again
        await page.getByRole('menubar').waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: 'Scegli il formato' }).click();
      }
      const file = await download(page, () => page.getByRole('menuitem', { name: label }).click());
      expect(file.name, label).toBe(`documento_${documentId}.${ext}`);
      expect(file.bytes.subarray(0, start.length).toString('utf8'), label).toBe(start);
    }
    await page.close();
  }, 180_000);

  it('shows the printout\u2019s heading on the document page, edits it in its form, and prints it', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1366);
    await page.goto(`${rt.url}/documents/${documentId}`);
    const heading = page.getByRole('region', { name: 'Intestazione della stampa' });
    await heading.waitFor();
    expect(await heading.getByTestId('intestazione-oggetto').textContent()).toBe('Oggetto: primus_small');
    // Act: the form, filled as a user would
    await heading.getByRole('button', { name: 'Modifica' }).click();
    const dialog = page.getByRole('dialog', { name: 'Intestazione della stampa' });
    await dialog.waitFor();
    await dialog.getByLabel('Oggetto').fill('Scuola primaria Dante: adeguamento sismico');
    await dialog.getByLabel('Committente').fill('Comune di Lucca');
    await dialog.getByLabel('Luogo').fill('Lucca');
    await dialog.getByLabel('Progettista').fill('Ing. Maria Rossi');
    const findings = await auditPage(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Assess: shown on the page, kept on the document, printed
    expect(await heading.getByTestId('intestazione-committente').textContent()).toBe('Committente: Comune di Lucca');
    await page.screenshot({ path: '/tmp/i37-heading.png' });
    await page.getByRole('button', { name: 'Scegli il formato' }).click();
    const pdf = await download(page, () => page.getByRole('menuitem', { name: 'PDF (stampa)' }).click());
    expect(pdf.bytes.includes(Buffer.from('%PDF-'))).toBe(true);
    await page.close();
  }, 180_000);
});
