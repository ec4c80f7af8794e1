import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { loggedInPage } from '../support/browser.ts';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
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
}, 180_000);

describe('a document opened while its analysis runs', () => {
  it('asks for the document and its rows together, and shows the rows when the analysis ends', async () => {
    // Prepare: the server answers "processing" (and no rows yet) for the first reads, as during an analysis.
    const page = await loggedInPage(browser, rt.url, 'admin', ADMIN_PASSWORD, 1280);
    let documentReads = 0;
    let rowReads = 0;
    const events: string[] = [];
    const name = (url: string) => (new URL(url).pathname.endsWith('/rows') ? 'rows' : 'document');
    page.on('request', (r) => {
      if (r.url().includes(`/api/documents/${documentId}`)) events.push(`asked ${name(r.url())}`);
    });
    page.on('requestfinished', (r) => {
      if (r.url().includes(`/api/documents/${documentId}`)) events.push(`answered ${name(r.url())}`);
    });
    await page.route(new RegExp(`/api/documents/${documentId}$`), async (route: Route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (++documentReads <= 3) Object.assign(body.data.attributes, { status: 'processing', completed_at: null, pages_done: 1 });
      await route.fulfill({ response, json: body });
    });
    await page.route(new RegExp(`/api/documents/${documentId}/rows`), async (route: Route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (++rowReads === 1) Object.assign(body, { data: [], meta: { ...body.meta, 'total-count': 0 } });
      await route.fulfill({ response, json: body });
    });

    // Act
    await page.goto(`${rt.url}/documents/${documentId}`);
    await page.getByTestId('document-status').getByText('Completato').waitFor({ timeout: 20_000 });
    await page.getByTestId('row-count').getByText(/^[1-9]\d*$/).waitFor({ timeout: 20_000 });

    // Assess: the rows were asked for before the document had answered, and again once it completed
    expect(events.indexOf('asked rows')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('asked rows')).toBeLessThan(events.indexOf('answered document'));
    expect(documentReads).toBeGreaterThanOrEqual(4);
    expect(rowReads).toBe(2);
    await page.context().close();
  }, 60_000);
});
