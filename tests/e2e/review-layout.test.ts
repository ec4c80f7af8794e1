import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { luccaApp, sharedBrowser, sharedDocument } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { tuscanItemsOf } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, type TestRuntime } from '../support/runtime.ts';

/** A computo whose print has chapters, priced in part from a Lucca list of its Tuscan articles. */
const DOCUMENT = process.env.LAYOUT_DOC ?? 'primus_medium.pdf';

let rt: TestRuntime;
let browser: Browser;
let token: string;
let documentId: number;

beforeAll(async () => {
  // The app with the Lucca list of the document's Tuscan articles, and the document (no test here
  // changes it), are shared (tests/support/shared.ts).
  rt = await luccaApp(DOCUMENT);
  browser = await sharedBrowser();
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  documentId = await sharedDocument(rt, DOCUMENT, () => corpusFile(DOCUMENT));
}, 300_000);

const rowsOf = async () => ((await apiClient(rt.url)('GET', `/api/documents/${documentId}/rows?per_page=50000`, { token })).json.data as Array<{ attributes: any }>).map((r) => r.attributes);
/** '1.234,56 €' → 1234.56 */
const euro = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.').replace('−', '-'));
const cents = (values: Array<number | null>) => values.reduce<number>((s, v) => s + (typeof v === 'number' ? Math.round(v * 100) : 0), 0) / 100;

async function openDocument(width: number): Promise<Page> {
  const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, width);
  await page.goto(`${rt.url}/documents/${documentId}`);
  await page.getByTestId('row-count').waitFor();
  return page;
}

describe('reading the rows of a computo', () => {
  it('groups the rows by chapter with subtotals equal to the sums of the API rows', async () => {
    // Prepare: the chapters and their sums, computed here from the API's rows
    const rows = await rowsOf();
    const chapterOf = (r: any): string => r.capitoli?.categoria ?? r.capitoli?.supercategoria ?? r.capitoli?.sottocategoria ?? 'Senza capitolo';
    const expected = new Map<string, any[]>();
    for (const r of [...rows].sort((a, b) => a.row_index - b.row_index)) expected.set(chapterOf(r), [...(expected.get(chapterOf(r)) ?? []), r]);
    expect([...expected.keys()].filter((k) => k !== 'Senza capitolo').length).toBeGreaterThan(1);
    const page = await openDocument(1366);

    // Act
    await page.getByLabel('Raggruppa per capitolo').check();
    await page.getByTestId('chapter-groups').waitFor();

    // Assess: one section per chapter, in print order, each with its subtotals
    const sections = page.getByTestId('chapter');
    expect(await sections.count()).toBe(expected.size);
    let i = 0;
    for (const [name, list] of expected) {
      const section = sections.nth(i++);
      const priced = list.filter((r) => r.prezzo_totale_db !== null);
      expect(await section.getByTestId('chapter-name').innerText()).toContain(name);
      expect(euro(await section.getByTestId('chapter-printed').innerText())).toBeCloseTo(cents(list.map((r) => r.totale)), 2);
      expect(euro(await section.getByTestId('chapter-priced-printed').innerText())).toBeCloseTo(cents(priced.map((r) => r.totale)), 2);
      expect(euro(await section.getByTestId('chapter-reference').innerText())).toBeCloseTo(cents(priced.map((r) => r.prezzo_totale_db)), 2);
      expect(euro(await section.getByTestId('chapter-difference').innerText())).toBeCloseTo(cents(priced.map((r) => r.differenza_totale_db)), 2);
    }
    // A chapter opens on its own rows
    const [firstName, firstRows] = [...expected.entries()][0];
    await sections.first().getByRole('button', { name: new RegExp(firstName.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await sections.first().getByTestId('row-count').getByText(String(firstRows.length), { exact: true }).waitFor();

    // With a filter, the subtotals are those of the rows kept
    await page.locator('.doc-filter-kind').click();
    await page.getByRole('option', { name: 'Senza prezzo di riferimento' }).click();
    const unpriced = [...expected.values()].map((list) => list.filter((r) => r.prezzo_db === null)).filter((l) => l.length);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=chapter]').length === n, unpriced.length);
    expect(euro(await sections.first().getByTestId('chapter-printed').innerText())).toBeCloseTo(cents(unpriced[0].map((r) => r.totale)), 2);
    await page.close();
  }, 120_000);

  it('shows whole descriptions, wrapped in the table, on request', async () => {
    // Prepare: the longest description
    const rows = await rowsOf();
    const longest = rows.reduce((a, b) => (b.descrizione.length > a.descrizione.length ? b : a));
    expect(longest.descrizione.length).toBeGreaterThan(200);
    const page = await openDocument(1366);
    const cell = () => page.locator('[data-testid=row-description]', { hasText: longest.descrizione.slice(0, 60) }).first();
    await page.getByRole('textbox', { name: /Cerca/ }).first().fill(longest.tariffa);
    await cell().waitFor();
    // One line: cut
    const compact = await cell().evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, className: el.className, length: el.textContent?.length }));
    expect(compact.cut, JSON.stringify(compact)).toBe(true);

    // Act
    await page.getByLabel('Descrizioni complete').check();

    // Assess: the whole text is there and nothing of it is cut
    await page.waitForFunction(() => document.querySelector('.doc-rows-full') !== null);
    expect(await cell().innerText()).toContain(longest.descrizione.slice(-60));
    const full = await cell().evaluate((el) => ({ whole: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1, sizes: [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight], className: el.className }));
    expect(full.whole, JSON.stringify(full)).toBe(true);
    // The table uses the width of a wide screen
    const tableWidth = await page.locator('.doc-rows-card').evaluate((el) => el.getBoundingClientRect().width);
    expect(tableWidth).toBeGreaterThan(1366 * 0.9);
    await page.close();
  }, 120_000);

  it('at 390 px the documents and the rows are cards, with no text wider than its box', async () => {
    // Prepare
    const page = await openDocument(390);

    // Act: the detail page, then the list
    await page.getByTestId('row-card').first().waitFor();
    const detail = await page.evaluate(() => {
      // Elements with text of their own (icon buttons hold an empty label)
      const overflowing = [...document.querySelectorAll('[data-testid=row-card] *')].filter((el) => el instanceof HTMLElement && el.offsetParent !== null && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '') && el.scrollWidth > el.clientWidth + 1).map((el) => el.className || el.tagName);
      return { pageWidth: document.documentElement.scrollWidth, overflowing, tables: document.querySelectorAll('.doc-rows-table').length };
    });
    // A long description folds, and opens whole
    const more = page.getByRole('button', { name: 'Mostra tutta la descrizione' }).first();
    await more.click();
    await page.getByRole('button', { name: 'Mostra meno' }).first().waitFor();
    await page.goto(`${rt.url}/documents`);
    await page.getByTestId('document-card').first().waitFor();
    const list = await page.evaluate(() => {
      const overflowing = [...document.querySelectorAll('[data-testid=document-card] *')].filter((el) => el instanceof HTMLElement && el.offsetParent !== null && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '') && el.scrollWidth > el.clientWidth + 1).map((el) => el.className || el.tagName);
      return { pageWidth: document.documentElement.scrollWidth, overflowing, tables: document.querySelectorAll('.doc-table').length };
    });

    // Assess
    expect(detail.pageWidth).toBeLessThanOrEqual(390);
    expect(list.pageWidth).toBeLessThanOrEqual(390);
    expect({ detail: detail.overflowing, list: list.overflowing }).toEqual({ detail: [], list: [] });
    expect({ detail: detail.tables, list: list.tables }).toEqual({ detail: 0, list: 0 });
    await page.close();
  }, 120_000);

  it('at 390 px the price search answers in cards with the whole description and the matched words marked', async () => {
    // Prepare: a word of the loaded list's first article
    const [first] = tuscanItemsOf(DOCUMENT);
    const word = first.descrizione.split(/[\s,.;:]+/).find((w) => w.length >= 6)!;
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 390);

    // Act
    await page.goto(`${rt.url}/search?q=${encodeURIComponent(word)}`);
    await page.getByTestId('search-card').first().waitFor();
    const seen = await page.evaluate(() => {
      const overflowing = [...document.querySelectorAll('[data-testid=search-card] *')].filter((el) => el instanceof HTMLElement && el.offsetParent !== null && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '') && el.scrollWidth > el.clientWidth + 1).map((el) => el.className || el.tagName);
      const card = document.querySelector('[data-testid=search-card]')!;
      return { pageWidth: document.documentElement.scrollWidth, overflowing, tables: document.querySelectorAll('.pz-table').length, marked: [...card.querySelectorAll('mark')].map((m) => m.textContent), text: card.textContent };
    });

    // Assess
    expect(seen.pageWidth).toBeLessThanOrEqual(390);
    expect(seen.overflowing).toEqual([]);
    expect(seen.tables).toBe(0);
    expect(seen.marked.map((m) => m!.toLowerCase())).toContain(word.toLowerCase());
    expect(seen.text).not.toContain('…');
    await page.close();
  }, 60_000);
});
