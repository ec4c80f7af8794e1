/**
 * General path: reads a computo from its invariants, whatever program printed it.
 *
 *   words -> lines -> column model -> voce segmentation -> field assignment -> checks
 *
 * - Lines: words grouped by baseline; numbers split by a space thousands separator are joined, `€` cells dropped.
 * - Column model: the amount column is where the amounts of "closing" lines right-align, a closing line being
 *   one whose numbers satisfy quantity × price = amount (within a cent). The description column starts where
 *   most text lines start; the code / number column is left of it. Header words (synonyms in hints.ts), when
 *   present, tell quantity from price and where the U.M. column is. Every distance is relative to the font size.
 * - Segmentation: a voce opens at a voce number (`N`, `N / EP`) or a code in the left column and closes at the
 *   next closing line (`SOMMANO …` or a description line carrying U.M., quantity, price and amount). Prints
 *   whose closing line also opens the voce (tables) take the contiguous lines below it as its continuation.
 * - Checks: see checks.ts. Anything the invariants do not confirm is flagged in `verifica`.
 */
import { dec, round, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import { applyChecks, productHolds, R_CODICE, R_PAGINE, R_PRODOTTO, type Subtotal } from './checks.ts';
import {
  CHAPTER_LEVELS,
  CLOSING_WORDS,
  BRACKET_CODE,
  CONTEXT_ROLES,
  DATE,
  LABELLED_START,
  GRAND_TOTAL,
  HEADER_SYNONYMS,
  isCarry,
  isFooter,
  LAYOUT_FAMILIES,
  NON_VOCE_SECTIONS,
  PARTIAL_LINE,
  spaceless,
  VEDI_VOCE,
  type Role,
} from './hints.ts';
import { decideOrder, orderFromCurrency, orderFromHeader, orderFromPartials, settleByCode, type Order, type PartialNumber } from './order.ts';
import { boxOf, linesOf, normalizeSpaces, parseAmount, textOf, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/text.ts';
import type { Capitoli, Layout, ParsedVoce, ParseResult } from './types.ts';

interface Tok {
  w: Word;
  v: Decimal;
  /** Float value, for a quick rejection before the exact check. */
  f: number;
  /** A rate printed as a percentage (`19,23%`), its value the fraction (0,1923). */
  pct?: boolean;
  /** `a corpo` written where the quantity goes: quantity 1. */
  aCorpo?: boolean;
}

/** A rate (`19,23%`, `5,2 %`) as the fraction it stands for, or null. */
function rateOf(text: string): Decimal | null {
  const m = /^(\d{1,3},\d{1,4})\s*%$/.exec(text);
  const v = m ? parseAmount(m[1]) : null;
  return v ? dec(v.units, v.scale + 2) : null;
}

interface BLine {
  page: number;
  words: Word[];
  y0: number;
  y1: number;
  fs: number;
  nums: Tok[];
  /** Folded text of the non-amount words. */
  label: string;
  /** Folded text of all words. */
  all: string;
  centred: boolean;
  bold: boolean;
  /** Carry line or footer: never read. */
  skip: boolean;
}

interface HeaderModel {
  roles: Partial<Record<Role, { x0: number; x1: number; cx: number }>>;
  /** The header's words, folded. */
  words: ReadonlySet<string>;
}

interface PageModel {
  page: number;
  width: number;
  fs: number;
  lines: BLine[];
  header: HeaderModel | null;
  /** Index of the first body line under the header (0 without header). */
  bodyFrom: number;
}

interface Model {
  fs: number;
  importoX: number;
  descX: number;
  numStart: number;
  /** Right end of the description column (a U.M. column may follow it). */
  descEnd: number;
  header: HeaderModel | null;
  /** Right edge of the voce-number column, when numbers and codes sit in columns of their own. */
  nRight?: number;
  /** Left edge of the voce-number column. */
  nLeft?: number;
  /** Where codes (`A.01.001`, letters and dots) start in the left column. */
  codeLeft?: number;
  /** Right margin of a justified description column. */
  justifyEdge?: number;
}

interface Closing {
  q: Tok;
  p: Tok;
  t: Tok;
  holds: boolean;
  um: Word[];
  sommano: boolean;
  /** Quantity / price order the header gives (null: it does not decide). */
  order: Order;
}

// ---------------------------------------------------------------- lines

const median = (xs: number[]): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

/** The q-quantile of xs (0 for none). */
const quantile = (xs: number[], q: number): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(q * (s.length - 1))];
};

const NUM_HEAD = /^-?\d{1,3}([.\u00b4'\u2019 ]\d{3})*$/;
const NUM_TAIL = /^\d{3}([.\u00b4'\u2019 ]\d{3})*(,\d+)?$/;

const amountCache = new Map<string, Decimal | null>();
const NUMBERISH = /^[-+(]?(€\s*)?\d[\d.,\u00b4'\u2019 \u00a0\u202f]*\)?(\s*€)?$/;

/** An amount word ("1.234,56", "2´034,50", "-12,50"); dates and percentages are not amounts. */
function amountOf(text: string): Decimal | null {
  const c = text.charCodeAt(0);
  // Words starting with a letter (most of them) are never amounts.
  if (!(c >= 48 && c <= 57) && c !== 45 && c !== 43 && c !== 40 && c !== 8364) return null;
  let v = amountCache.get(text);
  if (v !== undefined) return v;
  v = NUMBERISH.test(text) && !DATE.test(text) ? parseAmount(text) : null;
  if (amountCache.size > 100_000) amountCache.clear();
  amountCache.set(text, v);
  return v;
}

/** Amount words printed with a currency sign (`€ 10,00`, `17,74 €`, `€1.959,30`): prices or amounts, never quantities. */
const EURO = new WeakSet<Word>();
const CURRENCY = new Set(['€', 'EUR', 'Euro']);

/** Joins numbers split by a space thousands separator ("1 234,56") and drops `€` cells, marking the number they sign. */
function cleanWords(words: readonly Word[], fs: number, gap: number): Word[] {
  const out: Word[] = [];
  let signNext = false;
  for (const w of words) {
    const t = w.text.trim();
    if (!t) continue;
    const prev = out.at(-1);
    if (CURRENCY.has(t)) {
      // The sign belongs to the number right after it, or else to the number right before it.
      if (prev && /\d$/.test(prev.text) && w.x0 - prev.x1 < 0.6 * fs) EURO.add(prev);
      else signNext = true;
      continue;
    }
    if (prev && NUM_HEAD.test(prev.text) && NUM_TAIL.test(t) && w.x0 - prev.x1 < gap * fs && w.x0 >= prev.x1 - 0.1 * fs) {
      const joined = { ...prev, text: `${prev.text} ${t}`, x1: w.x1, y0: Math.min(prev.y0, w.y0), y1: Math.max(prev.y1, w.y1) };
      if (EURO.has(prev)) EURO.add(joined);
      out[out.length - 1] = joined;
      continue;
    }
    if ((signNext && /^[-+(]?\d/.test(t)) || /^[-+(]?€|€\)?$/.test(t)) EURO.add(w);
    signNext = false;
    out.push(w);
  }
  return out;
}

/**
 * Thousands separated by a space: a print that groups no number with `.`, `´` or `'` but shows
 * "1-3 digits" + "3 digits,decimals" side by side. Only then are such pairs joined across a wide gap.
 */
function spaceGrouped(pages: readonly PageWords[]): boolean {
  let pairs = 0;
  for (const p of pages) {
    for (const l of linesOf(p)) {
      for (let i = 0; i < l.words.length; i++) {
        const t = l.words[i].text;
        if (/^-?\d{1,3}([.\u00b4'\u2019]\d{3})+(,\d+)?$/.test(t)) return false;
        else if (i > 0 && /^\d{3},\d+$/.test(t) && /^-?\d{1,3}$/.test(l.words[i - 1].text)) pairs++;
      }
    }
  }
  return pairs > 0;
}

function pageModel(page: PageWords, gap: number): PageModel {
  const raw = linesOf(page);
  const fs = median(page.words.map(w => w.y1 - w.y0)) || 8;
  const lines: BLine[] = raw.map(l => bline(page, l, fs, gap));
  const header = findHeader(lines, fs);
  return { page: page.page, width: page.width, fs, lines, header: header?.model ?? null, bodyFrom: header ? header.end : 0 };
}

function bline(page: PageWords, l: Line, pageFs: number, gap: number): BLine {
  let h = 0;
  for (const w of l.words) h += w.y1 - w.y0;
  const fs = h / l.words.length || pageFs;
  const words = cleanWords(l.words, fs, gap);
  const nums: Tok[] = [];
  const labels: Word[] = [];
  for (const w of words) {
    const v = amountOf(w.text);
    const rate = v ? null : rateOf(w.text);
    if (v) nums.push({ w, v, f: toNumber(v) });
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
    centred: Math.abs((x0 + x1) / 2 - page.width / 2) < 2 * fs && x0 > page.width * 0.2,
    bold: words.length > 0 && words.every(w => w.bold),
  };
}

// ---------------------------------------------------------------- header

/** Most lines a column header spans (`DIMENSIONI IMPORTI` / `Num.Ord.` / `DESIGNAZIONE` / `TARIFFA` / `par.ug. …`). */
const HEADER_MAX_LINES = 6;
/** A description line ends on the justified margin within this distance (font sizes). */
const JUSTIFY_SLACK = 0.2;
/** Text-line gaps needed to take a table's line pitch from its cells' text alone. */
const MIN_TEXT_GAPS = 3;

const ROLE_OF = new Map<string, Role>();
for (const [role, words] of Object.entries(HEADER_SYNONYMS) as Array<[Role, readonly string[]]>) {
  for (const w of words) if (!ROLE_OF.has(foldUpper(w))) ROLE_OF.set(foldUpper(w), role);
}

/** A header word's role, read on its header band (`P.U.` beside `Lung.` is a measurement column). */
function roleInBand(folded: string, band: ReadonlySet<string>): Role | undefined {
  const c = CONTEXT_ROLES.find(r => r.word === folded && r.when(band));
  return c ? c.role : ROLE_OF.get(folded);
}

/** A header: one line, or two close lines, made mostly of synonyms naming three roles or more. */
function findHeader(lines: readonly BLine[], fs: number): { model: HeaderModel; end: number } | null {
  // Header words per line, counted once: a band can only start on a line that has some.
  const hitsOf = lines.map(l => (l.words.length > 24 ? 0 : l.words.filter(w => ROLE_OF.has(foldUpper(w.text))).length));
  for (let i = 0; i < lines.length; i++) {
    if (!hitsOf[i]) continue;
    for (const span of [1, 2, 3]) {
      const band = lines.slice(i, i + span);
      if (band.length < span) break;
      if (span > 1 && band[span - 1].y0 - band[span - 2].y1 > 1.2 * fs) break;
      if (band.some(l => l.nums.length && l.nums.some(n => /,/.test(n.w.text)))) break;
      const words = band.flatMap(l => l.words);
      const roles: HeaderModel['roles'] = {};
      const bandWords = new Set(words.map(w => foldUpper(w.text)));
      let hits = 0;
      for (const w of words) {
        const role = roleInBand(foldUpper(w.text), bandWords);
        if (!role) continue;
        hits++;
        const r = roles[role];
        if (!r) roles[role] = { x0: w.x0, x1: w.x1, cx: (w.x0 + w.x1) / 2 };
        else if (role !== 'dim' && w.x0 > r.x1 + 4 * fs) continue; // same word far right: another column
        else {
          r.x0 = Math.min(r.x0, w.x0);
          r.x1 = Math.max(r.x1, w.x1);
          r.cx = (r.x0 + r.x1) / 2;
        }
      }
      const n = Object.keys(roles).length;
      const numeric = ['qty', 'price', 'total'].filter(k => k in roles).length;
      if (n >= 3 && numeric >= 2 && hits * 2 >= words.length) {
        // Header rows below the band (a third header row: `TARIFFA par.ug. … TOTALE`).
        let end = i + span;
        while (end < lines.length && end < i + HEADER_MAX_LINES && lines[end].y0 - lines[end - 1].y1 <= 1.2 * fs && !lines[end].nums.some(t => /,/.test(t.w.text))) {
          const ws = lines[end].words;
          const h = ws.filter(w => ROLE_OF.has(foldUpper(w.text))).length;
          if (h * 2 < ws.length || !h) break;
          end++;
        }
        for (const l of lines.slice(i + span, end)) for (const w of l.words) bandWords.add(foldUpper(w.text));
        return { model: { roles, words: bandWords }, end };
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------- column model

/** Two amounts left of `t` whose product is `t` (adjacent pairs first). */
function tripleBefore(before: readonly Tok[], t: Tok): [Tok, Tok] | null {
  const n = before.length;
  for (let i = n - 1; i >= Math.max(1, n - 4); i--) {
    for (let j = i - 1; j >= Math.max(0, n - 5); j--) {
      if (Math.abs(before[j].f * before[i].f - t.f) > 0.02 + 1e-9 * Math.abs(t.f)) continue;
      if (productHolds(before[j].v, before[i].v, t.v)) return [before[j], before[i]];
    }
  }
  return null;
}

function clusters(xs: number[], tol: number): Array<{ x: number; n: number }> {
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

function columnModel(pages: readonly PageModel[], skip: (l: BLine) => boolean): Model | null {
  const fs = median(pages.map(p => p.fs)) || 8;
  const ts: number[] = [];
  const firstX: number[] = [];
  const weights: number[] = [];
  for (const p of pages) {
    for (const l of p.lines.slice(p.bodyFrom)) {
      if (skip(l)) continue;
      if (l.nums.length >= 3) {
        for (let k = l.nums.length - 1; k >= 2; k--) {
          if (tripleBefore(l.nums.slice(0, k), l.nums[k])) {
            ts.push(l.nums[k].w.x1);
            break;
          }
        }
      }
      // Column starts: text words that open the line or follow a column gap, weighted by the
      // words that follow them in the same column (descriptions are the wordiest column).
      let segStart = -1;
      for (let k = 0; k <= l.words.length; k++) {
        const w = l.words[k];
        const gap = !w || k === 0 || w.x0 - l.words[k - 1].x1 >= 1.2 * l.fs;
        if (gap && segStart >= 0) {
          firstX.push(l.words[segStart].x0);
          weights.push(Math.min(k - segStart, 8));
          segStart = -1;
        }
        if (!w) break;
        if (gap && !(l.nums.length && l.nums.some(t => t.w === w))) segStart = k;
      }
    }
  }
  if (!ts.length) return null;
  const cs = clusters(ts, 1.2 * fs);
  const maxN = Math.max(...cs.map(c => c.n));
  const importo = [...cs].reverse().find(c => c.n >= Math.max(1, 0.3 * maxN))!;
  // Description column: where most text columns start.
  const bins = new Map<number, number>();
  firstX.forEach((x, i) => {
    const b = Math.round(x / (0.5 * fs));
    bins.set(b, (bins.get(b) ?? 0) + weights[i]);
  });
  let descX = 0;
  let best = -1;
  for (const [b, n] of bins) {
    const around = n + (bins.get(b - 1) ?? 0) + (bins.get(b + 1) ?? 0);
    if (around > best || (around === best && b * 0.5 * fs < descX)) {
      best = around;
      descX = b * 0.5 * fs;
    }
  }
  // Bin centre -> leftmost start of that column.
  const near = firstX.filter(x => Math.abs(x - descX) <= 0.75 * fs);
  if (near.length) descX = Math.min(...near);
  const header = pages.find(p => p.header)?.header ?? null;
  let numStart: number;
  const hr = header?.roles;
  const numRoles = hr ? (['dim', 'qty', 'price', 'total'] as const).map(k => hr[k]).filter((r): r is NonNullable<typeof r> => !!r) : [];
  if (numRoles.length >= 2) numStart = Math.min(...numRoles.map(r => r.x0)) - 1.5 * fs;
  else numStart = descX + 0.35 * (importo.x - descX);
  numStart = Math.max(numStart, descX + 2 * fs);
  // Description words may run up to the first number header (justified text ends on its margin);
  // a U.M. column between description and numbers ends the description.
  let descEnd = numRoles.length >= 2 ? Math.max(numStart, Math.min(...numRoles.map(r => r.x0)) - 0.3 * fs) : numStart;
  if (hr?.um && hr.um.x0 > descX + 4 * fs && hr.um.x0 < numStart + 2 * fs) descEnd = Math.min(numStart, hr.um.x0 - fs);
  const model: Model = { fs, importoX: importo.x, descX, numStart, descEnd, header };
  // Voce numbers right-aligned in a column of their own, left of the code: where they end.
  const ends: number[] = [];
  const starts: number[] = [];
  const codeStarts: number[] = [];
  for (const p of pages) {
    for (const l of p.lines) {
      const ws = leftWords(l, model);
      const c = ws.find(w => /[A-Za-z]/.test(w.text) && /\d/.test(w.text) && /\./.test(w.text));
      if (c) codeStarts.push(c.x0);
      if (ws.length >= 2 && VOCE_NUMBER.test(ws[0].text) && ws[1].x0 - ws[0].x1 >= 0.3 * fs && /\D/.test(ws[1].text)) {
        ends.push(ws[0].x1);
        starts.push(ws[0].x0);
      }
    }
  }
  if (codeStarts.length >= 3) model.codeLeft = median(codeStarts);
  if (ends.length >= 3) {
    model.nRight = median(ends);
    // Left-aligned numbers (`9`, `10`) share their start instead.
    model.nLeft = median(starts);
  }
  return model;
}

// ---------------------------------------------------------------- line roles

interface Start {
  n: number | null;
  code: string;
  /** Right edge of the code piece. */
  codeX1: number;
}

/** Words of the number / code column (left of the description column). */
const leftWords = (l: BLine, m: Model): Word[] => l.words.filter(w => w.x0 < m.descX - 0.5 * m.fs && !DATE.test(w.text));

const VOCE_NUMBER = /^[1-9]\d{0,4}\.?$/;

const startCache = new WeakMap<BLine, Start | null>();

/** The voce number and / or code that open a voce on this line (memoised: lines are asked often). */
function startOf(l: BLine, m: Model): Start | null {
  let s = startCache.get(l);
  if (s === undefined) startCache.set(l, (s = readStart(l, m)));
  return s;
}

function readStart(l: BLine, m: Model): Start | null {
  const ws = leftWords(l, m);
  if (!ws.length) {
    // `Art. 12 - Cod. A01.001` (word-processor prints with labelled fields).
    const lab = LABELLED_START.exec(l.words.slice(0, 8).map(w => w.text).join(' '));
    return lab ? { n: Number(lab[1]), code: lab[2], codeX1: l.words[Math.min(l.words.length - 1, 7)].x1 } : null;
  }
  const toks = ws.map(w => w.text);
  let n: number | null = null;
  let rest = ws;
  const ep = /^([1-9]\d{0,4})\/\S+$/.exec(toks[0]);
  const fused = /^([1-9]\d{0,4})\.?\[([^\]\s]+)\]$/.exec(toks[0]);
  if (fused) return { n: Number(fused[1]), code: fused[2], codeX1: ws[0].x1 };
  // A lone number away from the number column is a piece of a wrapped code (`…059.00` / `8`).
  const inNumberColumn = (w: Word): boolean => Math.abs(w.x1 - m.nRight!) <= 0.6 * m.fs || (m.nLeft !== undefined && Math.abs(w.x0 - m.nLeft) <= 0.6 * m.fs);
  // (A lone number left of where codes start is the voce number, whatever the number column says.)
  const leftOfCodes = m.codeLeft !== undefined && ws[0].x1 <= m.codeLeft - 0.3 * m.fs;
  if (ws.length === 1 && m.nRight !== undefined && VOCE_NUMBER.test(toks[0]) && !inNumberColumn(ws[0]) && !leftOfCodes) {
    return { n: null, code: toks[0], codeX1: ws[0].x1 };
  }
  if (VOCE_NUMBER.test(toks[0])) {
    n = parseInt(toks[0], 10);
    // `N / EP`: the price-list number is not part of the code.
    const skip = toks[1] === '/' && toks[2] ? 3 : /^\/\S+$/.test(toks[1] ?? '') ? 2 : 1;
    rest = ws.slice(skip);
  } else if (ep) {
    n = Number(ep[1]);
    rest = ws.slice(1);
  } else if (ws.length >= 2 && VOCE_NUMBER.test(toks[toks.length - 1]) && ws[ws.length - 1].x0 - ws[ws.length - 2].x1 >= 0.8 * m.fs) {
    // Code column first, then the number (`Articolo | Pos.`).
    n = parseInt(toks[toks.length - 1], 10);
    rest = ws.slice(0, -1);
  }
  let code = rest.map(w => w.text).join(' ');
  let codeX1 = rest.length ? rest[rest.length - 1].x1 : 0;
  if (n != null && !code) {
    // `1. [N38045]`: the code in brackets opens the description column.
    const first = l.words.find(w => w.x0 >= m.descX - 0.5 * m.fs);
    const b = first ? BRACKET_CODE.exec(first.text) : null;
    if (b) {
      code = b[1];
      codeX1 = first!.x1;
    }
  }
  if (n == null && !isCodeLike(code)) return null;
  return { n, code: n != null && !isCodeLike(code) && !BRACKET_CODE.test(`[${code}]`) ? '' : code, codeX1 };
}

function isCodeLike(s: string): boolean {
  if (!s || s.length > 40) return false;
  if (/\s/.test(s) && s.split(/\s+/).length > 2) return false;
  return /\d/.test(s) || /^[A-Z]{1,3}\.[A-Z]{1,3}\.?$/i.test(s) || /^\.[A-Za-z0-9]/.test(s);
}

function closingOf(l: BLine, m: Model, ph: HeaderModel | null): Closing | null {
  const tol = 1.2 * m.fs;
  const nums = l.nums.filter(t => t.w.x0 >= m.descX - 0.5 * m.fs);
  const ti = nums.findIndex(t => Math.abs(t.w.x1 - m.importoX) <= tol);
  if (ti === 1) return aCorpoClosing(l, nums[0], nums[1], m);
  if (ti < 2) return null;
  const t = nums[ti];
  const before = nums.slice(0, ti);
  const pair = tripleBefore(before, t);
  let q: Tok;
  let p: Tok;
  let holds = true;
  if (pair) [q, p] = pair;
  else {
    // Not a product: a closing line only if the two numbers sit in the number columns.
    [q, p] = before.slice(-2);
    if (q.w.x0 < m.numStart - 3 * m.fs) return null;
    holds = false;
  }
  // Which is quantity and which is price: the header's columns tell, when it has them (tables may print the price first).
  const roles = (ph?.roles.qty || ph?.roles.price ? ph : m.header)?.roles ?? {};
  const order = orderFromHeader(q.w, p.w, roles, m.fs);
  const labels = l.words.filter(w => w.x1 <= Math.min(q.w.x0, p.w.x0) + 0.1 && !amountOf(w.text) && w.x0 >= m.descX - 0.5 * m.fs);
  const sommanoAt = labels.findIndex(w => CLOSING_WORDS.includes(foldUpper(w.text)));
  let um: Word[] = [];
  if (sommanoAt >= 0) um = unitAfterSommano(l, labels[sommanoAt], Math.min(q.w.x0, p.w.x0));
  else {
    // Last group of words separated from the description by a column gap.
    let k = labels.length;
    while (k > 0 && (k === labels.length || labels[k].x0 - labels[k - 1].x1 < 1.2 * m.fs)) k--;
    const group = labels.slice(k);
    const hum = ph?.roles.um ?? m.header?.roles.um;
    if (hum && hum.x0 > m.descX + 2 * m.fs) {
      // Header with a U.M. column: the group must reach it.
      if (group.length && group[group.length - 1].x1 > hum.x0 - 1.5 * m.fs && (k > 0 || group[0].x0 > m.descX + 2 * m.fs)) um = group;
    } else if ((k > 0 || (group.length && group[0].x0 > m.descX + 2 * m.fs)) && group.length <= 3) um = group;
  }
  if (!um.length) {
    // `Quantità: 1.387,97 m² Prezzo unitario: € 20,00`: the unit right after the quantity.
    const after = l.words.filter(w => w.x0 >= q.w.x1 && w.x1 <= p.w.x0 && !amountOf(w.text));
    const k = after.findIndex(w => ROLE_OF.has(foldUpper(w.text).replace(/:$/, '')) || /^[x×=€:]$/i.test(w.text));
    const unit = k < 0 ? after : after.slice(0, k);
    if (unit.length && unit.length <= 2 && unit[0].x0 - q.w.x1 < 1.5 * m.fs) um = unit;
  }
  return { q, p, t, holds, um, sommano: sommanoAt >= 0, order };
}

/**
 * The unit between `SOMMANO` and the quantity: its words, and a whole number followed by a unit
 * word (`100 kg`: a unit counted in hundreds).
 */
function unitAfterSommano(l: BLine, sommano: Word, until: number): Word[] {
  const ws = l.words.filter(w => w.x0 > sommano.x0 && w.x1 <= until + 0.1);
  return ws.filter((w, i) => !amountOf(w.text) || (/^\d{1,4}$/.test(w.text) && i + 1 < ws.length && !amountOf(ws[i + 1].text)));
}

/**
 * `a corpo` written in the quantity column, the price equal to the amount: quantity 1, unit `a corpo`.
 * Only when the words `a corpo` stand among the number columns (right of the description).
 */
function aCorpoClosing(l: BLine, p: Tok, t: Tok, m: Model): Closing | null {
  if (round(p.v, 2).units !== round(t.v, 2).units) return null;
  const k = l.words.findIndex((w, i) => i > 0 && foldUpper(w.text) === 'CORPO' && foldUpper(l.words[i - 1].text) === 'A');
  if (k < 0 || l.words[k - 1].x0 < m.numStart - 2 * m.fs) return null;
  const a = l.words[k - 1];
  const w: Word = { ...a, text: 'a corpo', x1: l.words[k].x1 };
  const q: Tok = { w, v: dec(1n, 0), f: 1, aCorpo: true };
  return { q, p, t, holds: true, um: [w], sommano: false, order: 'qp' };
}

const unitText = (ws: readonly Word[]): string => normalizeSpaces(textOf(ws)).replace(/^\[(.*)\]$/, '$1').trim();

// ---------------------------------------------------------------- chapters

type Levels = Array<string | undefined>;
const NAMES: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];
const NUMBERED = /^(?:CAPITOLO\s+(\d+)\b|(\d{1,3}(?:\.\d{1,3}){0,2})[.)]?\s+\S)/;

/**
 * Chapter headings met between voci. Their level comes from, in order: explicit markers (hints:
 * `LAVORI A MISURA`, `(Cat n)`, `SbCat n -`), the depth of their numbering (`2`, `2.1`, `CAPITOLO 2`),
 * their style (centred, upper case, size, bold) in order of first appearance.
 */
class Chapters {
  private kind: 'fixed' | 'num' | 'style' = 'style';
  private order: string[] = [];
  private stack: Levels = [];
  private maxRank = 0;
  private pending = '';

  heading(text: string, sig: string): void {
    const f = foldUpper(text);
    const fixed = CHAPTER_LEVELS.find(c => c.re.test(f));
    if (fixed) {
      if (this.kind !== 'fixed') this.reset('fixed');
      // A heading wrapped over two lines: the first one carries no marker.
      if (this.pending && !/^(SP|SB)?CAT\s+\d/.test(f)) text = `${this.pending} ${text}`;
      this.pending = '';
      this.set(NAMES.indexOf(fixed.level), text.replace(/\s*\((Sp|Sb)?Cat\s*\d+\)\s*$/i, '').replace(/^(Sp|Sb)?Cat\s+\d+\s*-\s*/i, '').trim());
      return;
    }
    if (this.kind === 'fixed') {
      this.pending = this.pending ? `${this.pending} ${text}` : text;
      return;
    }
    this.pending = text;
    const m = NUMBERED.exec(f);
    if (m) {
      if (this.kind !== 'num') this.reset('num');
      this.set(m[1] ? 0 : Math.min(2, m[2].split('.').length - 1), text);
      return;
    }
    if (this.kind === 'num') return;
    let rank = this.order.indexOf(sig);
    if (rank < 0) {
      if (this.order.length >= 3) return;
      this.order.push(sig);
      rank = this.order.length - 1;
    }
    this.set(rank, text);
  }

  private reset(kind: Chapters['kind']): void {
    this.kind = kind;
    this.stack = [];
    this.maxRank = 0;
  }

  private set(rank: number, text: string): void {
    this.stack = this.stack.slice(0, rank);
    this.stack[rank] = text;
    this.maxRank = Math.max(this.maxRank, rank);
  }

  snapshot(): Levels {
    this.pending = '';
    return [...this.stack];
  }

  /** Level names once every heading is known (two levels: supercategoria and categoria). */
  name(levels: Levels | undefined, own: Capitoli): Capitoli | undefined {
    const out: Capitoli = {};
    const names = this.kind === 'fixed' ? NAMES : this.maxRank === 0 ? ['categoria' as const] : NAMES;
    (levels ?? []).forEach((t, i) => {
      if (t && names[i]) out[names[i]] = t;
    });
    // A Cat/SbCat line inside the voce names its chapter, unless it is the heading's title cut by a wrap.
    for (const k of NAMES) {
      const o = own[k];
      if (o && !(out[k] && out[k]!.startsWith(o.replace(/[,;\s]+$/, '')))) out[k] = o;
    }
    return clean(out);
  }
}

function clean(c: Capitoli): Capitoli | undefined {
  const out: Capitoli = {};
  for (const k of NAMES) if (c[k]) out[k] = c[k];
  return Object.keys(out).length ? out : undefined;
}

// ---------------------------------------------------------------- segmentation

interface Open {
  n: number | null;
  code: string[];
  codeX1: number;
  codePages: Set<number>;
  /** A code piece was joined on another page without a dot to say so. */
  weakJoin: boolean;
  lastCodeLine: BLine | null;
  desc: string[];
  /** Right edge of each description line (a justified description reaches the column's margin). */
  descEnds: number[];
  measureSeen: boolean;
  /** Measurement lines: their partials add up to the voce's quantity. */
  measures: BLine[];
  catSeen: boolean;
  page: number;
  words: Word[];
  lines: BLine[];
  capitoli: Levels;
  ownCapitoli: Capitoli;

}

interface Body {
  line: BLine;
  header: HeaderModel | null;
  /** Next line on the same page (for a unit printed over two lines). */
  next: BLine | undefined;
  /** The page has a column header: its text lines are chapter headings, not a cover. */
  headed: boolean;
}

/** Header words make up most of the line (a header row the band did not take). */
const isHeaderish = (l: BLine): boolean => {
  if (CHAPTER_LEVELS.some(c => c.re.test(l.all))) return false;
  const h = l.words.filter(w => ROLE_OF.has(foldUpper(w.text))).length;
  return h >= 2 && h * 2 >= l.words.length;
};

/**
 * The pages (or top parts of pages) that can hold voci: a summary, measurement book, ledger or
 * price-list section starts at its title and lasts until a page with a column header and no such
 * title. Pages keep their numbers; a dropped page comes back without words.
 */
const SECTION_STARTS = new Set(['RIEPILOGO', 'R', 'LIBRETTO', 'REGISTRO', 'SOMMARIO', 'QUADRO', 'ELENCO', 'STIMA', 'ANALISI']);

/** A column-header line: three roles or more among few words. */
const isHeaderLine = (l: Line): boolean => l.words.length <= 24 && new Set(l.words.map(w => ROLE_OF.get(foldUpper(w.text))).filter(Boolean)).size >= 3;

/**
 * A section title (`RIEPILOGO`, `ELENCO PREZZI`) standing on its own: not a line of a column header
 * (`Codice` above `Elenco Prezzi`, in a header cell, is the code column's name).
 */
function sectionTitle(lines: readonly Line[]): Line | undefined {
  const headers = lines.filter(isHeaderLine);
  return lines.find(l => {
    if (l.words.length > 8 || !SECTION_STARTS.has(foldUpper(l.words[0].text)) || !NON_VOCE_SECTIONS.test(foldUpper(textOf(l.words)))) return false;
    const h = l.y1 - l.y0;
    return !headers.some(m => Math.abs(m.cy - l.cy) <= 3 * h);
  });
}

export function computoPages(pages: readonly PageWords[]): PageWords[] {
  let skipping = false;
  return pages.map(p => {
    if (!p.hasTextLayer) return p;
    const lines = linesOf(p);
    const title = sectionTitle(lines);
    if (skipping && !title && lines.some(isHeaderLine)) skipping = false;
    if (!title) return skipping ? { ...p, words: [] } : p;
    const keep = skipping ? [] : p.words.filter(w => w.y1 <= title.y0);
    skipping = true;
    return { ...p, words: keep };
  });
}

export function parseGenerale(pages: readonly PageWords[]): ParseResult {
  const warnings: string[] = [];
  const text = computoPages(pages).filter(p => p.hasTextLayer);
  const gap = spaceGrouped(text) ? 1.6 : 0.45;
  const models = text.map(p => pageModel(p, gap));
  const skipLine = (l: BLine): boolean => l.skip;
  const model = columnModel(models, skipLine);
  if (!model) return { layout: 'generale', voci: [], document_total: null, warnings: ['Nessuna riga con quantità × prezzo = importo trovata.'] };

  // Stage: body lines (carry lines, footers, summary sections left out; grand totals set apart).
  let body: Body[] = [];
  const totals: Array<{ pos: number; value: Decimal }> = [];
  let skipping = false;
  for (const pm of models) {
    if (pm.header) skipping = false;
    const lines = pm.lines.slice(pm.bodyFrom).filter(l => !skipLine(l));
    // A header cell's last line (`Codice` / `Elenco Prezzi`) is not a section title.
    const headerEnd = pm.header ? pm.lines[pm.bodyFrom - 1].y1 : -Infinity;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (NON_VOCE_SECTIONS.test(l.all) && l.y0 - headerEnd > 2 * l.fs) skipping = true;
      if (skipping) continue;
      if (GRAND_TOTAL.test(spaceless(l.label)) && l.nums.length) {
        const t = l.nums.find(x => Math.abs(x.w.x1 - model.importoX) <= 1.2 * model.fs) ?? l.nums[l.nums.length - 1];
        totals.push({ pos: body.length, value: t.v });
        continue;
      }
      body.push({ line: l, header: pm.header, next: lines[i + 1], headed: pm.header !== null });
    }
  }
  model.justifyEdge = justifyEdgeOf(body, model);
  let closings = body.map(b => closingOf(b.line, model, b.header));
  // The grand total is the first printed total that the amounts above it add up to: what follows
  // it (IVA, oneri, a total with them) is not a voce. Without such a total, the last one printed.
  let documentTotal: Decimal | null = totals.length ? totals[totals.length - 1].value : null;
  {
    let run = 0n;
    let k = 0;
    const cents = (d: Decimal): bigint => round(d, 2).units;
    for (const t of totals) {
      for (; k < t.pos; k++) if (closings[k]) run += cents(closings[k]!.t.v);
      if (run === cents(t.value) && run !== 0n) {
        documentTotal = t.value;
        body = body.slice(0, t.pos);
        closings = closings.slice(0, t.pos);
        break;
      }
    }
  }

  // Row mode: most closing lines open their voce too (tables).
  const nClosings = closings.filter(Boolean).length;
  // (A closing line right under a start line only carries the rest of a wrapped code.)
  const withStart = body.filter((b, i) => {
    const s = closings[i] && startOf(b.line, model);
    return s && (s.n != null || !(i > 0 && !closings[i - 1] && startOf(body[i - 1].line, model)));
  }).length;
  // (Voci that open on a numbered line of their own mean the closing line ends its voce.)
  // A voce number follows the previous one (or restarts at 1); any other number is a piece of a wrapped code.
  let numberedOpen = 0;
  let lastN: number | null = null;
  body.forEach((b, i) => {
    const n = startOf(b.line, model)?.n;
    if (n == null || (lastN != null && n !== lastN + 1 && n !== 1)) return;
    lastN = n;
    if (!closings[i]) numberedOpen++;
  });
  const rowMode = withStart * 10 >= nClosings * 6 && numberedOpen * 50 <= nClosings;
  const voci = rowMode ? readRows(body, closings, model) : readVoci(body, closings, model, warnings);
  const subtotals = subtotalsOf(body, closings, model, voci);
  settleByCode(voci);
  // Table rows whose code cell came out empty while most have one: the cells of the table were not
  // matched to their rows everywhere, so no code of the document is sure (a code may sit on its neighbour).
  const noCode = voci.filter(v => !v.tariffa).length;
  if (rowMode && noCode > 0 && (voci.length - noCode) * 2 > voci.length) {
    for (const v of voci) if (v.tariffa && !v.verifica.includes(R_RIGHE)) v.verifica.push(R_RIGHE);
  }
  // A header with a code column says every voce has a code: one not read is said.
  if (model.header?.roles.code) for (const v of voci) if (!v.tariffa && !v.verifica.includes(R_CODICE)) v.verifica.push(R_CODICE);

  const result: ParseResult = {
    layout: familyOf(model.header, closings),
    voci,
    document_total: documentTotal ? toNumber(round(documentTotal, 2)) : null,
    warnings,
  };
  return applyChecks(result, subtotals);
}

/** The print family its header names (see hints), or 'generale'. */
function familyOf(header: HeaderModel | null, closings: ReadonlyArray<Closing | null>): Layout {
  if (!header) return 'generale';
  const sommano = closings.some(c => c?.sommano);
  const f = LAYOUT_FAMILIES.find(f => f.sommano === sommano && f.header.every(g => g.some(w => header.words.has(w))));
  return f?.layout ?? 'generale';
}

/** Codes of a table whose rows were not all matched to their cells. */
const R_RIGHE = 'codice da verificare: celle della tabella non allineate alle righe';

/** Body index of each voce's closing line (to know which voci a printed subtotal follows). */
const closedAt = new WeakMap<ParsedVoce, number>();

/**
 * Printed chapter subtotals (`Totale CAPITOLO 2: …`, `Totale P01 - Piano Primo`, `Parziale LAVORI A
 * MISURA euro`): each covers the voci just above it that sit under the chapter it names.
 */
function subtotalsOf(body: readonly Body[], closings: ReadonlyArray<Closing | null>, m: Model, voci: readonly ParsedVoce[]): Subtotal[] {
  const out: Subtotal[] = [];
  body.forEach((b, i) => {
    const l = b.line;
    if (closings[i]) return;
    const lab = /^(?:TOTALE|PARZIALE)\s+(.+?)(?:\s+EURO)?$/.exec(l.label);
    const t = l.nums.find(x => Math.abs(x.w.x1 - m.importoX) <= 1.2 * m.fs);
    if (!lab || !t || /^PAGINA\b/.test(lab[1])) return;
    const name = spaceless(lab[1]);
    const names = (v: ParsedVoce): string[] => Object.values(v.capitoli ?? {}).map(c => spaceless(foldUpper(c)));
    const covered: ParsedVoce[] = [];
    for (let k = voci.length - 1; k >= 0; k--) {
      const at = closedAt.get(voci[k]);
      if (at === undefined || at > i) continue;
      if (!names(voci[k]).some(c => c === name || c.endsWith(name) || name.endsWith(c))) break;
      covered.push(voci[k]);
    }
    if (covered.length) out.push({ amount: t.v, voci: covered });
  });
  return out;
}

const descWordsOf = (l: BLine, m: Model, until = Infinity): Word[] =>
  l.words.filter(w => w.x0 >= m.descX - 0.5 * m.fs && w.x1 <= until && !(amountOf(w.text) && w.x0 >= m.numStart));

const headingText = (l: BLine, m: Model): string => {
  const text = normalizeSpaces(textOf(l.words.filter(w => !amountOf(w.text) || w.x0 < m.numStart)));
  return !text || /^TOTALE\b|^PARZIALE\b|^SOMMANO\b|^IMPORTO\b/.test(foldUpper(text)) ? '' : text;
};

const headingSig = (l: BLine, text: string): string =>
  `${l.centred ? 'c' : 'l'}${text === text.toUpperCase() ? 'U' : 'm'}${Math.round(l.fs)}${l.bold ? 'b' : ''}`;

function unitOf(b: Body, c: Closing, m: Model, open: Open | null): string {
  let um = unitText(c.um);
  // Unit over two lines (`cad/` + `mese`): the rest sits under it.
  if (/\/$/.test(um) && c.um.length && b.next) {
    const ux0 = c.um[0].x0 - m.fs;
    const ux1 = c.um[c.um.length - 1].x1 + 2 * m.fs;
    const fits = (w: Word): boolean => w.x1 > ux0 && w.x0 < ux1 && !amountOf(w.text) && !CLOSING_WORDS.includes(foldUpper(w.text));
    // The rest sits under the first part, left- or right-aligned with it, alone on its line.
    const more = b.next.words.filter(fits);
    if (more.length && more.length === b.next.words.length) um += textOf(more);
    else if (more.length && more.every(w => w.x0 >= ux0)) um += textOf(more);
  }
  if (!um && open) um = unitFromColumn(open, m, b.header) ?? '';
  // Brackets around a unit printed over two lines (`[cad/` + `giorno]`).
  return um.replace(/^\[(.*)\]$/, '$1');
}

/** Voci that open at a number or code and close at a later closing line (PriMus, LeenO, STR-like prints). */
function readVoci(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model, warnings: string[]): ParsedVoce[] {
  const voci: ParsedVoce[] = [];
  const chapters = new Chapters();
  const named: Array<[ParsedVoce, Levels, Capitoli]> = [];
  let open: Open | null = null;
  let started = false;

  const newOpen = (l: BLine, s: Start | null): Open => ({
    n: s?.n ?? null,
    code: s?.code ? [s.code] : [],
    codeX1: s?.codeX1 ?? 0,
    codePages: new Set(s?.code ? [l.page] : []),
    weakJoin: false,
    lastCodeLine: s?.code ? l : null,
    desc: [],
    descEnds: [],
    measureSeen: false,
    measures: [],
    catSeen: false,
    page: l.page,
    words: [],
    lines: [],
    capitoli: chapters.snapshot(),
    ownCapitoli: {},
  });
  const headingOf = (l: BLine, headed: boolean): void => {
    if (!started && !headed) return;
    if (isHeaderish(l)) return;
    const text = headingText(l, model);
    if (text) chapters.heading(text, headingSig(l, text));
  };
  const toHeading = (o: Open): void => {
    for (const l of o.lines) headingOf(l, true);
  };
  const take = (o: Open, l: BLine): void => {
    o.lines.push(l);
    if (l.page === o.page) o.words.push(...l.words);
  };

  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    const l = b.line;
    const closing = closings[i];
    const wrap = open ? wrapPiece(open, l, model) : null;
    if (open && wrap) addCode(open, wrap, l);
    const start = wrap ? null : startOf(l, model);
    if (closing) {
      started = true;
      if (start?.n != null && open) {
        toHeading(open);
        open = null;
      }
      if (!open) open = newOpen(l, start);
      else if (start?.code) addCode(open, start, l);
      take(open, l);
      const firstNum = Math.min(closing.q.w.x0, closing.p.w.x0);
      const umX0 = closing.um.length ? closing.um[0].x0 : firstNum;
      if (!closing.sommano) {
        const left = leftWords(l, model);
        const d = descWordsOf(l, model, umX0 - 0.1).filter(w => !left.includes(w));
        if (d.length && !open.measureSeen && !open.catSeen) addDesc(open, d);
      }
      const v = finish(open, closing, unitOf(b, closing, model, open), l, model);
      closedAt.set(v, i);
      named.push([v, open.capitoli, open.ownCapitoli]);
      voci.push(v);
      open = null;
      continue;
    }
    if (start && !(start.n != null && l.nums.some(t => Math.abs(t.w.x1 - model.importoX) <= 1.2 * model.fs)) && !isHeaderish(l)) {
      started = true;
      if (start.n != null) {
        if (open) toHeading(open);
        open = newOpen(l, start);
      } else if (!open) open = newOpen(l, start);
      else if (!open.code.length || continuesCode(open, start, l, model)) addCode(open, start, l);
      else {
        toHeading(open);
        open = newOpen(l, start);
      }
      take(open, l);
      const left = leftWords(l, model);
      const d = descWordsOf(l, model, model.descEnd).filter(w => !left.includes(w) && !(start.code && w.text === `[${start.code}]`));
      if (d.length && !open.measureSeen && !open.catSeen) addDesc(open, d);
      continue;
    }
    if (!open) {
      // Chapter lines, also numbered ones carrying their amount (LeenO); never `Totale …` rows.
      const nums = l.nums.filter(t => t.w.x0 >= model.descX - 0.5 * model.fs);
      if (nums.every(t => Math.abs(t.w.x1 - model.importoX) <= 1.2 * model.fs)) headingOf(l, b.headed);
      continue;
    }
    if (wrap) {
      take(open, l);
      const left = leftWords(l, model);
      const d = descWordsOf(l, model, model.descEnd).filter(w => !left.includes(w));
      if (d.length && !open.measureSeen && !open.catSeen && !l.nums.some(t => t.w.x0 >= model.numStart)) addDesc(open, d);
      else if (l.nums.some(t => t.w.x0 >= model.numStart)) open.measureSeen = true;
      continue;
    }
    // Inside a voce: description, Cat/SbCat lines, measurement lines.
    take(open, l);
    const descWords = descWordsOf(l, model, model.descEnd);
    const text = normalizeSpaces(textOf(descWords));
    const f = foldUpper(text);
    const level = CHAPTER_LEVELS.find(c => c.re.test(f));
    const measured = l.nums.some(t => t.w.x0 >= model.numStart) || isFormula(l);
    if (level && /^(SP|SB)?CAT\s+\d+/.test(f)) {
      open.catSeen = true;
      open.ownCapitoli[level.level] = text.replace(/^(Sp|Sb)?Cat\s+\d+\s*-\s*/i, '');
    } else if (measured || (PARTIAL_LINE.test(f) && l.nums.length > 0) || VEDI_VOCE.test(f)) {
      open.measureSeen = true;
      // Partial subtotals (`Sommano positivi`, `Parziale`) would count their lines twice.
      if (measured && !/^(SOMMANO|PARZIALE)\b/.test(f)) open.measures.push(l);
    }
    else if (text && !open.measureSeen && !open.catSeen) addDesc(open, descWords);
  }
  if (open && open.code.length) warnings.push(`Pag. ${open.page}: voce ${open.n ?? open.code.join('')} senza riga di chiusura; non letta.`);
  nameChapters(chapters, named);
  return voci;
}

function nameChapters(chapters: Chapters, named: ReadonlyArray<[ParsedVoce, Levels, Capitoli]>): void {
  for (const [v, levels, own] of named) {
    const c = chapters.name(levels, own);
    if (c) v.capitoli = c;
  }
}

/**
 * Table rows: the closing line is the row's anchor. Lines are cut into blocks at the gaps wider
 * than the line spacing (cell padding); each block's lines go to its anchor (top-aligned rows: the
 * anchor above; vertically centred rows: the nearest anchor). Blocks without an anchor are chapter rows.
 */
function readRows(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model): ParsedVoce[] {
  const voci: ParsedVoce[] = [];
  const chapters = new Chapters();
  const named: Array<[ParsedVoce, Levels, Capitoli]> = [];
  const capOf = new Map<number, Levels>();
  // Pages -> blocks.
  const blocks: number[][] = [];
  // The line pitch inside a cell: gaps between text lines (a row's anchor, centred in a tall row, sits
  // between two of them); between cells the padding makes a larger gap.
  const gaps: number[] = [];
  const textGaps: number[] = [];
  let prevText: BLine | null = null;
  for (let i = 0; i < body.length; i++) {
    const l = body[i].line;
    if (i > 0 && l.page === body[i - 1].line.page) gaps.push(l.y0 - body[i - 1].line.y1);
    if (closings[i]) continue;
    if (prevText && prevText.page === l.page) textGaps.push(l.y0 - prevText.y1);
    prevText = l;
  }
  // (The lower quartile: in tables of two-line cells, paddings are as many as gaps inside cells;
  // the smaller of the two, as few cells wrap in tables of one-line rows.)
  const all = median(gaps.filter(g => g >= 0));
  const typical = textGaps.length >= MIN_TEXT_GAPS ? Math.min(all, quantile(textGaps.filter(g => g >= 0), 0.25)) : all;
  for (let i = 0; i < body.length; i++) {
    const prev = body[i - 1]?.line;
    const l = body[i].line;
    const split = !prev || prev.page !== l.page || l.y0 - prev.y1 > typical + 0.35 * model.fs;
    if (split) blocks.push([i]);
    else blocks[blocks.length - 1].push(i);
  }
  // Top-aligned when anchors open their blocks.
  let firstInBlock = 0;
  let anchored = 0;
  for (const bl of blocks) {
    const k = bl.findIndex(i => closings[i]);
    if (k < 0) continue;
    anchored++;
    if (k === 0) firstInBlock++;
  }
  const topAligned = firstInBlock * 2 >= anchored;
  const members = new Map<number, number[]>();
  const order: number[] = [];
  let prevAnchor: number | null = null;
  let prevPage = 0;
  const flush = (anchors: number[]): void => {
    for (const a of anchors) order.push(a);
  };
  for (const bl of blocks) {
    const anchors = bl.filter(i => closings[i]);
    const first = body[bl[0]].line;
    const newPage = first.page !== prevPage;
    prevPage = first.page;
    // Top-aligned rows: the first lines of a page may end the last row of the previous page
    // (a wrapped code piece, a description going on in lower case).
    const carried =
      topAligned && newPage && prevAnchor != null && (leftWords(first, model).length > 0 || /^[a-zàèéìòù]/.test(first.words[0]?.text ?? ''));
    if (!anchors.length) {
      if (carried) {
        members.get(prevAnchor!)!.push(...bl);
        continue;
      }
      for (const i of bl) {
        const l = body[i].line;
        if (l.nums.length || isHeaderish(l)) continue;
        const text = headingText(l, model);
        if (text) chapters.heading(text, headingSig(l, text));
      }
      continue;
    }
    for (const a of anchors) members.set(a, []);
    const subtotal = (l: BLine): boolean => l.nums.some(t => Math.abs(t.w.x1 - model.importoX) <= 1.2 * model.fs);
    const heading = (l: BLine): void => {
      const text = !l.nums.length && !isHeaderish(l) ? headingText(l, model) : '';
      if (text) chapters.heading(text, headingSig(l, text));
    };
    if (topAligned) {
      // Rows open at their anchor; a subtotal row closes the current one; lines outside rows are headings.
      let cur: number | null = carried ? prevAnchor : null;
      for (const i of bl) {
        const l = body[i].line;
        if (closings[i]) {
          cur = i;
          capOf.set(i, chapters.snapshot());
          members.get(i)!.push(i);
        } else if (subtotal(l)) cur = null;
        else if (cur != null) members.get(cur)!.push(i);
        else heading(l);
      }
    } else {
      for (const a of anchors) capOf.set(a, chapters.snapshot());
      for (const i of bl) {
        if (!closings[i] && subtotal(body[i].line)) continue;
        const cy = (body[i].line.y0 + body[i].line.y1) / 2;
        const a = closings[i] ? i : anchors.reduce((best, x) => (Math.abs(centreY(body[x].line) - cy) < Math.abs(centreY(body[best].line) - cy) ? x : best));
        members.get(a)!.push(i);
      }
    }
    flush(anchors);
    prevAnchor = anchors[anchors.length - 1];
  }
  for (const a of order) {
    {
      const c = closings[a]!;
      const lines = members.get(a)!.sort((x, y) => x - y).map(i => body[i].line);
      const anchor = body[a].line;
      const open: Open = {
        n: null, code: [], codeX1: 0, codePages: new Set(), weakJoin: false, lastCodeLine: null, desc: [], descEnds: [], measureSeen: false, measures: [], catSeen: false,
        page: lines[0].page, words: lines.filter(l => l.page === lines[0].page).flatMap(l => l.words), lines, capitoli: capOf.get(a) ?? [], ownCapitoli: {},
      };
      for (const l of lines) {
        const left = leftWords(l, model);
        const s = startOf(l, model);
        if (l === anchor || !open.code.length) {
          if (s?.n != null && open.n == null) open.n = s.n;
          // Each printed line of the code cell is one piece, cut anywhere: joined without spaces.
          if (s?.code) open.code.push(s.code.replace(/\s+/g, ''));
          else if (!s && isCodePiece(left, !open.code.length)) open.code.push(left.map(w => w.text).join(''));
        } else if (isCodePiece(left, false)) open.code.push(left.map(w => w.text).join(''));
        const until = l === anchor ? (c.um.length ? c.um[0].x0 : Math.min(c.q.w.x0, c.p.w.x0)) - 0.1 : model.descEnd;
        const d = descWordsOf(l, model, until).filter(w => !left.includes(w));
        if (d.length) addDesc(open, d);
      }
      const v = finish(open, c, unitOf(body[a], c, model, open), anchor, model);
      closedAt.set(v, a);
      named.push([v, open.capitoli, open.ownCapitoli]);
      voci.push(v);
    }
  }
  nameChapters(chapters, named);
  return voci;
}

const centreY = (l: BLine): number => (l.y0 + l.y1) / 2;

/** A measurement written as a formula (`Aula 2  3,410 x 4,465`, `2,00 * 5,42 = 10,84`). */
function isFormula(l: BLine): boolean {
  if (l.nums.length < 2) return false;
  for (let k = 1; k < l.words.length - 1; k++) {
    // Both factors printed with decimals (a size in a description, `160 × 63 mm`, has none).
    const a = l.words[k - 1];
    const b = l.words[k + 1];
    if (/^[x×*=]$/i.test(l.words[k].text) && /,\d/.test(a.text) && /,\d/.test(b.text) && l.nums.some(t => t.w === a) && l.nums.some(t => t.w === b)) return true;
  }
  return false;
}

/**
 * The rest of a code cut by a narrow column (`2B.05.030.0` / `020.b`, `S.22.085.` / `250`): left-column
 * text on the line right after the code line, when the code was cut at a dot or filled its column.
 * Then even a bare number or letter is a piece of the code, not a voce number.
 */
function wrapPiece(open: Open, l: BLine, m: Model): Start | null {
  if (!open.code.length || open.lines.at(-1) !== open.lastCodeLine) return null;
  const ws = leftWords(l, m);
  if (!ws.length) return null;
  const text = ws.map(w => w.text).join('');
  // A voce number printed left of where codes start is never a code's tail.
  if (m.codeLeft !== undefined && VOCE_NUMBER.test(text) && ws[ws.length - 1].x1 <= m.codeLeft - 0.3 * m.fs) return null;
  if (text.length > 14 || /\//.test(text) && !/^[A-Za-z]{0,3}\d*\/\d+/.test(text)) return null;
  const lastPiece = open.code[open.code.length - 1];
  const cut = /[._\-/]$/.test(lastPiece) || text.startsWith('.') || open.codeX1 >= m.descX - 2 * m.fs;
  return cut ? { n: null, code: text, codeX1: ws[ws.length - 1].x1 } : null;
}

/**
 * Words of the code column that can be a piece of a code cell: at most two words, no phrase
 * (`CAPITOLO 1 - SERRAMENTI`, a header cell's `Elenco Prezzi`); the first piece must look like a code.
 */
function isCodePiece(left: readonly Word[], first: boolean): boolean {
  if (!left.length || left.length > 2) return false;
  const text = left.map(w => w.text).join('');
  if (!/^[A-Za-z0-9._\-/]+$/.test(text)) return false;
  return first ? isCodeLike(text) : isCodeLike(text) || text.length <= 4;
}

function addCode(open: Open, s: Start, l: BLine): void {
  if (!s.code) return;
  const lastPiece = open.code.at(-1);
  if (lastPiece && !open.codePages.has(l.page) && !lastPiece.endsWith('.') && !s.code.startsWith('.')) open.weakJoin = true;
  open.code.push(s.code);
  open.codeX1 = s.codeX1;
  open.codePages.add(l.page);
  open.lastCodeLine = l;
}

/** A code piece continues the open code when the code was cut: at a dot, or because it filled its column. */
function continuesCode(open: Open, s: Start, l: BLine, m: Model): boolean {
  const lastPiece = open.code[open.code.length - 1];
  if (lastPiece.endsWith('.') || lastPiece.endsWith('_') || lastPiece.endsWith('-') || s.code.startsWith('.')) return true;
  if (open.codeX1 >= m.descX - 2 * m.fs) return true;
  // Right under the code line of a numbered voce with no measurement yet: the code's cut tail (`D.18.04` / `2.0360`).
  const underCode = open.lastCodeLine !== null && open.lines.at(-1) === open.lastCodeLine && s.code.length <= 8 && l.page >= open.page;
  return underCode && (!open.desc.length || (open.n != null && !open.measureSeen && !/^\d+(\.\d+)*$/.test(open.code.join(''))));
}

/** A unit printed in the U.M. column of another line of the voce (closing row without one). */
function unitFromColumn(open: Open, m: Model, ph: HeaderModel | null): string | null {
  const hum = ph?.roles.um ?? m.header?.roles.um;
  if (!hum) return null;
  const inColumn = (l: BLine): Word[] =>
    l.words.filter(w => {
      const cx = (w.x0 + w.x1) / 2;
      return cx >= hum.x0 - 1.5 * m.fs && cx <= hum.x1 + 1.5 * m.fs && w.x0 >= m.descEnd - 0.5 * m.fs && !amountOf(w.text);
    });
  for (let i = 0; i < open.lines.length; i++) {
    const ws = inColumn(open.lines[i]);
    if (!ws.length) continue;
    let um = unitText(ws);
    // Unit over two lines (`cad/` + `mese`).
    const next = open.lines[i + 1];
    if (um.endsWith('/') && next) {
      // The rest sits under the first part (not the description running into the column).
      const x0 = ws[0].x0 - m.fs;
      const x1 = ws[ws.length - 1].x1 + m.fs;
      um += unitText(inColumn(next).filter(w => w.x1 > x0 && w.x0 < x1));
    }
    return um;
  }
  return null;
}

/** Numbers printed with decimals on the voce's measurement lines (a size in a description, `da 50 mm`, has none). */
function partialsOf(open: Open): PartialNumber[] {
  return open.measures.flatMap(l => {
    const nums = l.nums.filter(t => /,\d/.test(t.w.text));
    return nums.map((t, k) => ({ x1: t.w.x1, v: t.v, last: k === nums.length - 1 }));
  });
}

function finish(open: Open, c: Closing, um: string, l: BLine, m: Model): ParsedVoce {
  const verifica: string[] = [];
  if (!c.holds) verifica.push(R_PRODOTTO);
  const left = { ...c.q.w, v: c.q.v };
  const right = { ...c.p.w, v: c.p.v };
  // A rate is the price of a percentage voce (the base amount is its quantity); then measurements, header, currency.
  const rate = c.q.aCorpo ? 'qp' : orderFromCurrency(!!c.q.pct, !!c.p.pct);
  const decision = decideOrder(rate, orderFromPartials(partialsOf(open), left, right, m.fs), c.order, orderFromCurrency(EURO.has(c.q.w), EURO.has(c.p.w)));
  const [q, p] = decision.order === 'pq' ? [c.p, c.q] : [c.q, c.p];
  if (decision.reason && round(q.v, 2).units !== round(p.v, 2).units) verifica.push(decision.reason);
  // A code whose pieces were found on two pages was joined across the page break: doubtful.
  if (open.weakJoin) verifica.push(R_PAGINE);
  return {
    n: open.n,
    tariffa: open.code.join(''),
    descrizione: normalizeSpaces(descriptionLines(open, m).join(' ')),
    unita_di_misura: um,
    quantita: toNumber(round(q.v, 2)),
    unitario: toNumber(round(p.v, p.pct ? 6 : 2)),
    totale: toNumber(round(c.t.v, 2)),
    page: open.page,
    page_end: l.page,
    box: boxOf(open.words),
    verifica,
  };
}

function addDesc(open: Open, words: readonly Word[]): void {
  open.desc.push(textOf(words));
  open.descEnds.push(Math.max(...words.map(w => w.x1)));
}

/**
 * The description lines of a voce. Without Cat/SbCat lines, a measurement group label (`Piano
 * terra`) can sit between the description and the first measurement: in a justified description,
 * trailing short lines are dropped when they follow a paragraph end and do not end a sentence
 * themselves (justified lines reach the column's margin; labels never do). Without justification
 * there is no safe clue, and the lines are kept.
 */
function descriptionLines(open: Open, m: Model): string[] {
  const lines = open.desc;
  if (open.catSeen || !open.measureSeen || m.justifyEdge === undefined) return lines;
  const edge = m.justifyEdge - JUSTIFY_SLACK * m.fs;
  let k = lines.length;
  while (k > 1) {
    if (open.descEnds[k - 1] >= edge || /[.;:,!?)]$/.test(lines[k - 1].trim())) break;
    if (open.descEnds[k - 2] >= edge) break;
    k--;
  }
  return lines.slice(0, k);
}

/** Right margin of a justified description column, when most long description lines reach it. */
function justifyEdgeOf(body: readonly Body[], m: Model): number | undefined {
  const textWords = (l: BLine): Word[] => l.words.filter(w => w.x0 >= m.descX - 0.5 * m.fs && w.x1 <= m.descEnd && !l.nums.some(t => t.w === w));
  const long = body.map(b => textWords(b.line)).filter(ws => ws.length >= 4);
  if (!long.length) return undefined;
  const ends = long.map(ws => Math.max(...ws.map(w => w.x1)));
  // The margin is where most long lines end (a title running past it does not move it).
  const near = (e: number): number[] => ends.filter(x => Math.abs(x - e) <= JUSTIFY_SLACK * m.fs);
  let best: number[] = [];
  for (const e of ends) {
    const n = near(e);
    if (n.length > best.length) best = n;
  }
  return best.length * 10 >= long.length * 3 ? Math.max(...best) : undefined;
}
