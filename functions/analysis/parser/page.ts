/** Words -> body lines: each line's font size, numbers, labels, and whether it is a carry line or footer. */
import { toNumber } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import { isCarry, isFooter } from './hints.ts';
import { linesOf, textOf, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import { type Tok, type BLine, type PageModel, median } from './reading.ts';
import { rateOf, amountOf, cleanWords, DECIMAL_COMMA, type NumberFormat } from './numbers.ts';
import { findHeader } from './header.ts';
import { FS } from './thresholds.ts';

export function pageModel(page: PageWords, gap: number, nf: NumberFormat = DECIMAL_COMMA): PageModel {
  const raw = linesOf(page);
  const fs = median(page.words.map(w => w.y1 - w.y0)) || 8;
  const lines: BLine[] = raw.map(l => bline(page, l, fs, gap, nf));
  const header = findHeader(lines, fs);
  return { page: page.page, width: page.width, fs, lines, header: header?.model ?? null, bodyFrom: header ? header.end : 0 };
}

function bline(page: PageWords, l: Line, pageFs: number, gap: number, nf: NumberFormat): BLine {
  let h = 0;
  for (const w of l.words) h += w.y1 - w.y0;
  const fs = h / l.words.length || pageFs;
  const { words, euro } = cleanWords(l.words, fs, gap, nf);
  const nums: Tok[] = [];
  const labels: Word[] = [];
  for (const w of words) {
    const v = amountOf(w.text, nf);
    const rate = v ? null : rateOf(w.text, nf);
    if (v) nums.push({ w, v, f: toNumber(v), euro: euro.has(w) });
    else if (rate) nums.push({ w, v: rate, f: toNumber(rate), pct: true });
    else labels.push(w);
  }
  const x0 = words.length ? words[0].x0 : 0;
  const x1 = words.length ? words[words.length - 1].x1 : 0;
  const all = foldUpper(textOf(words));
  const label = nums.length ? foldUpper(textOf(labels)) : all;
  return {
    page: page.page,
    words,
    y0: l.y0,
    y1: l.y1,
    fs,
    nums,
    label,
    all,
    skip: isCarry(label) || isFooter(all),
    centred: Math.abs((x0 + x1) / 2 - page.width / 2) < FS.centred * fs && x0 > page.width * 0.2,
    bold: words.length > 0 && words.every(w => w.bold),
  };
}

export const centreY = (l: BLine): number => (l.y0 + l.y1) / 2;
