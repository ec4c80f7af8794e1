/**
 * Excel-style computi (.xlsx, .xls, and .ods that are not LeenO): one table under a header.
 * The columns come from evidence (excel-columns.ts): the header's words and meanings over one to
 * three rows, each column's content (the unit column holds unit words, never counts) and
 * quantità × prezzo = importo. Without a readable header the columns are guessed from the
 * numbers. Wherever the evidence is not unanimous the mapping is "not certain", with the doubts
 * in words: the upload shows it for the user to confirm. The rows are read by excel-rows.ts.
 */
import { toNumber, type Decimal } from '../../../shared/domain/money.ts';
import { addReason } from '../parser/checks.ts';
import { ImportError, type ImportResult } from './common.ts';
import { cellNumber, modelFromHeader, productScore, readHeader } from './excel-columns.ts';
import { readTable } from './excel-rows.ts';
import { cellString, type Cell, type Sheet } from './workbook.ts';
import { MAPPING_FIELDS, type ColumnMapping } from '../../../shared/domain/column-mapping.ts';

export { NO_COMPUTO_COLUMNS, NO_VOCI, R_NO_AMOUNT, readTable } from './excel-rows.ts';
export const BAD_MAPPING = 'Associazione delle colonne non valida: scegli almeno le colonne Descrizione e Importo, ciascuna una sola volta.';

export interface HeaderGuess {
  sheet: string;
  /** 0-based row of the header (-1 when the columns were guessed from the numbers). */
  headerRow: number;
  mapping: ColumnMapping;
  certain: boolean;
  /** Guessed from the numbers alone, and nothing tells the quantity from the price: every voce is flagged. */
  undecided: boolean;
  /** Column labels as the file has them (or "Colonna C"). */
  columns: string[];
  /** Why the columns are not certain, in the user's words. */
  doubts: string[];
}

const emptyMapping = (): ColumnMapping => ({ codice: null, descrizione: null, unita_di_misura: null, quantita: null, unitario: null, totale: null });
export const columnLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

const HEADER_ROWS = 40;

/** Column labels as the file has them, over the header's rows ("Colonna C" where there is none). */
function labels(rows: Cell[][], headerRow: number): string[] {
  const width = Math.min(200, Math.max(0, ...rows.slice(Math.max(0, headerRow), headerRow + 200).map((r) => r?.length ?? 0)));
  const depth = headerRow >= 0 ? (readHeader(rows, headerRow)?.depth ?? 1) : 0;
  const names = Array.from({ length: width }, (_, c) => {
    const t = rows
      .slice(Math.max(0, headerRow), Math.max(0, headerRow) + depth)
      .map((r) => cellString(r?.[c]))
      .filter(Boolean)
      .join(' ');
    return t && t.length <= 60 ? t : `Colonna ${columnLetter(c)}`;
  });
  // Two columns with the same header ("QUANTITA'" twice): each named with its letter too.
  return names.map((n, c) => (names.indexOf(n) !== names.lastIndexOf(n) ? `${n} (${columnLetter(c)})` : n));
}

/** Each column's cells as floats (NaN where there is no number), over the rows the guess looks at. */
function floatColumns(rows: Cell[][], width: number): Float64Array[] {
  const n = Math.min(rows.length, GUESS_ROWS);
  return Array.from({ length: width }, (_, c) => {
    const out = new Float64Array(n).fill(NaN);
    for (let r = 0; r < n; r++) {
      const d = cellNumber(rows[r]?.[c]);
      if (d && d.units !== 0n) out[r] = toNumber(d);
    }
    return out;
  });
}

/** Rows where q × p is within a cent and a half of t in floating point: never fewer than the exact check finds. */
function roughHolds(q: Float64Array, p: Float64Array, t: Float64Array): number {
  let n = 0;
  for (let r = 0; r < t.length; r++) if (Math.abs(q[r] * p[r] - t[r]) <= 0.015 + Math.abs(t[r]) * 1e-9) n++;
  return n;
}

const GUESS_ROWS = 500;

/**
 * Columns guessed from the data: the (q, p, t) triple that satisfies the product most often, text
 * columns around it. Every triple is counted in floating point first (a few milliseconds for 60
 * columns); the exact check (shared rule, half-up to the cent) runs only on the triples that could win.
 */
function guessFromNumbers(rows: Cell[][]): ColumnMapping | null {
  const width = Math.min(60, Math.max(0, ...rows.slice(0, GUESS_ROWS).map((r) => r?.length ?? 0)));
  const cols = floatColumns(rows, width);
  const numeric = cols.map((c) => c.some((x) => !Number.isNaN(x)));
  const triples: Array<{ q: number; p: number; t: number; rough: number; order: number }> = [];
  for (let t = 0; t < width; t++) {
    for (let q = 0; q < t; q++) {
      for (let p = 0; p < t; p++) {
        if (p === q || !numeric[t] || !numeric[q] || !numeric[p]) continue;
        const rough = roughHolds(cols[q], cols[p], cols[t]);
        if (rough >= 2) triples.push({ q, p, t, rough, order: triples.length });
      }
    }
  }
  triples.sort((a, b) => b.rough - a.rough || a.order - b.order);
  let best: { m: ColumnMapping; holds: number; order: number } | null = null;
  for (const x of triples) {
    if (best && x.rough < best.holds) break;
    const m = { ...emptyMapping(), quantita: x.q, unitario: x.p, totale: x.t };
    const s = productScore(rows, 0, m);
    if (s.holds >= 2 && (!best || s.holds > best.holds || (s.holds === best.holds && x.order < best.order))) best = { m, holds: s.holds, order: x.order };
  }
  if (!best) return null;
  const m = best.m;
  // Text columns left of the numbers: the longest average text is the description, a short one before it the code, a short one after it the unit.
  const textLen = (c: number) => rows.slice(0, GUESS_ROWS).reduce((s, r) => s + (typeof r?.[c] === 'string' ? cellString(r[c]).length : 0), 0);
  const used = new Set([m.quantita, m.unitario, m.totale]);
  const candidates = Array.from({ length: width }, (_, c) => c).filter((c) => !used.has(c) && textLen(c) > 0);
  if (!candidates.length) return null;
  m.descrizione = candidates.reduce((a, b) => (textLen(b) > textLen(a) ? b : a));
  const before = candidates.filter((c) => c < m.descrizione!);
  if (before.length) m.codice = before[before.length - 1];
  const after = candidates.filter((c) => c > m.descrizione! && c < Math.min(m.quantita!, m.unitario!));
  if (after.length) m.unita_di_misura = after[0];
  return m;
}

/** Where the table is and how sure we are of its columns. */
export function guessMapping(sheets: Sheet[]): HeaderGuess {
  const ordered = [...sheets].sort((a, b) => Number(/computo/i.test(b.name)) - Number(/computo/i.test(a.name)));
  for (const s of ordered) {
    for (let r = 0; r < Math.min(HEADER_ROWS, s.rows.length); r++) {
      const header = readHeader(s.rows, r);
      if (!header) continue;
      const { mapping, certain, doubts } = modelFromHeader(s.rows, header, r + header.depth, s.hidden);
      return { sheet: s.name, headerRow: r, mapping, certain, undecided: false, columns: labels(s.rows, r), doubts };
    }
  }
  for (const s of ordered) {
    const m = guessFromNumbers(s.rows);
    if (!m) continue;
    // A first row of text only is a header we could not read: its labels name the columns.
    const top = s.rows.findIndex((r) => r?.some((c) => c !== null && c !== ''));
    const textOnly = top >= 0 && top < HEADER_ROWS && s.rows[top].every((c) => c === null || typeof c === 'string') && s.rows[top].filter(Boolean).length >= 3;
    const undecided = !priceColumnKnown(s.rows, m);
    const doubts = ['Intestazione non riconosciuta: colonne scelte dai numeri, dove quantità × prezzo = importo.', ...(undecided ? ['Quantità e prezzo non distinguibili dai numeri.'] : [])];
    return { sheet: s.name, headerRow: textOnly ? top : -1, mapping: m, certain: false, undecided, columns: labels(s.rows, textOnly ? top : -1), doubts };
  }
  // Nothing recognised: the user chooses every column.
  const s = ordered.find((x) => x.rows.some((r) => r?.some((c) => c !== null && c !== ''))) ?? ordered[0];
  return { sheet: s.name, headerRow: -1, mapping: emptyMapping(), certain: false, undecided: true, columns: labels(s.rows, -1), doubts: ['Nessuna colonna riconosciuta: scegli le colonne.'] };
}

/** A mapping sent by the user: known fields, distinct columns, Descrizione and Importo present. */
export function validMapping(value: unknown): ColumnMapping {
  if (!value || typeof value !== 'object') throw new ImportError(BAD_MAPPING);
  const m = emptyMapping();
  const seen = new Set<number>();
  for (const f of MAPPING_FIELDS) {
    const v = (value as Record<string, unknown>)[f];
    if (v === null || v === undefined || v === '') continue;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n >= 200 || seen.has(n)) throw new ImportError(BAD_MAPPING);
    seen.add(n);
    m[f] = n;
  }
  if (m.descrizione === null || m.totale === null) throw new ImportError(BAD_MAPPING);
  return m;
}


/**
 * The same code (or description) twice carries the same unit price and usually another quantity:
 * that tells the price column from the quantity column when no header does. Swaps them when the
 * evidence says the guess was the wrong way round; false when there is no such evidence.
 */
function priceColumnKnown(rows: Cell[][], m: ColumnMapping): boolean {
  if (m.quantita === null || m.unitario === null) return false;
  const seen = new Map<string, { q: string; p: string }>();
  let priceSame = 0;
  let quantitySame = 0;
  for (const row of rows) {
    const key = cellString(row?.[m.codice ?? -1]) || cellString(row?.[m.descrizione ?? -1]);
    const q = cellNumber(row?.[m.quantita]);
    const p = cellNumber(row?.[m.unitario]);
    if (!key || !q || !p) continue;
    const before = seen.get(key);
    const now = { q: toPlain(q), p: toPlain(p) };
    if (before && before.q !== now.q && before.p === now.p) priceSame++;
    if (before && before.q === now.q && before.p !== now.p) quantitySame++;
    seen.set(key, now);
  }
  if (priceSame === quantitySame) return false;
  if (quantitySame > priceSame) [m.quantita, m.unitario] = [m.unitario, m.quantita];
  return true;
}

const toPlain = (d: Decimal) => String(toNumber(d));

export const R_INDISTINTI = 'quantità e prezzo non distinguibili';

export function importTable(sheets: Sheet[], mapping: ColumnMapping | null, layout: ImportResult['layout'] = 'excel'): ImportResult {
  const guess = guessMapping(sheets);
  const sheet = sheets.find((s) => s.name === guess.sheet)!;
  const result = readTable(sheet, guess.headerRow, mapping ?? guess.mapping, layout);
  // Columns chosen from the numbers alone, nobody confirmed them: which is the quantity is not known.
  if (!mapping && guess.undecided) for (const v of result.voci) addReason(v, R_INDISTINTI);
  return result;
}
