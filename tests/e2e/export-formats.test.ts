/**
 * The Esporta button in Chromium: its main action downloads the Excel workbook, its menu offers
 * Excel, PriMus (XPWE), SIX (XML) and PDF (stampa), each of which downloads its file
 * (documento_{id}.xlsx/.xpwe/.xml/.pdf) with the right content; the open menu passes axe-core.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loggedInPage } from '../support/browser.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { ADMIN_PASSWORD, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let documentId: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  ({ browser, close: closeBrowser } = await launchBrowser());
  const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  ({ id: documentId } = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'), 'primus_small.pdf'));
  await waitForAnalysis(rt.url, token, documentId, 120_000);
}, 300_000);
afterAll(async () => {
  await closeBrowser?.();
  await rt?.close();
});

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
      ['PriMus (XPWE)', 'xpwe', '<?xml version="1.0" encoding="UTF-8"?>\n<PweDocumento>'],
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
});
