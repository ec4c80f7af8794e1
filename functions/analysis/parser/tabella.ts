/**
 * Ruled table printed from a spreadsheet: `Codice | Descrizione | UM | Quantità | Prezzo unitario € | Importo €`,
 * header repeated on every page, chapter rows merged across the table, final `Totale` row.
 *
 * Cells are vertically centred: code, U.M. and numbers of a row sit around the middle of the
 * row's description block, so their baseline falls between description lines. Rows are therefore
 * rebuilt from geometry: the numbers of a row are its *anchor*; description lines form blocks
 * separated by the cell padding, and each block belongs to the anchor it surrounds. Codes broken
 * inside their cell are the code-column pieces nearest to the anchor, joined without spaces.
 */
import { round, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import { findHeader, nearestColumn, riverBetween, type Header, type HeaderColumn } from './columns.ts';
import { groupLines, linesOf, parseAmount, textOf, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/text.ts';
import type { ParsedVoce, ParseResult } from './types.ts';
import { checkDocumentTotal, finishVoce, newDraft } from './voce.ts';

export const TABELLA_HEADER = {
  code: ['CODICE', 'TARIFFA', 'ARTICOLO'],
  desc: ['DESCRIZIONE'],
  um: ['UM', 'U.M.', 'U.M'],
  qty: ['QUANTITA', 'Q.TA'],
  unit: ['PREZZO', 'UNITARIO'],
  total: ['IMPORTO'],
} as const;

type Key = keyof typeof TABELLA_HEADER;
type NumKey = 'um' | 'qty' | 'unit' | 'total';

interface BodyPage {
  page: number;
  header: Header<Key>;
  words: Word[];
}

interface Geometry {
  codeRight: number;
  descRight: number;
}

/** A row's numbers: quantity, price and amount side by side (plus its U.M.). */
interface Anchor {
  page: number;
  cy: number;
  um: Word[];
  qty: Word;
  unit: Word;
  total: Word;
  desc: Line[];
  code: Line[];
}

export function looksLikeTabella(pages: readonly PageWords[]): boolean {
  return pages.some(p => findHeader(linesOf(p), TABELLA_HEADER, p.height) !== null) && !pages.some(p => p.words.some(w => foldUpper(w.text) === 'SOMMANO'));
}

export function parseTabella(pages: readonly PageWords[]): ParseResult {
  const warnings: string[] = [];
  const body = pages.map(bodyOf).filter((b): b is BodyPage => b !== null);
  if (!body.length) return { layout: 'tabella', voci: [], document_total: null, warnings: ['Intestazione delle colonne non trovata.'] };
  const geo = geometryOf(body);
  const voci: ParsedVoce[] = [];
  let documentTotal: Decimal | null = null;

  for (const bp of body) {
    const cols = numberColumns(bp.header);
    const code = bp.words.filter(w => w.x0 < geo.codeRight);
    const desc = bp.words.filter(w => w.x0 >= geo.codeRight && w.x0 < geo.descRight);
    const nums = bp.words.filter(w => w.x0 >= geo.descRight);
    const { anchors, total } = anchorsOf(bp.page, nums, desc, cols);
    if (total) documentTotal = total;
    attachDescriptions(anchors, descLines(bp.page, desc));
    attachCodes(anchors, lineList(bp.page, code));
    for (const a of anchors) {
      const v = voceOf(a, warnings);
      if (v) voci.push(v);
    }
  }
  checkDocumentTotal(voci, documentTotal, warnings);
  return { layout: 'tabella', voci, document_total: documentTotal ? toNumber(round(documentTotal, 2)) : null, warnings };
}

function voceOf(a: Anchor, warnings: string[]): ParsedVoce | null {
  const d = newDraft(null, a.page);
  // Each printed line of the code cell is one piece of the code, cut at an arbitrary character.
  d.codeParts = a.code.map(l => l.words.map(w => w.text).join(''));
  d.descParts = a.desc.map(l => textOf(l.words));
  d.um = textOf(a.um);
  d.qty = a.qty.text;
  d.unit = a.unit.text;
  d.total = a.total.text;
  d.firstPageWords = [...a.desc, ...a.code].flatMap(l => l.words).concat(a.um, [a.qty, a.unit, a.total]);
  if (!a.desc.length) warnings.push(`Pag. ${a.page}: riga con importo ${a.total.text} senza descrizione.`);
  return finishVoce(d, warnings);
}

function bodyOf(page: PageWords): BodyPage | null {
  const lines = linesOf(page);
  const header = findHeader(lines, TABELLA_HEADER, page.height);
  if (!header) return null;
  const words = lines
    .filter(l => l.y0 > header.bottom + 0.5)
    .filter(l => !/^PAGINA \d+ (DI|\/) \d+$/.test(foldUpper(textOf(l.words)))) // page footer
    .flatMap(l => l.words)
    .filter(w => w.text !== '€');
  return { page: page.page, header, words };
}

function geometryOf(body: readonly BodyPage[]): Geometry {
  const h = body[0].header.cols;
  const words = body.flatMap(b => b.words);
  return {
    codeRight: riverBetween(words, h.code.x1, h.desc.x0),
    descRight: riverBetween(words, h.desc.x1, h.um.x0),
  };
}

function numberColumns(h: Header<Key>): Record<NumKey, HeaderColumn> {
  return { um: h.cols.um, qty: h.cols.qty, unit: h.cols.unit, total: h.cols.total };
}

/** Rows of the numeric columns; a row with quantity, price and amount is a voce anchor. */
function anchorsOf(
  page: number,
  nums: Word[],
  desc: Word[],
  cols: Record<NumKey, HeaderColumn>,
): { anchors: Anchor[]; total: Decimal | null } {
  const anchors: Anchor[] = [];
  let total: Decimal | null = null;
  for (const row of lineList(page, nums)) {
    const byCol: Partial<Record<NumKey, Word[]>> = {};
    for (const w of row.words) {
      const col = parseAmount(w.text) ? nearestColumn(w, cols) : 'um';
      if (col) (byCol[col] ??= []).push(w);
    }
    const amount = byCol.total?.find(w => parseAmount(w.text));
    const qty = byCol.qty?.find(w => parseAmount(w.text));
    const unit = byCol.unit?.find(w => parseAmount(w.text));
    if (amount && qty && unit) {
      anchors.push({ page, cy: row.cy, um: byCol.um ?? [], qty, unit, total: amount, desc: [], code: [] });
    } else if (amount && isTotalRow(row, desc)) {
      total = parseAmount(amount.text);
    }
  }
  return { anchors, total };
}

/** The closing `Totale` row: its label sits left of the amount, on the same row. */
function isTotalRow(row: Line, desc: Word[]): boolean {
  const labels = [...row.words, ...desc.filter(w => Math.abs((w.y0 + w.y1) / 2 - row.cy) < 2)].filter(w => !parseAmount(w.text));
  return labels.some(w => /^TOTALE(\s+(GENERALE|COMPLESSIVO))?$/.test(foldUpper(w.text)));
}

function lineList(page: number, words: Word[]): Line[] {
  return groupLines({ page, width: 0, height: 0, words, hasTextLayer: true });
}

/**
 * Description lines split into cell blocks: inside a cell lines follow at the line pitch,
 * between cells the padding makes a larger gap.
 */
function descLines(page: number, words: Word[]): Line[][] {
  const lines = lineList(page, words);
  const blocks: Line[][] = [];
  for (const l of lines) {
    const prev = blocks.at(-1)?.at(-1);
    const size = l.y1 - l.y0;
    if (prev && l.cy - prev.cy < 1.4 * size) blocks.at(-1)!.push(l);
    else blocks.push([l]);
  }
  return blocks;
}

/** Each description block goes to the anchor it surrounds (or the nearest one next to it). */
function attachDescriptions(anchors: Anchor[], blocks: Line[][]): void {
  for (const block of blocks) {
    const top = block[0].y0;
    const bottom = block[block.length - 1].y1;
    const pitch = block.length > 1 ? (block[block.length - 1].cy - block[0].cy) / (block.length - 1) : bottom - top;
    const inside = anchors.filter(a => a.cy >= top - pitch && a.cy <= bottom + pitch);
    if (!inside.length) continue; // chapter row or stray text: not a voce
    if (inside.length === 1) {
      inside[0].desc.push(...block);
      continue;
    }
    // Several anchors in one block (no padding between cells): split at midpoints between anchors.
    for (const l of block) nearest(inside, l.cy).desc.push(l);
  }
}

function attachCodes(anchors: Anchor[], lines: Line[]): void {
  for (const l of lines) {
    if (!anchors.length) return;
    const a = nearest(anchors, l.cy);
    // Code pieces are centred on their row: ignore text far from any anchor (title blocks, notes).
    if (Math.abs(a.cy - l.cy) <= 4 * (l.y1 - l.y0)) a.code.push(l);
  }
}

function nearest(anchors: Anchor[], cy: number): Anchor {
  return anchors.reduce((best, a) => (Math.abs(a.cy - cy) < Math.abs(best.cy - cy) ? a : best));
}

