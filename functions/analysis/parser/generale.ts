/**
 * The reader: reads a computo from its invariants, whatever program printed it. One stage per module:
 *
 *   sections.ts (sections without voci left out) -> page.ts + numbers.ts (words -> body lines, amounts)
 *   -> header.ts (multi-line header, words with meanings) -> column-model.ts -> starts.ts + closings.ts
 *   (voce starts, codes, closing lines and units) -> segment.ts / rows.ts (voce segmentation; chapters.ts
 *   for headings) -> finish.ts (field assignment) -> checks.ts
 *
 * - Column model: the amount column is where the amounts of "closing" lines right-align, a closing line being
 *   one whose numbers satisfy quantity × price = amount (within a cent). The description column starts where
 *   most text lines start; the code / number column is left of it. Header words (synonyms in hints.ts), when
 *   present, tell quantity from price and where the U.M. column is. Every distance is relative to the font size.
 * - Segmentation: a voce opens at a voce number (`N`, `N / EP`) or a code in the left column and closes at the
 *   next closing line (`SOMMANO …` or a description line carrying U.M., quantity, price and amount). Prints
 *   whose closing line also opens the voce (tables) take the contiguous lines below it as its continuation.
 * - Checks: see checks.ts. Anything the invariants do not confirm is flagged in `verifica`.
 * State lives in the per-parse Model (reading.ts): no module keeps any between parses.
 */
import { round, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords } from '../words.ts';
import { applyChecks, R_CODICE, type Subtotal } from './checks.ts';
import { GRAND_TOTAL, NON_VOCE_SECTIONS, spaceless } from './hints.ts';
import { settleByCode } from './order.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import type { ParsedVoce, ParseResult } from './types.ts';
import { atAmountColumn, type BLine, type Model, type Closing, type Body, type PageModel } from './reading.ts';
import { amountOf, DECIMAL_COMMA, DECIMAL_POINT, spaceGrouped, tripleBefore, type NumberFormat } from './numbers.ts';
import { textOf } from './lines.ts';
import type { Word } from '../words.ts';
import { pageModel } from './page.ts';
import { columnModel, justifyEdgeOf } from './column-model.ts';
import { startOf } from './starts.ts';
import { closingOf } from './closings.ts';
import { computoPages } from './sections.ts';
import { familyOf } from './header.ts';
import { readVoci } from './segment.ts';
import { readRows } from './rows.ts';
import { FS } from './thresholds.ts';

export function parseGenerale(pages: readonly PageWords[]): ParseResult {
  const warnings: string[] = [];
  const text = computoPages(pages).filter(p => p.hasTextLayer);
  const { nf, models } = readNumbers(text);
  skipRunningHeads(models);
  const skipLine = (l: BLine): boolean => l.skip;
  const model = columnModel(models, skipLine, nf);
  if (!model) return { layout: 'generale', voci: [], document_total: null, warnings: ['Nessuna riga con quantità × prezzo = importo trovata.'] };

  // Stage: body lines (carry lines, footers, summary sections left out; grand totals set apart).
  let body: Body[] = [];
  const totals: Array<{ pos: number; values: Decimal[] }> = [];
  let skipping = false;
  for (const pm of models) {
    if (pm.header) skipping = false;
    const lines = pm.lines.slice(pm.bodyFrom).filter(l => !skipLine(l));
    // A header cell's last line (`Codice` / `Elenco Prezzi`) is not a section title.
    const headerEnd = pm.header ? pm.lines[pm.bodyFrom - 1].y1 : -Infinity;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (NON_VOCE_SECTIONS.test(l.all) && l.y0 - headerEnd > FS.sectionBelowHeader * l.fs) skipping = true;
      if (skipping) continue;
      const total = printedTotal(l, model, [lines[i - 1], lines[i + 1]]);
      if (total) {
        totals.push({ pos: body.length, values: total });
        continue;
      }
      body.push({ line: l, header: pm.header, next: lines[i + 1], headed: pm.header !== null });
    }
  }
  model.justifyEdge = justifyEdgeOf(body, model);
  let closings = body.map(b => closingOf(b.line, model, b.header));
  const grand = grandTotal(totals, closings);
  const documentTotal = grand.value;
  body = body.slice(0, grand.end);
  closings = closings.slice(0, grand.end);

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

/**
 * Running heads: a line without numbers printed at the same height on many pages (`LAVORO:
 * PROGETTAZIONE … DOCUMENTO: …`, a title over the column header) is the page's furniture, never a
 * chapter heading nor a description.
 */
function skipRunningHeads(models: readonly PageModel[]): void {
  if (models.length < 3) return;
  const key = (l: BLine): string => `${Math.round(l.y0 / l.fs)}|${l.all}`;
  const pagesOf = new Map<string, number>();
  for (const pm of models) for (const k of new Set(pm.lines.filter(l => !l.nums.length).map(key))) pagesOf.set(k, (pagesOf.get(k) ?? 0) + 1);
  const many = Math.max(3, Math.ceil(models.length * 0.4));
  for (const pm of models) for (const l of pm.lines) if (!l.nums.length && (pagesOf.get(key(l)) ?? 0) >= many) l.skip = true;
}

/** Codes of a table whose rows were not all matched to their cells. */
const R_RIGHE = 'codice da verificare: celle della tabella non allineate alle righe';

/**
 * Printed chapter subtotals (`Totale CAPITOLO 2: …`, `Totale P01 - Piano Primo`, `Parziale LAVORI A
 * MISURA euro`): each covers the voci just above it that sit under the chapter it names.
 */
function subtotalsOf(body: readonly Body[], closings: ReadonlyArray<Closing | null>, m: Model, voci: readonly ParsedVoce[]): Subtotal[] {
  const out: Subtotal[] = [];
  body.forEach((b, i) => {
    const l = b.line;
    if (closings[i]) return;
    const lab = /^(?:TOTALE|PARZIALE|SUBTOTALE|SUBTOTAL|TOTAL)\s+(.+?)(?:\s+EURO)?$/.exec(l.label);
    const t = l.nums.find(x => atAmountColumn(x, m));
    if (!lab || !t || /^PAGINA\b/.test(lab[1])) return;
    const name = spaceless(lab[1]);
    const names = (v: ParsedVoce): string[] => Object.values(v.capitoli ?? {}).map(c => spaceless(foldUpper(c)));
    const covered: ParsedVoce[] = [];
    for (let k = voci.length - 1; k >= 0; k--) {
      const at = m.memo.closedAt.get(voci[k]);
      if (at === undefined || at > i) continue;
      if (!names(voci[k]).some(c => c === name || c.endsWith(name) || name.endsWith(c))) break;
      covered.push(voci[k]);
    }
    if (covered.length) out.push({ amount: t.v, voci: covered });
  });
  return out;
}

/**
 * The grand total is the first printed total that the amounts above it add up to: what follows
 * it (IVA, oneri, a total with them) is not a voce (`end`: body lines kept). Without such a total,
 * the last one printed.
 */
function grandTotal(totals: ReadonlyArray<{ pos: number; values: Decimal[] }>, closings: ReadonlyArray<Closing | null>): { value: Decimal | null; end: number } {
  let run = 0n;
  let k = 0;
  const cents = (d: Decimal): bigint => round(d, 2).units;
  for (const t of totals) {
    for (; k < t.pos; k++) if (closings[k]) run += cents(closings[k]!.t.v);
    const value = t.values.find(v => cents(v) === run);
    if (value && run !== 0n) return { value, end: t.pos };
  }
  return { value: totals.length ? totals[totals.length - 1].values[0] : null, end: closings.length };
}

/**
 * A printed grand total line (`T O T A L E euro`, `TOTALI COMPUTO`, `Imponibile`, `Grand total`):
 * its amount read in the document's number format and, when the program printed its totals in
 * another format than its voci (`1.234.567,89` under voci `25916.73`), in the other one too.
 */
function printedTotal(l: BLine, m: Model, around: ReadonlyArray<BLine | undefined> = []): Decimal[] | null {
  const other = m.nf === DECIMAL_COMMA ? DECIMAL_POINT : DECIMAL_COMMA;
  const numeric = (w: Word): boolean => amountOf(w.text, m.nf) !== null || amountOf(w.text, other) !== null || w.text === '€' || w.text === '€.';
  const label = foldUpper(textOf(l.words.filter(w => !numeric(w))));
  if (!GRAND_TOTAL.test(spaceless(label))) return null;
  const values: Decimal[] = [];
  // A spreadsheet cell may print the amount lower or higher than its label: alone on the line beside it.
  const beside = l.nums.length ? undefined : around.find(n => n && n.page === l.page && !n.label && n.nums.length === 1 && Math.abs(n.y0 - l.y0) < 1.5 * l.fs && atAmountColumn(n.nums[0], m));
  if (beside) l = beside;
  const t = l.nums.find(x => atAmountColumn(x, m)) ?? l.nums.at(-1);
  if (t && !t.pct) values.push(t.v);
  const last = l.words.filter(w => amountOf(w.text, other)).at(-1);
  const alt = last ? amountOf(last.text, other) : null;
  if (alt) values.push(alt);
  return values.length ? values : null;
}

/**
 * Reads every page's numbers with a decimal comma and, when the print has numbers only a decimal
 * point can read (`25916.73`, `1,680.04`, `13.0`), with a decimal point too: the reading under
 * which more lines close (quantity × price = amount) is the document's.
 */
function readNumbers(text: readonly PageWords[]): { nf: NumberFormat; models: PageModel[] } {
  const read = (nf: NumberFormat): { nf: NumberFormat; models: PageModel[] } => {
    const gap = spaceGrouped(text, nf) ? FS.spacedDigitsGap : FS.digitsGap;
    return { nf, models: text.map(p => pageModel(p, gap, nf)) };
  };
  const comma = read(DECIMAL_COMMA);
  const pointOnly = text.some(p => p.words.some(w => /\d[.,'\u2019]\d/.test(w.text) && !amountOf(w.text, DECIMAL_COMMA) && amountOf(w.text, DECIMAL_POINT)));
  if (!pointOnly) return comma;
  const point = read(DECIMAL_POINT);
  return closingLines(point.models) > closingLines(comma.models) ? point : comma;
}

/** Lines whose last number is the product of two before it. */
function closingLines(models: readonly PageModel[]): number {
  let n = 0;
  for (const pm of models) {
    for (const l of pm.lines) if (l.nums.length >= 3 && tripleBefore(l.nums.slice(0, -1), l.nums[l.nums.length - 1])) n++;
  }
  return n;
}
