/**
 * ACCA PriMus-style computo (also the DEI variant): two-row header
 * `Num.Ord. TARIFFA | DESIGNAZIONE DEI LAVORI | par.ug. lung. larg. H/peso | Quantità | unitario TOTALE`.
 *
 * A voce opens with `N / EP` in the left column, the tariff code follows under it (wrapped at a
 * dot), the description runs in the designation column, then optional `Cat`/`SbCat` lines and
 * measurement lines, and the voce closes with `SOMMANO <um> <qty> <price> <total>`.
 * `R I P O R T O` / `A R I P O R T A R E` carry rows and everything outside the header's pages
 * (front page, Riepilogo pages) are ignored.
 */
import { round, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import { findHeader, nearestColumn, riverBetween, type Header, type HeaderColumn } from './columns.ts';
import { linesOf, parseAmount, textOf, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/text.ts';
import { DATE } from './hints.ts';
import type { ParsedVoce, ParseResult } from './types.ts';
import { checkDocumentTotal, finishVoce, newDraft, type VoceDraft } from './voce.ts';

export const PRIMUS_HEADER = {
  tariffa: ['TARIFFA'],
  designazione: ['DESIGNAZIONE'],
  qty: ['QUANTITA', 'QUANTITA\''],
  unit: ['UNITARIO'],
  total: ['TOTALE'],
} as const;

const DIM_HEADERS = ['PAR.UG.', 'LUNG.', 'LARG.', 'H/PESO'];

type Key = keyof typeof PRIMUS_HEADER;

interface BodyPage {
  page: number;
  header: Header<Key>;
  lines: Line[];
  /** Left edge of the dimension/quantity columns, from the header. */
  numbersFrom: number;
}

interface Geometry {
  /** Words starting left of this are in the Num.Ord./TARIFFA column. */
  codeRight: number;
  /** Words centred right of this are numbers (dimensions, quantity, prices). */
  descRight: number;
  /** Right margin of justified description lines. */
  justifyEdge: number;
  /** Whether descriptions are printed justified (the group-label rule relies on it). */
  justified: boolean;
}

/** True when the page set looks like a PriMus print (header found and SOMMANO rows present). */
export function looksLikePrimus(pages: readonly PageWords[]): boolean {
  let header = false;
  let sommano = false;
  for (const p of pages) {
    if (!header && findHeader(linesOf(p), PRIMUS_HEADER, p.height)) header = true;
    if (!sommano && p.words.some(w => foldUpper(w.text) === 'SOMMANO')) sommano = true;
    if (header && sommano) return true;
  }
  return false;
}

export function parsePrimus(pages: readonly PageWords[]): ParseResult {
  const warnings: string[] = [];
  const body = pages.map(bodyOf).filter((b): b is BodyPage => b !== null);
  if (!body.length) return { layout: 'primus', voci: [], document_total: null, warnings: ['Intestazione delle colonne non trovata.'] };
  const geo = geometryOf(body);

  const voci: ParsedVoce[] = [];
  let documentTotal: Decimal | null = null;
  let open: OpenVoce | null = null;

  for (const bp of body) {
    for (const line of bp.lines) {
      const parts = splitLine(line, geo);
      const n = startOf(parts.code, open !== null);
      if (n != null) {
        if (open) warnings.push(`Pag. ${line.page}: voce n. ${open.draft.n} senza riga SOMMANO; riga esclusa.`);
        open = openVoce(n, line, parts);
      } else if (!open) {
        documentTotal = grandTotalOf(parts, bp.header) ?? documentTotal;
      } else if (parts.desc.length && foldUpper(parts.desc[0].text) === 'SOMMANO') {
        addWords(open, line);
        const v = closeVoce(open, parts, bp.header, geo, line.page, warnings);
        if (v) voci.push(v);
        open = null;
      } else {
        readVoceLine(open, line, parts);
      }
    }
  }
  if (open) warnings.push(`Voce n. ${open.draft.n} interrotta a fine documento; riga esclusa.`);
  checkDocumentTotal(voci, documentTotal, warnings);
  return { layout: 'primus', voci, document_total: documentTotal ? toNumber(round(documentTotal, 2)) : null, warnings };
}

// ---------------------------------------------------------------- pages and geometry

/** Header and body lines of a computo page; null for front page and Riepilogo pages. */
function bodyOf(page: PageWords): BodyPage | null {
  const lines = linesOf(page);
  const header = findHeader(lines, PRIMUS_HEADER, page.height);
  if (!header) return null;
  const dims = lines
    .filter(l => l.y0 >= header.top - 2 && l.y1 <= header.bottom + 2)
    .flatMap(l => l.words)
    .filter(w => DIM_HEADERS.includes(foldUpper(w.text)));
  const numbersFrom = Math.min(header.cols.qty.x0, ...dims.map(w => w.x0));
  const out: Line[] = [];
  for (const l of lines) {
    if (l.y0 <= header.bottom + 0.5) continue;
    // Letter-spaced labels may come as one word or one word per letter (OCR): compare without spaces.
    const t = foldUpper(textOf(l.words.filter(w => !parseAmount(w.text)))).replace(/\s+/g, '');
    if (t === 'ARIPORTARE') break; // carry row: the rest is the page footer
    if (t === 'RIPORTO') continue;
    out.push(l);
  }
  return { page: page.page, header, lines: out, numbersFrom };
}

function geometryOf(body: readonly BodyPage[]): Geometry {
  const h = body[0].header;
  const words = body.flatMap(b => b.lines.flatMap(l => l.words));
  const codeRight = riverBetween(words, h.cols.tariffa.x1, h.cols.designazione.x0);
  const descRight = riverBetween(words, h.cols.designazione.x1, body[0].numbersFrom);
  const descWords = words.filter(w => w.x0 >= codeRight && w.x1 <= descRight);
  const justifyEdge = Math.max(...descWords.map(w => w.x1));
  // Is the designation column printed justified? Then most long lines end on the margin.
  const long = body.flatMap(b => b.lines).map(l => l.words.filter(w => w.x0 >= codeRight && w.x1 <= descRight)).filter(ws => ws.length >= 4);
  const onMargin = long.filter(ws => maxX1(ws) >= justifyEdge - 1.5).length;
  return { codeRight, descRight, justifyEdge, justified: long.length > 0 && onMargin / long.length >= 0.3 };
}

interface LineParts {
  code: Word[];
  desc: Word[];
  num: Word[];
}

function splitLine(line: Line, geo: Geometry): LineParts {
  const parts: LineParts = { code: [], desc: [], num: [] };
  for (const w of line.words) {
    if (w.x0 < geo.codeRight) parts.code.push(w);
    else if ((w.x0 + w.x1) / 2 < geo.descRight) parts.desc.push(w);
    else parts.num.push(w);
  }
  return parts;
}

const maxX1 = (ws: readonly Word[]): number => Math.max(...ws.map(w => w.x1));

/**
 * `N / EP` in the left column opens a voce. A bare progressive number does too (prints without
 * the EP number), but only between voci, where it cannot be a wrapped piece of a code.
 */
function startOf(code: readonly Word[], inVoce: boolean): number | null {
  const t = textOf(code);
  const m = /^(\d+)\s*\/\s*\S+$/.exec(t) ?? (inVoce ? null : /^(\d+)$/.exec(t));
  return m ? Number(m[1]) : null;
}

/** `T O T A L E euro <amount>` closes the computo; `Parziale … euro` rows are sub-totals. */
function grandTotalOf(parts: LineParts, header: Header<Key>): Decimal | null {
  const t = foldUpper(textOf(parts.desc)).replace(/\s+/g, '');
  if (t !== 'TOTALEEURO' && t !== 'TOTALE') return null;
  const w = parts.num.find(x => nearestColumn(x, numberColumns(header)) === 'total');
  return w ? parseAmount(w.text) : null;
}

function numberColumns(header: Header<Key>): Partial<Record<'qty' | 'unit' | 'total', HeaderColumn>> {
  return { qty: header.cols.qty, unit: header.cols.unit, total: header.cols.total };
}

// ---------------------------------------------------------------- one voce

interface DescLine {
  text: string;
  x1: number;
}

interface OpenVoce {
  draft: VoceDraft;
  /** Description candidates, in order. */
  desc: DescLine[];
  /** A `Cat n -` / `SbCat n -` line was met: the description is over. */
  catSeen: boolean;
  /** A measurement line (numbers in the dimension/quantity columns) was met. */
  measureSeen: boolean;
}

function openVoce(n: number, line: Line, parts: LineParts): OpenVoce {
  const open: OpenVoce = { draft: newDraft(n, line.page), desc: [], catSeen: false, measureSeen: false };
  addWords(open, line);
  if (parts.desc.length) open.desc.push({ text: textOf(parts.desc), x1: maxX1(parts.desc) });
  return open;
}

/** A line between `N / EP` and SOMMANO: code pieces, description, Cat/SbCat or measurement. */
function readVoceLine(open: OpenVoce, line: Line, parts: LineParts): void {
  addWords(open, line);
  // A price-list date printed under the code (`12/03/2016`) is not part of it.
  const code = parts.code.filter(w => !DATE.test(w.text));
  if (code.length) open.draft.codeParts.push(code.map(w => w.text).join(' '));
  const text = textOf(parts.desc);
  if (/^(Cat|SbCat)\s+\d+\b/i.test(text)) open.catSeen = true;
  else if (parts.num.length) open.measureSeen = true;
  else if (parts.desc.length && !open.catSeen && !open.measureSeen) open.desc.push({ text, x1: maxX1(parts.desc) });
}

function addWords(open: OpenVoce, line: Line): void {
  if (line.page === open.draft.page) open.draft.firstPageWords.push(...line.words);
}

function closeVoce(
  open: OpenVoce,
  parts: LineParts,
  header: Header<Key>,
  geo: Geometry,
  page: number,
  warnings: string[],
): ParsedVoce | null {
  const d = open.draft;
  d.pageEnd = page;
  d.um = textOf(parts.desc.slice(1));
  const cols = numberColumns(header);
  for (const w of parts.num) {
    const col = nearestColumn(w, cols);
    if (col === 'qty') d.qty = w.text;
    else if (col === 'unit') d.unit = w.text;
    else if (col === 'total') d.total = w.text;
  }
  d.descParts = descriptionLines(open, geo).map(l => l.text);
  return finishVoce(d, warnings);
}

/**
 * The description lines of a voce. With Cat/SbCat lines the description ends there. Without them
 * (DEI prints) a measurement group label ("Piano terra") can sit between the description and the
 * first measurement: trailing short lines are dropped when they follow a paragraph end and do not
 * end a sentence themselves. Justified description lines reach the column's right margin; labels never do.
 * Without justification there is no safe clue, and the lines are kept (better a label too many
 * in the description than a description cut short).
 */
function descriptionLines(open: OpenVoce, geo: Geometry): DescLine[] {
  const lines = open.desc;
  if (open.catSeen || !open.measureSeen || !geo.justified) return lines;
  const justified = (l: DescLine) => l.x1 >= geo.justifyEdge - 1.5;
  let k = lines.length;
  while (k > 1) {
    const last = lines[k - 1];
    const prev = lines[k - 2];
    if (justified(last) || /[.;:,!?)]$/.test(last.text)) break;
    if (justified(prev)) break;
    k--;
  }
  return lines.slice(0, k);
}
