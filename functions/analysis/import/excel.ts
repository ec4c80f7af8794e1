/**
 * Excel-style computi (.xlsx, .xls, and .ods that are not LeenO): one table under a header.
 * The columns come from evidence (excel-columns.ts): the header's words and meanings over one to
 * three rows, each column's content (the unit column holds unit words, never counts) and
 * quantità × prezzo = importo. Without a readable header the columns are guessed from the
 * numbers and the mapping is "not certain": the upload shows it for the user to confirm.
 * Rows labelled as totals (excel-totals.ts) are never voci: a subtotal whose amount is the sum of
 * the voci above closes a chapter, the grand total row is the declared total (compared with the
 * sum, never forced to it), a subtotal that disagrees flags its voci. Rows without an amount are
 * titles (chapters) or more lines of a description. Voci without a code keep their description;
 * a percentage voce reads base × rate = amount (19,23% → 0,1923).
 */
import { abs, compare, dec, div, fromNumber, mul, round, sum, toNumber, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import { addReason, productHolds, R_CAPITOLO } from '../parser/checks.ts';
import { READER_REASONS } from '../../../shared/domain/rows.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { finish, ImportError, makeVoce, type ImportResult } from './common.ts';
import { cellNumber, modelFromHeader, productScore, readHeader } from './excel-columns.ts';
import { sameTitle, totalLabel, type TotalLabel } from './excel-totals.ts';
import { cellString, type Cell, type Sheet } from './workbook.ts';
import { MAPPING_FIELDS, type ColumnMapping, type MappingField } from '../../../shared/api/documents.ts';

export const NO_COMPUTO_COLUMNS =
  'Nessuna tabella di computo riconosciuta nel foglio di calcolo: servono almeno le colonne Descrizione e Importo (o Quantità e Prezzo unitario).';
export const NO_VOCI = 'Nessuna voce di computo trovata nel foglio di calcolo: nessuna riga con un importo.';
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
}

const emptyMapping = (): ColumnMapping => ({ codice: null, descrizione: null, unita_di_misura: null, quantita: null, unitario: null, totale: null });
export const columnLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

const HEADER_ROWS = 40;

/** Column labels as the file has them, over the header's rows ("Colonna C" where there is none). */
function labels(rows: Cell[][], headerRow: number): string[] {
  const width = Math.min(200, Math.max(0, ...rows.slice(Math.max(0, headerRow), headerRow + 200).map((r) => r?.length ?? 0)));
  const depth = headerRow >= 0 ? (readHeader(rows, headerRow)?.depth ?? 1) : 0;
  return Array.from({ length: width }, (_, c) => {
    const t = rows
      .slice(Math.max(0, headerRow), Math.max(0, headerRow) + depth)
      .map((r) => cellString(r?.[c]))
      .filter(Boolean)
      .join(' ');
    return t && t.length <= 60 ? t : `Colonna ${columnLetter(c)}`;
  });
}

/** Columns guessed from the data: the (q, p, t) triple that satisfies the product most often, text columns around it. */
function guessFromNumbers(rows: Cell[][]): ColumnMapping | null {
  const width = Math.min(60, Math.max(0, ...rows.slice(0, 500).map((r) => r?.length ?? 0)));
  let best: { m: ColumnMapping; holds: number } | null = null;
  for (let t = 0; t < width; t++) {
    for (let q = 0; q < t; q++) {
      for (let p = 0; p < t; p++) {
        if (p === q) continue;
        const m = { ...emptyMapping(), quantita: q, unitario: p, totale: t };
        const s = productScore(rows, 0, m);
        if (s.holds >= 2 && (!best || s.holds > best.holds)) best = { m, holds: s.holds };
      }
    }
  }
  if (!best) return null;
  const m = best.m;
  // Text columns left of the numbers: the longest average text is the description, a short one before it the code, a short one after it the unit.
  const textLen = (c: number) => rows.slice(0, 500).reduce((s, r) => s + (typeof r?.[c] === 'string' ? cellString(r[c]).length : 0), 0);
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
      const { mapping, certain } = modelFromHeader(s.rows, header, r + header.depth);
      return { sheet: s.name, headerRow: r, mapping, certain, undecided: false, columns: labels(s.rows, r) };
    }
  }
  for (const s of ordered) {
    const m = guessFromNumbers(s.rows);
    if (!m) continue;
    // A first row of text only is a header we could not read: its labels name the columns.
    const top = s.rows.findIndex((r) => r?.some((c) => c !== null && c !== ''));
    const textOnly = top >= 0 && top < HEADER_ROWS && s.rows[top].every((c) => c === null || typeof c === 'string') && s.rows[top].filter(Boolean).length >= 3;
    return { sheet: s.name, headerRow: textOnly ? top : -1, mapping: m, certain: false, undecided: !priceColumnKnown(s.rows, m), columns: labels(s.rows, textOnly ? top : -1) };
  }
  // Nothing recognised: the user chooses every column.
  const s = ordered.find((x) => x.rows.some((r) => r?.some((c) => c !== null && c !== ''))) ?? ordered[0];
  return { sheet: s.name, headerRow: -1, mapping: emptyMapping(), certain: false, undecided: true, columns: labels(s.rows, -1) };
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

/** The voce's price from its cell: "19,23%" is the fraction 0,1923. */
function priceOf(c: Cell | undefined): { value: Decimal | null; percent: boolean } {
  if (typeof c === 'string' && /%\s*$/.test(c)) {
    const rate = cellNumber(c.replace(/%\s*$/, ''));
    return { value: rate ? div(rate, dec(100n), 8) : null, percent: true };
  }
  return { value: cellNumber(c), percent: false };
}

/**
 * A percentage voce reads as base × rate = amount, the base as quantity and the rate as a fraction
 * (19,23% → 0,1923). A rate written as 19,23 is divided by 100; when the file has the rate in the
 * quantity column, the base (the number not below the amount) becomes the quantity.
 */
function percentVoce(q: Decimal, p: Decimal, t: Decimal): { quantita: Decimal; unitario: Decimal } {
  if (productHolds(q, p, t)) return { quantita: q, unitario: p };
  const hundred = dec(100n);
  if (!productHolds(div(mul(q, p), hundred, 8), dec(1n), t)) return { quantita: q, unitario: p };
  const qIsBase = compare(abs(q), abs(t)) >= 0;
  const pIsBase = compare(abs(p), abs(t)) >= 0;
  if (pIsBase && !qIsBase) return { quantita: p, unitario: div(q, hundred, 8) };
  return { quantita: q, unitario: div(p, hundred, 8) };
}

interface Section {
  /** Index of the first voce of the section. */
  from: number;
  title: string;
}

/** What is read while walking the rows. */
class TableReader {
  readonly voci: ParsedVoce[] = [];
  readonly warnings: string[] = [];
  readonly chapters: Capitoli = {};
  /** Where sections began (a title, a subtotal): a subtotal covers the voci since one of them. */
  readonly starts: Section[] = [{ from: 0, title: '' }];
  readonly subtotals: Array<{ title: string; amount: Decimal }> = [];
  readonly grand: Array<{ amount: Decimal; after: number }> = [];
  recap = false;
  pending: { code: string; text: string } | null = null;

  constructor(readonly layout: ImportResult['layout']) {}

  sumFrom(i: number): Decimal {
    return round(sum(this.voci.slice(i).map((v) => fromNumber(v.totale))), 2);
  }

  /** A title row: a chapter, or more lines of a voce's description whose numbers come later. */
  title(code: string, text: string): void {
    const label = text || code;
    if (looksLikeCode(code) && text && !this.pending) {
      this.pending = { code, text };
      return;
    }
    if (this.pending && !code && text) {
      this.pending.text = `${this.pending.text} ${text}`;
      return;
    }
    this.pending = null;
    if (/^riepilogo\b/i.test(label.trim())) {
      this.recap = true;
      return;
    }
    const level = chapterLevel(code, label);
    this.chapters[level] = text || code;
    for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) delete this.chapters[lower];
    this.starts.push({ from: this.voci.length, title: label });
  }

  /** A row labelled as a total: a chapter's subtotal, the document's total, or a carried sum. Returns false when it is a voce after all. */
  total(kind: TotalLabel, amount: Decimal, hasNumbers: boolean): boolean {
    if (kind.kind === 'carry') return true;
    const got = round(amount, 2);
    const covered = [...this.starts].reverse().find((s) => s.from < this.voci.length && compare(this.sumFrom(s.from), got) === 0);
    if (covered && (kind.kind !== 'grand' || covered.from > 0)) {
      this.closeChapter(covered.from, kind.title || covered.title, got);
      return true;
    }
    if (kind.kind === 'grand') {
      this.grand.push({ amount: got, after: this.voci.length });
      return true;
    }
    if (hasNumbers) return false;
    // A subtotal the voci above do not add up to: they stay as read, flagged.
    const from = this.starts[this.starts.length - 1].from;
    for (const v of this.voci.slice(from)) addReason(v, R_CAPITOLO);
    this.closeChapter(from, kind.title, got);
    return true;
  }

  closeChapter(from: number, title: string, amount: Decimal): void {
    for (const v of this.voci.slice(from)) if (title && !v.capitoli?.categoria && !v.capitoli?.supercategoria) v.capitoli = { ...v.capitoli, categoria: title };
    this.subtotals.push({ title, amount });
    this.starts.push({ from: this.voci.length, title: '' });
  }

  /** An amount-only row repeating a chapter's subtotal (a recap under the voci): not a voce. */
  isRecap(label: string, amount: Decimal): boolean {
    const got = round(amount, 2);
    return this.subtotals.some((s) => compare(s.amount, got) === 0 && (this.recap || sameTitle(s.title, label) || this.starts.some((x) => x.title && sameTitle(x.title, label))));
  }

  /** The declared total: the last one stated after the last voce; earlier ones that disagree flag the voci they cover. */
  declared(): Decimal | null {
    let last: Decimal | null = null;
    for (const g of this.grand) {
      if (g.after === this.voci.length) last = g.amount;
      else if (compare(round(sum(this.voci.slice(0, g.after).map((v) => fromNumber(v.totale))), 2), g.amount) !== 0) {
        for (const v of this.voci.slice(0, g.after)) addReason(v, R_CAPITOLO);
      }
    }
    return last;
  }
}

/** A price-list code: no spaces, at least one digit, not a chapter's numbering ("1.2"). */
const looksLikeCode = (s: string) => !!s && s.length <= 60 && /\d/.test(s) && !/\s/.test(s) && !/^\d+(?:\.\d+)*\.?$/.test(s);

function chapterLevel(code: string, text: string): keyof Capitoli {
  if (/^(?:super ?categoria|super ?capitolo|lotto|parte|opere)\b/i.test(text)) return 'supercategoria';
  if (/^(?:sotto ?categoria|sotto ?capitolo|sub ?categoria|sub ?capitolo)\b/i.test(text)) return 'sottocategoria';
  const depth = /^\d+(?:[.]\d+)*\.?$/.test(code) ? code.replace(/\.$/, '').split('.').length : 0;
  if (depth === 1) return 'supercategoria';
  if (depth >= 3) return 'sottocategoria';
  return 'categoria';
}

const LEVELS: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];

/** The first text of a row that reads as a label (a merged cell puts it in the first column). */
const rowLabel = (row: Cell[]) => row.map((c) => (typeof c === 'string' && cellNumber(c) === null ? cellString(c) : '')).find((t) => /\p{L}{2}/u.test(t)) ?? '';

interface RowValues {
  code: string;
  text: string;
  unit: string;
  q: Decimal | null;
  p: Decimal | null;
  pPercent: boolean;
  t: Decimal | null;
  label: string;
}

function rowValues(row: Cell[], m: ColumnMapping): RowValues {
  const get = (f: MappingField) => (m[f] === null ? undefined : row[m[f]!]);
  const code = cellString(get('codice'));
  const text = cellString(get('descrizione'));
  const price = priceOf(get('unitario'));
  return { code, text, unit: cellString(get('unita_di_misura')), q: cellNumber(get('quantita')), p: price.value, pPercent: price.percent, t: cellNumber(get('totale')), label: text || code || rowLabel(row) };
}

/** One row of the table, read into `reader`. */
function readRow(reader: TableReader, v: RowValues): void {
  const { code, text, unit, q, p, t, label } = v;
  if (!code && !text && !t && !q && !p && !label) return;
  const kind = totalLabel(label);
  if (kind && t && reader.total(kind, t, !!(q && p))) return;
  if (t === null && !q && !p) {
    if (label && !kind) reader.title(code, text || label);
    return;
  }
  if (t !== null && !q && !p && reader.isRecap(label, t)) return;
  const amount = t ?? ZERO;
  const isPercent = v.pPercent || unit === '%' || /%\s*$/.test(unit);
  const { quantita, unitario } = isPercent && q && p ? percentVoce(q, p, amount) : { quantita: q ?? ZERO, unitario: p ?? ZERO };
  const pending = reader.pending;
  const descr = pending && !code ? `${pending.text}${text ? ` ${text}` : ''}` : text || (code ? '' : label);
  const tariffa = pending && !code ? pending.code : code;
  reader.pending = null;
  const verifica = t === null ? [R_NO_AMOUNT] : [];
  reader.voci.push(makeVoce({ tariffa, descrizione: descr, unita_di_misura: unit, quantita, unitario, totale: amount, capitoli: { ...reader.chapters }, verifica }, reader.voci.length + 1));
}

export const R_NO_AMOUNT = READER_REASONS.noAmount;
export const R_INDISTINTI = 'quantità e prezzo non distinguibili';

/** Reads the voci of `sheet` with `mapping`, from the row after the header at `headerRow`. */
export function readTable(sheet: Sheet, headerRow: number, mapping: ColumnMapping, layout: ImportResult['layout'] = 'excel'): ImportResult {
  const m = mapping;
  if (m.descrizione === null || m.totale === null) throw new ImportError(NO_COMPUTO_COLUMNS);
  const reader = new TableReader(layout);
  const first = headerRow >= 0 ? headerRow + (readHeader(sheet.rows, headerRow)?.depth ?? 1) : 0;
  for (let r = first; r < sheet.rows.length; r++) readRow(reader, rowValues(sheet.rows[r] ?? [], m));
  if (!reader.voci.length) throw new ImportError(NO_VOCI);
  const declared = reader.declared();
  return finish({ layout, voci: reader.voci, document_total: declared ? toNumber(declared) : null, warnings: reader.warnings });
}

export function importTable(sheets: Sheet[], mapping: ColumnMapping | null, layout: ImportResult['layout'] = 'excel'): ImportResult {
  const guess = guessMapping(sheets);
  const sheet = sheets.find((s) => s.name === guess.sheet)!;
  const result = readTable(sheet, guess.headerRow, mapping ?? guess.mapping, layout);
  // Columns chosen from the numbers alone, nobody confirmed them: which is the quantity is not known.
  if (!mapping && guess.undecided) for (const v of result.voci) addReason(v, R_INDISTINTI);
  return result;
}
