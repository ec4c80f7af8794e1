/** Voce segmentation for prints whose voci open at a number or code and close at a later closing line. */
import type { Word } from '../words.ts';
import { CHAPTER_LEVELS, MEASURE_HEADING, PARTIAL_LINE, VEDI_VOCE } from './hints.ts';
import { normalizeSpaces, textOf } from './lines.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import type { Capitoli, ParsedVoce } from './types.ts';
import { atAmountColumn, type BLine, type Model, type Closing, type Start, type Levels, type Open, type Body } from './reading.ts';
import { amountOf } from './numbers.ts';
import { leftWords, startOf, wrapPiece, addCode, continuesCode, isCodePiece } from './starts.ts';
import { R_CODA_CODICE } from './checks.ts';
import { Chapters, headingText, headingSig, nameChapters } from './chapters.ts';
import { isHeaderish } from './header.ts';
import { unitOf } from './closings.ts';
import { finish } from './finish.ts';
import { FS } from './thresholds.ts';

export const descWordsOf = (l: BLine, m: Model, until = Infinity): Word[] =>
  l.words.filter(w => w.x0 >= m.descX - FS.descriptionMargin * m.fs && w.x1 <= until && !(amountOf(w.text, m.nf) && w.x0 >= m.numStart));

/**
 * The description words of a line inside a voce: those within the description column, and the
 * word that starts in it and runs past its estimated end (`d'opera` under a centred `U.M.` header
 * word), so no word of the description is lost. A word that starts past the end is another column's.
 */
const bodyDescWords = (l: BLine, m: Model): Word[] =>
  l.words.filter(w => w.x0 >= m.descX - FS.descriptionMargin * m.fs && (w.x1 <= m.descEnd || (w.x0 < m.descEnd && w.x0 < m.numStart)) && !(amountOf(w.text, m.nf) && w.x0 >= m.numStart));

/** What segmentation carries from line to line. */
interface Segmentation {
  readonly model: Model;
  readonly chapters: Chapters;
  readonly voci: ParsedVoce[];
  readonly named: Array<[ParsedVoce, Levels, Capitoli]>;
  /** The voce being read (opened at its number or code, not yet closed). */
  open: Open | null;
  /** A voce has begun: chapter lines before the first one are the document's heading, not chapters. */
  started: boolean;
}

/** Voci that open at a number or code and close at a later closing line (PriMus, LeenO, STR-like prints). */
export function readVoci(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model, warnings: string[]): ParsedVoce[] {
  const st: Segmentation = { model, chapters: new Chapters(), voci: [], named: [], open: null, started: false };
  for (let i = 0; i < body.length; i++) {
    const l = body[i].line;
    const closing = closings[i];
    const wrap = st.open ? wrapPiece(st.open, l, model) : null;
    if (st.open && wrap) addCode(st.open, wrap, l);
    const start = wrap ? null : startOf(l, model);
    if (!closing && start?.n == null && i > 0 && closings[i - 1] && body[i - 1].line.page === l.page && startOf(body[i - 1].line, model)?.code) flagCodeTail(st, l);
    if (closing) closeVoce(st, body[i], i, closing, start);
    else if (start && !(start.n != null && l.nums.some(t => atAmountColumn(t, model))) && !isHeaderish(l)) startLine(st, l, start);
    else if (!st.open) chapterLine(st, body[i]);
    else if (wrap) wrapLine(st.open, l, model);
    else insideLine(st.open, l, model);
  }
  const open = st.open as Open | null;
  if (open && open.code.length) warnings.push(`Pag. ${open.page}: voce ${open.n ?? open.code.join('')} senza riga di chiusura; non letta.`);
  nameChapters(st.chapters, st.named);
  return st.voci;
}

function newOpen(st: Segmentation, l: BLine, s: Start | null): Open {
  return {
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
    capitoli: st.chapters.snapshot(),
    ownCapitoli: {},
  };
}

function headingOf(st: Segmentation, l: BLine, headed: boolean): void {
  if (!st.started && !headed) return;
  if (isHeaderish(l)) return;
  const text = headingText(l, st.model);
  if (text) st.chapters.heading(text, headingSig(l, text));
}

/** An open voce that never closed was a chapter heading after all. */
function toHeading(st: Segmentation, o: Open): void {
  for (const l of o.lines) headingOf(st, l, true);
}

function take(o: Open, l: BLine): void {
  o.lines.push(l);
  if (l.page === o.page) o.words.push(...l.words);
}

/** The closing line: the voce ends here with its numbers (a new number on it opens a new voce first). */
function closeVoce(st: Segmentation, b: Body, i: number, closing: Closing, start: Start | null): void {
  const { model } = st;
  const l = b.line;
  st.started = true;
  if (start?.n != null && st.open) {
    toHeading(st, st.open);
    st.open = null;
  }
  const open = st.open ?? newOpen(st, l, start);
  if (st.open && start?.code) addCode(open, start, l);
  take(open, l);
  const firstNum = Math.min(closing.q.w.x0, closing.p.w.x0);
  const umX0 = closing.um.length ? closing.um[0].x0 : firstNum;
  if (!closing.sommano) {
    const left = leftWords(l, model);
    const d = descWordsOf(l, model, umX0 - 0.1).filter(w => !left.includes(w));
    if (d.length && !open.measureSeen && !open.catSeen) addDesc(open, d);
  }
  const v = finish(open, closing, unitOf(b, closing, model, open), l, model);
  model.memo.closedAt.set(v, i);
  st.named.push([v, open.capitoli, open.ownCapitoli]);
  st.voci.push(v);
  st.open = null;
}

/** A line opening a voce (number or code), or carrying on the open voce's code. */
function startLine(st: Segmentation, l: BLine, start: Start): void {
  const { model } = st;
  st.started = true;
  if (start.n != null) {
    if (st.open) toHeading(st, st.open);
    st.open = newOpen(st, l, start);
  } else if (!st.open) st.open = newOpen(st, l, start);
  else if (!st.open.code.length || continuesCode(st.open, start, l, model)) addCode(st.open, start, l);
  else {
    toHeading(st, st.open);
    st.open = newOpen(st, l, start);
  }
  const open = st.open;
  take(open, l);
  const left = leftWords(l, model);
  // (A justified description's last word may run past the column's estimated end: it starts inside it.)
  const d = bodyDescWords(l, model).filter(w => !left.includes(w) && !(start.code && w.text === `[${start.code}]`));
  if (d.length && !open.measureSeen && !open.catSeen) addDesc(open, d);
}

/**
 * A short piece alone in the code column right under a closing line that printed its voce's code
 * (a table row) may be the tail of that code (`25.A23.A37.04` + `0`): no sum can tell, so that voce is flagged, not trusted.
 */
/** A code's wrapped tail is a few characters (`0`, `a`, `040`); a longer piece opens a voce of its own. */
const CODE_TAIL_MAX = 3;

function flagCodeTail(st: Segmentation, l: BLine): void {
  const last = st.voci.at(-1);
  const left = leftWords(l, st.model);
  if (!last?.tariffa || left.length !== 1 || left[0].text.length > CODE_TAIL_MAX || !isCodePiece(left, false)) return;
  if (!last.verifica.includes(R_CODA_CODICE)) last.verifica.push(R_CODA_CODICE);
}

/** Outside a voce: chapter lines, also numbered ones carrying their amount (LeenO); never `Totale …` rows. */
function chapterLine(st: Segmentation, b: Body): void {
  const { model } = st;
  const nums = b.line.nums.filter(t => t.w.x0 >= model.descX - FS.descriptionMargin * model.fs);
  if (nums.every(t => atAmountColumn(t, model))) headingOf(st, b.line, b.headed);
}

/** A line carrying a wrapped piece of the open voce's code. */
function wrapLine(open: Open, l: BLine, model: Model): void {
  take(open, l);
  const left = leftWords(l, model);
  const d = descWordsOf(l, model, model.descEnd).filter(w => !left.includes(w));
  const measured = l.nums.some(t => t.w.x0 >= model.numStart);
  if (d.length && !open.measureSeen && !open.catSeen && !measured) addDesc(open, d);
  else if (measured) open.measureSeen = true;
}

/** Inside a voce: description, Cat/SbCat lines, measurement lines. */
function insideLine(open: Open, l: BLine, model: Model): void {
  take(open, l);
  const descWords = bodyDescWords(l, model);
  const text = normalizeSpaces(textOf(descWords));
  const f = foldUpper(text);
  const level = CHAPTER_LEVELS.find(c => c.re.test(f));
  const measured = l.nums.some(t => t.w.x0 >= model.numStart) || isFormula(l);
  if (level && /^(SP|SB)?CAT\s+\d+/.test(f)) {
    open.catSeen = true;
    open.ownCapitoli[level.level] = text.replace(/^(Sp|Sb)?Cat\s+\d+\s*-\s*/i, '');
  } else if (measured || (PARTIAL_LINE.test(f) && l.nums.length > 0) || VEDI_VOCE.test(f) || MEASURE_HEADING.test(f)) {
    open.measureSeen = true;
    // Partial subtotals (`Sommano positivi`, `Parziale`, `Totale piano`) would count their lines twice.
    if (measured && !/^(SOMMANO|PARZIALE|TOTALE)\b/.test(f)) open.measures.push(l);
  } else if (text && !open.measureSeen && !open.catSeen) addDesc(open, descWords);
}

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

export function addDesc(open: Open, words: readonly Word[]): void {
  open.desc.push(textOf(words));
  open.descEnds.push(Math.max(...words.map(w => w.x1)));
}
