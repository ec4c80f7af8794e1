import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { luccaApp, sharedBrowser, sharedDocument } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { ADMIN_PASSWORD, type TestRuntime } from '../support/runtime.ts';
import { COMPUTO, VARIANTE, xpwe } from '../support/comparison-computi.ts';



let rt: TestRuntime;
let browser: Browser;
let documentId: number;
/** A computo and its variante (XPWE), for the comparison page (issue 40). */
let computo: number;
let variante: number;

beforeAll(async () => {
  // An analysed document priced in part (Lucca list of its Tuscan articles): priced and unpriced
  // rows. The app, the list and the three documents (which no test here changes) are shared.
  rt = await luccaApp('primus_medium.pdf');
  browser = await sharedBrowser();
  [documentId, computo, variante] = await Promise.all([
    sharedDocument(rt, 'primus_medium.pdf', () => corpusFile('primus_medium.pdf')),
    sharedDocument(rt, 'computo.xpwe', () => Buffer.from(xpwe(COMPUTO, 'Scuola'))),
    sharedDocument(rt, 'variante.xpwe', () => Buffer.from(xpwe(VARIANTE, 'Scuola variante'))),
  ]);
}, 300_000);

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

  it('verification tab, comparison page (two and three documents), the price source panel, the phone menu (issue 40)', async () => {
    // Prepare
    const page = await openDetail(width);

    // Act + Assess: the price source badge's panel
    await page.getByTestId('price-source-button').first().click();
    await page.locator('.doc-src-panel [data-testid=price-why]').waitFor();
    await expectNoFindings(page, `pannello della fonte a ${width} px`);
    await page.keyboard.press('Escape');
    await page.locator('.doc-src-panel').waitFor({ state: 'hidden' });

    // The verification tab
    await page.goto(`${rt.url}/documents/${documentId}?tab=verifica`);
    await page.getByTestId('verification-panel').waitFor();
    await expectNoFindings(page, `scheda Verifica a ${width} px`);

    // The comparison: the computo and its variante, the PDF against the variante (its totals fall:
    // green on the tinted total row), the computo against both
    for (const [main, con] of [[computo, `${variante}`], [documentId, `${variante}`], [computo, `${variante},${documentId}`]]) {
      await page.goto(`${rt.url}/documents/${main}/confronto?con=${con}`);
      await page.locator('[data-voce]').first().waitFor();
      await expectNoFindings(page, `confronto di ${main} con ${con} a ${width} px`);
    }

    // On a phone, the top bar's menu open
    if (width < 640) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Documenti', exact: true }).waitFor();
      // Audited once it has finished appearing (half-transparent while it fades in).
      await page.waitForFunction(() => [...document.querySelectorAll('.p-menu')].every((m) => getComputedStyle(m).opacity === '1' && !/-enter-active|-enter(?!-done)|-exit/.test(m.className)));
      await expectNoFindings(page, `menu della barra in alto a ${width} px`);
    }
    await page.close();
  }, 180_000);
});
