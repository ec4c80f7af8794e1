import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, loginAs, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  rt = await sharedApp();
  browser = await sharedBrowser();
});

describe('the Content-Security-Policy in Chromium', () => {
  it('every screen works under the policy: no violation reported', async () => {
    // Prepare: an analysed document, so the detail page has rows, overlays and dialogs to render
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const { id } = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'));
    await waitForAnalysis(rt.url, token, id);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
    });

    // Act: log in and walk through the screens
    const first = await page.goto(`${rt.url}/login`);
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.getByText('Benvenuto, admin!').waitFor();
    for (const path of ['/documents', `/documents/${id}`, '/upload', '/search?q=scavo', '/admin/dashboard', '/admin/patterns', '/admin/tipologie-dei', '/upload-prezzario-toscana', '/presentazione']) {
      await page.goto(rt.url + path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${rt.url}/documents/${id}`);
    await page.locator('table tbody tr').first().waitFor();

    // Assess
    expect(violations).toEqual([]);
    await context.close();
  });
});
