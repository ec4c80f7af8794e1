/**
 * The rows of a spreadsheet computo under its header, read with a column mapping as the person who
 * wrote them reads them. A voce is a row with an amount (or a price). Never a voce:
 * - a title (no numbers): a chapter, or the head of the voce below: a code with a description
 *   ending in ":" (a price list's parent article) gives its words to the voci under it;
 *   a chapter row with a chapter code ("E-1", "C-1") is a chapter, never a pending code;
 * - a measurement row: a quantity (with its factors) and no price nor amount;
 * - "escluso" / "compreso" written in the price or amount cell: a note, not a priced voce;
 * - an option ("OPZIONE: ...", with or without an amount): an alternative the offer does not add
 *   to its total; it is reported among the warnings, not imported;
 * - a total (excel-totals.ts) or an amount-only row the voci above add up to (a chapter's total);
 * - everything below the grand total ("TOTALE COMPLESSIVO APPALTO"), or from a discount /
 *   agreed-price row on: "Sconto -8,00%", "Totale", "Concordato", the firm's name and address.
 * The declared total is kept as the file states it and compared with the sum (common.ts finish).
 * Amounts computed by formulas may be cached unrounded: the amount is round(q × p) of the cells
 * whenever the cell is that product, half-up to the cent (shared/domain).
 */
import { abs, compare, dec, div, fromNumber, mul, round, sub, toNumber, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import { MAX_INCIDENZA } from '../../../shared/domain/manodopera.ts';
import { addReason, productHolds, R_CAPITOLO } from '../parser/checks.ts';
import { READER_REASONS } from '../../../shared/domain/rows.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { finish, ImportError, makeVoce, type DeclaredLabour, type ImportResult } from './common.ts';
import { cellNumber, labourColumns, readHeader, type LabourColumns } from './excel-columns.ts';
import { sameTitle, totalLabel, type TotalLabel } from './excel-totals.ts';
import { cellString, type Cell, type Sheet } from './workbook.ts';
import type { ColumnMapping, MappingField } from '../../../shared/domain/column-mapping.ts';

export const NO_COMPUTO_COLUMNS =
  'Nessuna tabella di computo riconosciuta nel foglio di calcolo: servono almeno le colonne Descrizione e Importo (o Quantità e Prezzo unitario).';
export const NO_VOCI = 'Nessuna voce di computo trovata nel foglio di calcolo: nessuna riga con un importo.';
export const R_NO_AMOUNT = READER_REASONS.noAmount;

/** Rows from which nothing below is a voce: a discount, an agreed price, the net or VAT lines under the total. */
const TAIL = /^(?:sconto|ribasso|concordat[oa]|prezzo\s+(?:concordato|offerto|netto)|importo\s+(?:netto|scontato|ribassato|concordato|offerto)|totale\s+(?:netto|scontato|ribassato|concordato|offerto|con\s+sconto)|arrotondament\w*|i\.?\s?v\.?\s?a\.?(?=\s|$|\d))/i;
const OPTION = /^\s*opzion[ei]\b/i;
/** "escluso", "compreso", "incluso" written where a price or an amount goes. */
const NOTE_PRICE = /\b(?:esclus[oaie]|compres[oaie]|inclus[oaie]|a\s+carico|omaggio|non\s+previst[oaie])\b/i;
/** A chapter's code: "E-1", "C-1", "OS-3". */
const CHAPTER_CODE = /^[A-Z]{1,3}\s?[-–]\s?\d{1,3}$/i;
/** A price-list code: no spaces, at least one digit, not a chapter's numbering ("1.2") nor code ("E-1"). */
const looksLikeCode = (s: string) => !!s && s.length <= 60 && /\d/.test(s) && !/\s/.test(s) && !/^\d+(?:\.\d+)*\.?$/.test(s) && !CHAPTER_CODE.test(s);
const nonZero = (d: Decimal | null) => (d && d.units !== 0n ? d : null);

interface Section {
  /** Index of the first voce of the section. */
  from: number;
  title: string;
}

const LEVELS: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];

function chapterLevel(code: string, text: string): keyof Capitoli {
  if (/^(?:super ?categoria|super ?capitolo|lotto|parte|opere)\b/i.test(text)) return 'supercategoria';
  if (/^(?:sotto ?categoria|sotto ?capitolo|sub ?categoria|sub ?capitolo)\b/i.test(text)) return 'sottocategoria';
  const depth = /^\d+(?:[.]\d+)*\.?$/.test(code) ? code.replace(/\.$/, '').split('.').length : 0;
  if (depth === 1) return 'supercategoria';
  if (depth >= 3) return 'sottocategoria';
  return 'categoria';
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
  /** A code and description whose numbers come on a later row, or a parent article heading the voci below. */
  pending: { code: string; text: string } | null = null;
  /** The parent article ("1C.02.100 Scavo di sbancamento:") whose words head its voci. */
  head: { code: string; text: string } | null = null;
  /**
   * The last title read since the last voce, and the chapters before it: when the next voce's row
   * has numbers but no words, that title was its description, written on the row above.
   */
  orphan: { text: string; chapters: Capitoli; starts: number } | null = null;

  /** Cents of the voci before each index: a section's sum in one subtraction. */
  readonly prefix: bigint[] = [0n];

  add(voce: ParsedVoce): void {
    this.voci.push(voce);
    this.prefix.push(this.prefix[this.prefix.length - 1] + round(fromNumber(voce.totale), 2).units);
  }

  sumFrom(i: number): Decimal {
    return dec(this.prefix[this.voci.length] - this.prefix[i], 2);
  }

  /** A title row: a chapter, a parent article, or more lines of a voce's description whose numbers come later. */
  title(code: string, text: string): void {
    const label = text || code;
    if (looksLikeCode(code) && text) {
      this.pending = { code, text };
      return;
    }
    if (this.pending && !code && text && !/:\s*$/.test(this.pending.text)) {
      this.pending.text = `${this.pending.text} ${text}`;
      return;
    }
    this.pending = null;
    this.head = null;
    if (/^riepilogo\b/i.test(label.trim())) {
      this.recap = true;
      return;
    }
    const level = chapterLevel(code, label);
    const name = code && text && CHAPTER_CODE.test(code) ? `${code} ${text}` : text || code;
    this.orphan = code ? null : { text: name, chapters: { ...this.chapters }, starts: this.starts.length };
    this.chapters[level] = name;
    for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) delete this.chapters[lower];
    this.starts.push({ from: this.voci.length, title: label });
  }

  /** A row labelled as a total: a chapter's subtotal, the document's total, or a carried sum. Returns false when it is a voce after all. */
  total(kind: TotalLabel, amount: Decimal, hasNumbers: boolean): boolean {
    if (kind.kind === 'carry') return true;
    const got = round(amount, 2);
    // "TOTALE COMPLESSIVO APPALTO" is the document's total whatever part of the voci it adds up.
    const covered = kind.final ? undefined : this.covering(got);
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

  /** The latest section start the voci since add up to `amount`. */
  covering(amount: Decimal): Section | undefined {
    return [...this.starts].reverse().find((s) => s.from < this.voci.length && compare(this.sumFrom(s.from), amount) === 0);
  }

  closeChapter(from: number, title: string, amount: Decimal): void {
    this.orphan = null;
    for (const v of this.voci.slice(from)) if (title && !v.capitoli?.categoria && !v.capitoli?.supercategoria) v.capitoli = { ...v.capitoli, categoria: title };
    this.subtotals.push({ title, amount });
    this.starts.push({ from: this.voci.length, title: '' });
  }

  /**
   * An amount-only row that is not a voce: a recap repeating a chapter's subtotal, or a chapter's
   * total without total words (blank, the chapter's name or code) that the voci above add up to.
   */
  isChapterSum(code: string, label: string, amount: Decimal): boolean {
    const got = round(amount, 2);
    if (this.subtotals.some((s) => compare(s.amount, got) === 0 && (this.recap || sameTitle(s.title, label) || this.starts.some((x) => x.title && sameTitle(x.title, label))))) return true;
    const plain = !label || CHAPTER_CODE.test(code) || CHAPTER_CODE.test(label.split(/\s/)[0]) || this.starts.some((x) => x.title && sameTitle(x.title, label));
    const covered = plain ? this.covering(got) : undefined;
    if (!covered) return false;
    this.closeChapter(covered.from, covered.title, got);
    return true;
  }

  /** The declared total: the last one stated after the last voce; earlier ones that disagree flag the voci they cover. */
  declared(): Decimal | null {
    let last: Decimal | null = null;
    for (const g of this.grand) {
      if (g.after === this.voci.length) last = g.amount;
      else if (compare(dec(this.prefix[g.after], 2), g.amount) !== 0) {
        for (const v of this.voci.slice(0, g.after)) addReason(v, R_CAPITOLO);
      }
    }
    return last;
  }

  /** Code and description of a voce: a pending code or parent article lends its own. */
  naming(code: string, text: string, label: string): { tariffa: string; descrizione: string } {
    const { pending, orphan } = this;
    this.pending = null;
    this.orphan = null;
    if (!code && !text && !pending && orphan) {
      // Not a chapter after all: the description of this voce, on the row above its numbers.
      for (const k of LEVELS) delete this.chapters[k];
      Object.assign(this.chapters, orphan.chapters);
      this.starts.length = orphan.starts;
      return { tariffa: '', descrizione: orphan.text };
    }
    if (pending && /:\s*$/.test(pending.text) && code) this.head = pending;
    else if (pending && !code) return { tariffa: pending.code, descrizione: `${pending.text}${text ? ` ${text}` : ''}` };
    if (this.head && code && (code.startsWith(this.head.code) || this.head === pending)) return { tariffa: code, descrizione: `${this.head.text} ${text}`.trim() };
    this.head = null;
    return { tariffa: code, descrizione: text || (code ? '' : label) };
  }
}

/** The first text of a row that reads as a label (a merged cell puts it in the first column). */
const rowLabel = (row: Cell[]) => row.map((c) => (typeof c === 'string' && cellNumber(c) === null ? cellString(c) : '')).find((t) => /\p{L}{2}/u.test(t)) ?? '';

/** The last number of a row: a grand total whose amount is not under the amount column. */
const lastNumber = (row: Cell[]) => [...row].reverse().map((c) => cellNumber(c)).find((d) => d !== null && d.units !== 0n) ?? null;

interface RowValues {
  code: string;
  text: string;
  unit: string;
  q: Decimal | null;
  p: Decimal | null;
  pPercent: boolean;
  t: Decimal | null;
  label: string;
  /** "escluso" / "compreso" where the price or the amount goes. */
  note: boolean;
  /** The labour the row states in the computo's own labour columns (issue 39). */
  labour: DeclaredLabour;
}

const HUNDRED = dec(100n);

/** A labour incidence cell as a percentage: "40,36%" and 40,36 as written, 0,4036 (a cell formatted as percent) times 100. */
function incidenceCandidates(c: Cell | undefined): Decimal[] {
  if (typeof c === 'string' && /%\s*$/.test(c)) {
    const n = cellNumber(c.replace(/%\s*$/, ''));
    return n ? [n] : [];
  }
  const n = cellNumber(c);
  if (!n || n.units <= 0n) return [];
  return compare(n, dec(1n)) <= 0 ? [mul(n, HUNDRED), n] : [n];
}

/**
 * The labour a row declares: its cost (to the cent) and its incidence in percent. When both are
 * printed, the reading of the incidence (percent or fraction) whose amount × incidence is nearer
 * the printed cost; an incidence beyond 0-100 or a zero cost is not a declaration.
 */
function labourOf(row: Cell[], cols: LabourColumns, totale: Decimal | null): DeclaredLabour {
  const cost = cols.costo === null ? null : nonZero(cellNumber(row[cols.costo]));
  const candidates = cols.incidenza === null ? [] : incidenceCandidates(row[cols.incidenza]);
  const off = (i: Decimal) => (cost && totale ? abs(sub(div(mul(totale, i), HUNDRED, 6), cost)) : ZERO);
  const best = candidates.reduce<Decimal | null>((a, i) => (a === null || compare(off(i), off(a)) < 0 ? i : a), null);
  const incidenza = best === null ? undefined : toNumber(round(best, 2));
  return {
    ...(incidenza !== undefined && incidenza > 0 && incidenza <= MAX_INCIDENZA ? { incidenza } : {}),
    ...(cost ? { costo: toNumber(round(cost, 2)) } : {}),
  };
}

/** The voce's price from its cell: "19,23%" is the fraction 0,1923. */
function priceOf(c: Cell | undefined): { value: Decimal | null; percent: boolean } {
  if (typeof c === 'string' && /%\s*$/.test(c)) {
    const rate = cellNumber(c.replace(/%\s*$/, ''));
    return { value: rate ? div(rate, dec(100n), 8) : null, percent: true };
  }
  return { value: cellNumber(c), percent: false };
}

/** A formula's cached amount left unrounded (q × p in floating point): the amount is round(q × p) of the cells. */
function amountOfCells(q: Decimal | null, p: Decimal | null, t: Decimal | null): Decimal | null {
  if (!q || !p || !t || t.scale <= 2) return t;
  const product = mul(q, p);
  const tolerance = dec(1n, 6);
  return compare(abs(sub(product, t)), tolerance) <= 0 ? round(product, 2) : t;
}

function rowValues(row: Cell[], m: ColumnMapping, labour: LabourColumns): RowValues {
  const get = (f: MappingField) => (m[f] === null ? undefined : row[m[f]!]);
  const code = cellString(get('codice'));
  const text = cellString(get('descrizione'));
  const price = priceOf(get('unitario'));
  const q = cellNumber(get('quantita'));
  const t = amountOfCells(q, price.value, cellNumber(get('totale')));
  const note = [get('unitario'), get('totale')].some((c) => typeof c === 'string' && cellNumber(c) === null && NOTE_PRICE.test(c));
  return { code, text, unit: cellString(get('unita_di_misura')), q, p: price.value, pPercent: price.percent, t, label: text || code || rowLabel(row), note, labour: labourOf(row, labour, t) };
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

/** One row of the table, read into `reader`: 'end' when nothing below it is a voce. */
function readRow(reader: TableReader, v: RowValues, row: Cell[]): 'end' | void {
  const { code, text, unit, label } = v;
  const [q, p, t] = [nonZero(v.q), nonZero(v.p), nonZero(v.t)];
  if (!code && !text && !t && !q && !p && !label) return;
  if (reader.voci.length && TAIL.test(label)) return 'end';
  const kind = totalLabel(label);
  // A total's amount is under the amount column, or else the last number of its row (beside the label, under the price).
  const stated = kind && !t ? lastNumber(row) : t;
  if (kind && stated && reader.total(kind, stated, !!(q && p))) return kind.final && reader.voci.length ? 'end' : undefined;
  if (OPTION.test(text || label)) {
    reader.warnings.push(`Riga di opzione non importata come voce: «${(text || label).slice(0, 120)}»${t ? ` (${toNumber(round(t, 2))})` : ''}.`);
    return;
  }
  if (v.note) return;
  // No amount and no price: a title, or a measurement row (a quantity and its factors).
  if (!t && !p) {
    if (!q && label && !kind) reader.title(code, text || label);
    return;
  }
  if (t && !q && !p && reader.isChapterSum(code, label, t)) return;
  const amount = v.t ?? ZERO;
  const isPercent = v.pPercent || unit === '%' || /%\s*$/.test(unit);
  // "a corpo" with the price and the amount and no quantity: one.
  const once = !q && p && t && compare(p, t) === 0;
  const { quantita, unitario } = isPercent && q && p ? percentVoce(q, p, amount) : { quantita: once ? dec(1n) : (v.q ?? ZERO), unitario: v.p ?? ZERO };
  const named = reader.naming(code, text, label);
  const verifica = v.t === null ? [R_NO_AMOUNT] : [];
  reader.add(makeVoce({ ...named, unita_di_misura: unit, quantita, unitario, totale: amount, capitoli: { ...reader.chapters }, verifica }, reader.voci.length + 1, v.labour));
}

/** Reads the voci of `sheet` with `mapping`, from the row after the header at `headerRow`. */
export function readTable(sheet: Sheet, headerRow: number, mapping: ColumnMapping, layout: ImportResult['layout'] = 'excel'): ImportResult {
  const m = mapping;
  if (m.descrizione === null || m.totale === null) throw new ImportError(NO_COMPUTO_COLUMNS);
  const reader = new TableReader();
  const header = headerRow >= 0 ? readHeader(sheet.rows, headerRow) : null;
  const first = headerRow >= 0 ? headerRow + (header?.depth ?? 1) : 0;
  const labour = header ? labourColumns(header) : { incidenza: null, costo: null };
  const head = headerRow >= 0 ? (sheet.rows[headerRow] ?? []) : null;
  // The header written again further down (on each printed page): not a title.
  const repeated = (row: Cell[]) => !!head && cellString(row[m.descrizione!]) !== '' && cellString(row[m.descrizione!]) === cellString(head[m.descrizione!]) && !row.some((c) => typeof c === 'number');
  for (let r = first; r < sheet.rows.length; r++) {
    const row = sheet.rows[r] ?? [];
    if (repeated(row)) continue;
    if (readRow(reader, rowValues(row, m, labour), row) === 'end') break;
  }
  if (!reader.voci.length) throw new ImportError(NO_VOCI);
  const declared = reader.declared();
  return finish({ layout, voci: reader.voci, document_total: declared ? toNumber(declared) : null, warnings: reader.warnings });
}
