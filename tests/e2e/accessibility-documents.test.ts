import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loggedInPage } from '../support/browser.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { tuscanItemsOf, importLuccaList } from '../support/price-lists.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { ADMIN_PASSWORD, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';



let rt: TestRuntime;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let token: string;
let documentId: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  ({ browser, close: closeBrowser } = await launchBrowser());
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  // An analysed document priced in part (Lucca list of its Tuscan articles): priced and unpriced rows.
  await importLuccaList(rt.url, token, tuscanItemsOf('primus_medium.pdf'));
  ({ id: documentId } = await uploadPdf(rt.url, token, corpusFile('primus_medium.pdf'), 'primus_medium.pdf'));
  await waitForAnalysis(rt.url, token, documentId, 180_000);
}, 300_000);
afterAll(async () => {
  await closeBrowser?.();
  await rt?.close();
});

/** Audits the page as it is now: no WCAG 2 A/AA finding. */
async function expectNoFindings(page: Page, what: string) {
  const findings = await auditPage(page);
  expect(findings, `${what}:\n${describeFindings(findings)}`).toEqual([]);
}

async function openDetail(width: number): Promise<Page> {
  const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);
  await page.goto(`${rt.url}/documents/${documentId}`);
  await page.getByTestId('row-count').waitFor();
  return page;
}

describe.each([1366, 390])('the documents screens pass an axe-core audit at %i px', (width) => {
  it('documents list and upload page', async () => {
    // Prepare
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);

    // Act + Assess
    await page.goto(`${rt.url}/documents`);
    await page.getByTestId('page-info').waitFor();
    await page.getByText('primus_medium.pdf').first().waitFor();
    await expectNoFindings(page, `/documents a ${width} px`);
    await page.goto(`${rt.url}/upload`);
    await page.getByRole('button', { name: 'Carica e Analizza' }).waitFor();
    await expectNoFindings(page, `/upload a ${width} px`);
    await page.close();
  }, 120_000);

  it('detail page: rows, filters and grouping, the PDF panel, the edit dialog', async () => {
    // Prepare
    const page = await openDetail(width);

    // Act + Assess: as it opens
    await expectNoFindings(page, `dettaglio a ${width} px`);

    // The PDF panel open on a row
    await page.getByRole('button', { name: 'Mostra nel PDF' }).first().click();
    await page.getByTestId('pdf-box').waitFor();
    await expectNoFindings(page, `dettaglio con il PDF a ${width} px`);
    await page.getByRole('button', { name: 'Chiudi il PDF' }).click();

    // The edit dialog
    await page.getByRole('button', { name: 'Modifica riga' }).first().click();
    await page.getByRole('dialog').waitFor();
    // Audited once it has finished appearing (half-transparent while it fades in).
    await page.waitForFunction(() => [...document.querySelectorAll('.p-dialog')].every((d) => getComputedStyle(d).opacity === '1' && !/-enter-active|-enter(?!-done)|-exit/.test(d.className)));
    await expectNoFindings(page, `dialogo di modifica a ${width} px`);
    await page.getByRole('dialog').getByRole('button', { name: 'Annulla', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Filters set and rows grouped by chapter
    await page.locator('.doc-filter-kind').click();
    await page.getByRole('option', { name: 'Senza prezzo di riferimento' }).click();
    await page.getByLabel('Descrizioni complete').check();
    const grouping = page.getByLabel('Raggruppa per capitolo');
    if (await grouping.count()) {
      await grouping.check();
      await page.getByTestId('chapter').first().getByTestId('chapter-name').click();
    }
    await expectNoFindings(page, `filtri e capitoli a ${width} px`);
    await page.close();
  }, 180_000);
});
