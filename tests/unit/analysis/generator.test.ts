/**
 * The adversarial computo generator (tests/generator): deterministic, its truth satisfies the
 * amount invariants, and the PDF text layer carries every voce's amount as printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../functions/analysis/pdf-text.ts';
import { fmt, mulRound2, sum2 } from '../../generator/core.ts';
import { formatNumber, type NumberFormatName } from '../../generator/layouts-report.ts';
import type { Truth } from '../../generator/doc.ts';
import { LAYOUT_NAMES, generateOne } from '../../generator/generate.ts';
import { repoRoot } from './corpus-paths.ts';

const fixturesDir = path.join(repoRoot, 'tests/fixtures/generated');
const fixtures = fs.existsSync(fixturesDir)
  ? fs.readdirSync(fixturesDir).filter(f => f.endsWith('.truth.json')).sort()
  : [];

function checkInvariants(t: Truth): void {
  expect(t.scanned).toBe(false);
  expect(t.voci).toBe(t.items.length);
  expect(t.items.length).toBeGreaterThanOrEqual(5);
  expect(t.document_total).toBe(sum2(t.items.map(i => i.totale)));
  let prev = 0;
  for (const it of t.items) {
    expect(it.n).toBeGreaterThan(prev);
    prev = it.n;
    // (a voce whose print does not close says so: the reader must flag it)
    if (!it.da_verificare) expect(it.totale, `voce ${it.n}`).toBe(mulRound2([it.quantita, it.unitario]));
    expect(it.page).toBeGreaterThanOrEqual(1);
    expect(it.page_end).toBeGreaterThanOrEqual(it.page);
    expect(it.page_end).toBeLessThanOrEqual(t.pages);
    if (t.variant?.codes !== 'none') expect(it.tariffa).not.toBe('');
    if (it.misure?.length) expect(sum2(it.misure.map(m => m.parziale)), `voce ${it.n} misure`).toBe(it.quantita);
    for (const m of it.misure ?? []) {
      const dims = [m.par_ug, m.lung, m.larg, m.h_peso].filter((d): d is number => d != null);
      if (dims.length) expect(m.parziale, `voce ${it.n} misura ${m.testo}`).toBe(mulRound2(dims));
    }
  }
}

/** Words of a page joined by single spaces (the narrow-gap separator reads as a space). */
function pageText(words: Array<{ text: string }>): string {
  return ` ${words.map(w => w.text).join(' ')} `;
}

/** Words top to bottom, left to right (the content stream may hold them in another order). */
function readingOrder(words: Array<{ text: string; x0: number; y0: number; y1: number }>): string[] {
  const cy = (w: { y0: number; y1: number }): number => (w.y0 + w.y1) / 2;
  const sorted = [...words].sort((a, b) => cy(a) - cy(b));
  const lines: Array<typeof words> = [];
  for (const w of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(cy(last[0]) - cy(w)) < 2) last.push(w);
    else lines.push([w]);
  }
  return lines.flatMap(l => l.sort((a, b) => a.x0 - b.x0).map(w => w.text));
}

/** An amount as the document prints it (report prints: in their own number format, the totals maybe in another). */
function printed(v: number, t: Truth, total = false): string {
  const own = t.variant?.[total ? 'totalFmt' : 'fmt'];
  if (typeof own === 'string') return formatNumber(v, 2, own as NumberFormatName);
  const thou = t.thousands_separator;
  return fmt(v, 2, thou === '\u202f' || thou === '\u00a0' ? ' ' : thou);
}

async function checkText(pdf: Uint8Array, t: Truth): Promise<void> {
  const pages = await extractDocument(pdf);
  expect(pages.length).toBe(t.pages);
  const texts = pages.map(p => pageText(p.words));
  for (const it of t.items) {
    const text = texts[it.page_end - 1];
    expect(text.includes(` ${printed(it.totale, t)} `), `${t.file} voce ${it.n}: ${printed(it.totale, t)} on page ${it.page_end}`).toBe(true);
  }
  // every word of the designation is printed, in order, from the voce's first page on (when the amounts
  // are on the voce's first line, the designation can run on to the page after page_end)
  for (const it of t.items) {
    const words = pages.slice(it.page - 1, it.page_end + 1).flatMap(p => readingOrder(p.words));
    let k = 0;
    for (const w of it.descrizione.split(' ').filter(Boolean)) {
      while (k < words.length && words[k] !== w) k++;
      expect(k < words.length, `${t.file} voce ${it.n}: "${w}" of the designation not found in order`).toBe(true);
      k++;
    }
  }
  const all = texts.join(' ');
  expect(all.includes(` ${printed(t.document_total, t, true)} `), `${t.file}: document total`).toBe(true);
}

describe('generator', () => {
  it('knows at least six layouts', () => {
    expect(LAYOUT_NAMES.length).toBeGreaterThanOrEqual(6);
  });

  for (const layout of LAYOUT_NAMES) {
    it(`${layout}: deterministic, invariants hold, amounts in the text layer`, async () => {
      const a = await generateOne(layout, 3, 0);
      const b = await generateOne(layout, 3, 0);
      expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
      expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
      const c = await generateOne(layout, 4, 0);
      expect(Buffer.from(a.pdf).equals(Buffer.from(c.pdf))).toBe(false);
      checkInvariants(a.truth);
      await checkText(a.pdf, a.truth);
    });
  }

  it('committed fixtures exist for every layout', () => {
    const layouts = new Set(fixtures.map(f => (JSON.parse(fs.readFileSync(path.join(fixturesDir, f), 'utf8')) as Truth).layout));
    for (const l of LAYOUT_NAMES) expect(layouts.has(l), l).toBe(true);
  });

  for (const f of fixtures) {
    it(`fixture ${f}: invariants hold, amounts in the text layer, regenerates identically`, async () => {
      const t = JSON.parse(fs.readFileSync(path.join(fixturesDir, f), 'utf8')) as Truth;
      checkInvariants(t);
      const pdf = new Uint8Array(fs.readFileSync(path.join(fixturesDir, t.file)));
      await checkText(pdf, t);
      const m = /_s(\d+)(?:_(\d+))?\.pdf$/.exec(t.file)!;
      const again = await generateOne(t.layout, Number(m[1]), m[2] ? Number(m[2]) - 1 : 0);
      expect(JSON.stringify(again.truth)).toBe(JSON.stringify(t));
    });
  }
});
