/** Numbers on a line: amounts, rates, numbers split by a space thousands separator, `€` cells; q × p = t triples. */
import { dec, parseDecimalPoint, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import { productHolds } from './checks.ts';
import { DATE } from './hints.ts';
import { linesOf, parseAmount } from './lines.ts';
import type { Tok } from './reading.ts';
import { FS } from './thresholds.ts';

/**
 * How a print writes its numbers: a decimal comma (Italian, the default) or a decimal point
 * (English, JavaScript's `toFixed`). The document's own arithmetic chooses it (formatOf in generale.ts).
 */
export interface NumberFormat {
  decimal: ',' | '.';
  /** The first digits of a number split by a space thousands separator ("1" of "1 234,56"). */
  head: RegExp;
  /** The rest of such a number ("234,56"). */
  tail: RegExp;
}

export const DECIMAL_COMMA: NumberFormat = {
  decimal: ',',
  head: /^-?\d{1,3}([.\u00b4'\u2019 ]\d{3})*$/,
  tail: /^\d{3}([.\u00b4'\u2019 ]\d{3})*(,\d+)?$/,
};

export const DECIMAL_POINT: NumberFormat = {
  decimal: '.',
  head: /^-?\d{1,3}([,\u00b4'\u2019 ]\d{3})*$/,
  tail: /^\d{3}([,\u00b4'\u2019 ]\d{3})*(\.\d+)?$/,
};

/** A rate (`19,23%`, `5,2 %`, `19.23%` with a decimal point) as the fraction it stands for, or null. */
export function rateOf(text: string, nf: NumberFormat = DECIMAL_COMMA): Decimal | null {
  const m = (nf.decimal === ',' ? /^(\d{1,3},\d{1,4})\s*%$/ : /^(\d{1,3}\.\d{1,4})\s*%$/).exec(text);
  if (!m) return null;
  const v = numberOf(m[1], nf);
  return v ? dec(v.units, v.scale + 2) : null;
}

const NUMBERISH = /^[-+(]?(€\.?\s*)?\d[\d.,\u00b4'\u2019 \u00a0\u202f]*\)?(\s*€)?$/;

function numberOf(text: string, nf: NumberFormat): Decimal | null {
  if (nf.decimal === ',') return parseAmount(text);
  const t = text.trim().replace(/^€\.?\s*/, '').replace(/\s*€$/, '');
  return /\d/.test(t) ? parseDecimalPoint(t) : null;
}

/** An amount word ("1.234,56", "2´034,50", "-12,50", or "1,680.04" with a decimal point); dates and percentages are not amounts. */
export function amountOf(text: string, nf: NumberFormat = DECIMAL_COMMA): Decimal | null {
  const c = text.charCodeAt(0);
  // Words starting with a letter (most of them) are never amounts.
  if (!(c >= 48 && c <= 57) && c !== 45 && c !== 43 && c !== 40 && c !== 8364) return null;
  return NUMBERISH.test(text) && !DATE.test(text) ? numberOf(text, nf) : null;
}

const CURRENCY = new Set(['€', '€.', 'EUR', 'Euro']);

/**
 * Joins numbers split by a space thousands separator ("1 234,56") and drops `€` cells, marking the
 * number they sign in `euro` (amounts printed with a currency sign are prices or amounts, never quantities).
 */
export function cleanWords(words: readonly Word[], fs: number, gap: number, nf: NumberFormat = DECIMAL_COMMA): { words: Word[]; euro: Set<Word> } {
  const euro = new Set<Word>();
  const out: Word[] = [];
  let signNext = false;
  for (const w of words) {
    const t = w.text.trim();
    if (!t) continue;
    const prev = out.at(-1);
    if (CURRENCY.has(t)) {
      // The sign belongs to the number right after it, or else to the number right before it.
      if (prev && /\d$/.test(prev.text) && w.x0 - prev.x1 < FS.euroAfterNumber * fs) euro.add(prev);
      else signNext = true;
      continue;
    }
    if (prev && nf.head.test(prev.text) && nf.tail.test(t) && w.x0 - prev.x1 < gap * fs && w.x0 >= prev.x1 - FS.numberOverlap * fs) {
      const joined = { ...prev, text: `${prev.text} ${t}`, x1: w.x1, y0: Math.min(prev.y0, w.y0), y1: Math.max(prev.y1, w.y1) };
      if (euro.has(prev)) euro.add(joined);
      out[out.length - 1] = joined;
      continue;
    }
    if ((signNext && /^[-+(]?\d/.test(t)) || /^[-+(]?€|€\)?$/.test(t)) euro.add(w);
    signNext = false;
    out.push(w);
  }
  return { words: out, euro };
}

/**
 * Thousands separated by a space: a print that groups no number with `.`, `´` or `'` but shows
 * "1-3 digits" + "3 digits,decimals" side by side. Only then are such pairs joined across a wide gap.
 */
export function spaceGrouped(pages: readonly PageWords[], nf: NumberFormat = DECIMAL_COMMA): boolean {
  // With its decimals: a bare "18.030" is as often a code's second half wrapped in its cell.
  const grouped = nf.decimal === ',' ? /^-?\d{1,3}([.\u00b4'\u2019]\d{3})+,\d+$/ : /^-?\d{1,3}([,\u00b4'\u2019]\d{3})+\.\d+$/;
  const tail = nf.decimal === ',' ? /^\d{3},\d+$/ : /^\d{3}\.\d+$/;
  // A thousand printed without any separator (`6825.00`): this print does not group thousands at all.
  const ungrouped = nf.decimal === ',' ? /^-?\d{4,},\d+$/ : /^-?\d{4,}\.\d+$/;
  let pairs = 0;
  for (const p of pages) {
    for (const l of linesOf(p)) {
      for (let i = 0; i < l.words.length; i++) {
        const t = l.words[i].text;
        if (grouped.test(t) || ungrouped.test(t)) return false;
        else if (i > 0 && tail.test(t) && /^-?\d{1,3}$/.test(l.words[i - 1].text)) pairs++;
      }
    }
  }
  return pairs > 0;
}

/** Two amounts left of `t` whose product is `t` (adjacent pairs first). */
export function tripleBefore(before: readonly Tok[], t: Tok): [Tok, Tok] | null {
  const n = before.length;
  for (let i = n - 1; i >= Math.max(1, n - 4); i--) {
    for (let j = i - 1; j >= Math.max(0, n - 5); j--) {
      if (Math.abs(before[j].f * before[i].f - t.f) > 0.02 + 1e-9 * Math.abs(t.f)) continue;
      if (productHolds(before[j].v, before[i].v, t.v)) return [before[j], before[i]];
    }
  }
  return null;
}

export function clusters(xs: number[], tol: number): Array<{ x: number; n: number }> {
  const s = [...xs].sort((a, b) => a - b);
  const out: Array<{ x: number; n: number; sum: number }> = [];
  for (const x of s) {
    const c = out.at(-1);
    if (c && x - c.sum / c.n <= tol) {
      c.n++;
      c.sum += x;
    } else out.push({ x, n: 1, sum: x });
  }
  return out.map(c => ({ x: c.sum / c.n, n: c.n }));
}
