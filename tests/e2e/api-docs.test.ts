import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedApp, sharedBrowser } from '../support/shared.ts';
import { type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  rt = await sharedApp();
  browser = await sharedBrowser();
});

describe('API reference page in Chromium', () => {
  it('renders every operation under our CSP, offline: no request leaves the origin, no CSP violation', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    const outside: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(rt.url) && !req.url().startsWith('data:')) outside.push(req.url());
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${rt.url}/api/docs`);
    await page.getByText('Computa API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    const operations = await page.locator('.opblock').count();
    expect(operations).toBeGreaterThan(40);
    // An operation opens with its Italian errors.
    await page.locator('.opblock-summary-path[data-path="/api/auth/login"]').first().click();
    await page.getByText('Username e password sono obbligatori').first().waitFor();
    expect(outside).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
