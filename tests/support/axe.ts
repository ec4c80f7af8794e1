import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0/2.1 level A and AA rules, as the issue asks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the failing elements (first few), to read in a failed assertion. */
  targets: string[];
}

/**
 * Runs axe-core inside the page (from node_modules, never from a CDN) and returns one finding
 * per failing rule. An empty array means the screen passes WCAG 2 A and AA as axe sees it. axe is
 * evaluated through the DevTools protocol, so the app's Content-Security-Policy (script-src
 * 'self', no inline scripts) stays on while the screen is audited.
 */
export async function auditPage(page: Page): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  }, WCAG_TAGS);
}

/** A readable one-line-per-rule summary for assertion messages. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.rule} (${f.impact}): ${f.help} → ${f.targets.join(' | ')}`).join('\n');
}
