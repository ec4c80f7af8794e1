/**
 * Which column of a spreadsheet computo is which, from evidence: the header read as words with a
 * meaning (over one to three rows: "Prezzo" above "unitario", "IMPORTI" above "unitario | totale"),
 * checked against each column's content (a unit column holds short unit words, never counts; the
 * quantity, price and amount columns hold numbers) and against quantity × price = amount. Count
 * and measurement columns ("N. parti", "Q.tà parziale", "Lung.", "Coeff.") are named so that
 * they are never taken for the quantity or the unit.
 */
import { normalizeTitle } from '../../prezzari/readers/headers.ts';
import { fileNumber } from './common.ts';
import { cellString, type Cell } from './workbook.ts';
import { MAPPING_LABELS, type ColumnMapping, type MappingField } from '../../../shared/domain/column-mapping.ts';
import { productHolds } from '../parser/checks.ts';
import { isKnownUnit } from '../../../shared/domain/units.ts';
import { dec, div, mul, ZERO, type Decimal } from '../../../shared/domain/money.ts';

/**
 * What a header says a column is: a mapping field, the row numbering, a measurement/count column
 * (factors of a measurement: "UNITA'", "LUNGH.", "SUPERFICIE", "PESO / H", "CUBO") or a second
 * amount beside the voce's own (labour: "Mdo inc. %", "Tot . mdo"): neither of the last two is
 * ever the unit, the quantity, the price or the amount.
 */
export type Meaning = MappingField | 'ordine' | 'misura' | 'manodopera' | null;

/** Header rows read at most (the first names at least one column; the others complete it). */
const HEADER_DEPTH = 3;
/** Rows whose content is profiled, and the share of a column's filled cells that decides its kind. */
const PROFILE_ROWS = 500;
const MAJORITY = 0.6;
/** A continuation header row holds short labels only. */
const HEADER_LABEL_MAX = 30;
/** Share of the rows with three numbers on which the product must close for the columns to be certain. */
const PRODUCT_MAJORITY = 0.8;

const has = (t: string, re: RegExp) => re.test(` ${t} `);

/** The meaning of a column's header words (normalised: lower case, no accents, punctuation as spaces). */
export function headerMeaning(t: string): Meaning {
  if (!t) return null;
  if (has(t, / (?:descrizion\w*|designazion\w*|lavorazion\w*|oggetto|indicazione dei lavori) /)) return 'descrizione';
  if (has(t, / (?:mdo|m d o|manodopera|mano d opera|incidenza|inc|sicurezza) /)) return 'manodopera';
  if (has(t, / (?:parti|par ug|parziale|parziali|lung\w*|larg\w*|alt|altezza|h peso|hpeso|peso|coeff\w*|elementi|dimensioni|misure|superficie|sup|cubo|volume|spessore) /)) return 'misura';
  if (has(t, / (?:u m|um|udm|u d m|u mis\w*|unita di misura|unita mis\w*) /) || /^(?:u|unita|mis|misura)$/.test(t)) return 'unita_di_misura';
  if (has(t, / (?:quantita|q ta|qta|qt|quant|q) /)) return 'quantita';
  if (has(t, / (?:unitari[oa]|unit|p u|pu|e u|u|a euro) /)) return 'unitario';
  if (has(t, / (?:importo|importi|totale|totali|tot) /)) return 'totale';
  if (has(t, / (?:prezzo|prezzi|costo) /)) return 'unitario';
  if (/^(?:euro|e)$/.test(t)) return 'totale';
  if (has(t, / (?:codice|cod|tariffa|art|articolo|rif\w*|e p|ep) /)) return 'codice';
  if (/^(?:n|nr|num|numero|n ord\w*|ord|n progr\w*|progr\w*|pos|n d ordine)$/.test(t)) return 'ordine';
  if (/^(?:voce|voci)$/.test(t)) return 'descrizione';
  return null;
}

export const headerWords = (c: Cell | undefined): string => {
  let t = normalizeTitle(cellString(c));
  // "I M P O R T I" → "importi"
  if (/^(?:\w )+\w$/.test(t)) t = t.replace(/ /g, '');
  // "A EURO" is the unit price; "Importo euro" is the amount.
  return t === 'a euro' ? t : t.replace(/ euro$/, '').trim();
};

/** The accounting format's zero: "€ -", "- €", "-". */
const ACCOUNTING_ZERO = /^(?:€\s*)?[-–]+(?:\s*€)?$/;

export const cellNumber = (c: Cell | undefined): Decimal | null =>
  typeof c === 'number'
    ? Number.isFinite(c)
      ? fileNumber(c)
      : null
    : typeof c === 'string'
      ? ACCOUNTING_ZERO.test(c.trim())
        ? ZERO
        : fileNumber(c.replace(/(\d)['’](?=\d{3}\b)/g, '$1'))
      : null;

/** A number, or a rate written as text ("19,23%", "-8,00 %"). */
const isNumeric = (c: Cell | undefined) => typeof c === 'number' || (typeof c === 'string' && (cellNumber(c) !== null || /^[-+]?\d[\d.,]*\s*%$/.test(c.trim())));

/** A short unit word (not a count, a code or a description). */
export function unitLike(c: Cell | undefined): boolean {
  if (typeof c !== 'string') return false;
  const s = cellString(c);
  if (!s || s.length > 12 || isNumeric(s)) return false;
  if (isKnownUnit(s) || /^[\p{L}.²³]{1,6}\s*\/\s*[\p{L}\d.]{1,6}$/u.test(s)) return true;
  const digits = (s.match(/\d/g) ?? []).length;
  return s.split(/\s+/).length <= 2 && digits <= 1 && /^[\p{L}%]/u.test(s) && s.length <= 8;
}

export interface ColumnProfile {
  filled: number;
  numbers: number;
  units: number;
  textLength: number;
}

/** Two or more of a row's texts are the header's own, in the same columns: the header written again. */
const repeatsHeader = (row: Cell[], head: Cell[]) => row.filter((c, i) => typeof c === 'string' && c.trim() !== '' && c === head[i]).length >= 2;

/** How each column's cells look below the header (`head`: its first row, whose repeats further down are not content). */
export function profileColumns(rows: Cell[][], from: number, width: number, head: Cell[] = []): ColumnProfile[] {
  const out = Array.from({ length: width }, () => ({ filled: 0, numbers: 0, units: 0, textLength: 0 }));
  for (let r = from; r < Math.min(rows.length, from + PROFILE_ROWS); r++) {
    const row = rows[r] ?? [];
    if (repeatsHeader(row, head)) continue;
    for (let c = 0; c < width; c++) {
      const v = row[c];
      if (v === null || v === undefined || v === '') continue;
      const p = out[c];
      p.filled++;
      if (isNumeric(v)) p.numbers++;
      else {
        p.textLength += cellString(v).length;
        if (unitLike(v)) p.units++;
      }
    }
  }
  return out;
}

export const mostlyNumbers = (p: ColumnProfile | undefined) => !!p && p.filled > 0 && p.numbers >= p.filled * MAJORITY;
export const mostlyUnits = (p: ColumnProfile | undefined) => !!p && p.filled > 0 && p.units >= p.filled * MAJORITY;

/** The rows below `r` that continue its header: no numbers, short labels, at least one with a meaning. */
function continuationRows(rows: Cell[][], r: number): number {
  let k = 0;
  while (k < HEADER_DEPTH - 1) {
    const row = rows[r + 1 + k];
    if (!row || row.some((c) => typeof c === 'number')) break;
    const texts = row.map(cellString).filter(Boolean);
    if (!texts.length || texts.some((t) => t.length > HEADER_LABEL_MAX) || !row.some((c) => headerMeaning(headerWords(c)) !== null)) break;
    k++;
  }
  return k;
}

export interface HeaderRead {
  /** Each column's header words, over the header's rows. */
  words: string[];
  /** Each column's header as the file writes it (for the user). */
  labels: string[];
  meanings: Meaning[];
  /** Rows the header takes (1 to 3). */
  depth: number;
}

/** The header starting at row `r`, when it names a description and an amount (or a quantity and a price). */
export function readHeader(rows: Cell[][], r: number): HeaderRead | null {
  const row = rows[r] ?? [];
  if (!row.some((c) => headerMeaning(headerWords(c)) !== null) || row.some((c) => typeof c === 'number')) return null;
  const depth = 1 + continuationRows(rows, r);
  const width = Math.max(0, ...rows.slice(r, r + depth).map((x) => x?.length ?? 0));
  const words = Array.from({ length: width }, (_, c) =>
    rows
      .slice(r, r + depth)
      .map((x) => headerWords(x?.[c]))
      .filter(Boolean)
      .join(' '),
  );
  const meanings = words.map(headerMeaning);
  const found = new Set(meanings);
  if (!found.has('descrizione') || !(found.has('totale') || (found.has('quantita') && found.has('unitario')))) return null;
  const labels = Array.from({ length: width }, (_, c) =>
    rows
      .slice(r, r + depth)
      .map((x) => cellString(x?.[c]))
      .filter(Boolean)
      .join(' '),
  );
  return { words, labels, meanings, depth };
}

const emptyMapping = (): ColumnMapping => ({ codice: null, descrizione: null, unita_di_misura: null, quantita: null, unitario: null, totale: null });

/** Share of numeric rows where q × p = t (or q × p / 100 = t, a rate written as 19,23), and how many rows had all three. */
export function productScore(rows: Cell[][], from: number, m: Pick<ColumnMapping, 'quantita' | 'unitario' | 'totale'>): { rows: number; holds: number } {
  if (m.quantita === null || m.unitario === null || m.totale === null) return { rows: 0, holds: 0 };
  let n = 0;
  let holds = 0;
  for (let r = from; r < rows.length && n < PROFILE_ROWS; r++) {
    const q = cellNumber(rows[r]?.[m.quantita]);
    const p = cellNumber(rows[r]?.[m.unitario]);
    const t = cellNumber(rows[r]?.[m.totale]);
    if (!q || !p || !t || t.units === 0n) continue;
    n++;
    if (productHolds(q, p, t) || productHolds(div(mul(q, p), dec(100n), 6), dec(1n), t)) holds++;
  }
  return { rows: n, holds };
}

export interface ColumnModel {
  mapping: ColumnMapping;
  /** The header, the content and the product agree on every column: nothing for the user to confirm. */
  certain: boolean;
  /** Where the evidence is not unanimous, in the user's words (empty when certain). */
  doubts: string[];
}

const NUMBER_FIELDS = ['quantita', 'unitario', 'totale'] as const;

/** What the columns' evidence is weighed with: the rows, the header, each column's content, the hidden columns. */
interface Evidence {
  rows: Cell[][];
  from: number;
  header: HeaderRead;
  profiles: ColumnProfile[];
  hidden: ReadonlySet<number>;
  doubts: string[];
}

/** A column as the user reads it: its header, with its letter when another column has the same header. */
function quoted(e: Evidence, c: number): string {
  const label = e.header.labels[c];
  if (!label) return columnName(c);
  return e.header.labels.filter((l) => l === label).length > 1 ? `«${label}» (colonna ${columnName(c)})` : `«${label}»`;
}
const columnName = (c: number): string => (c < 26 ? String.fromCharCode(65 + c) : columnName(Math.floor(c / 26) - 1) + String.fromCharCode(65 + (c % 26)));

/** The columns the header names `f`; hidden ones only when no visible one is named so. */
function named(e: Evidence, f: MappingField): number[] {
  const all = e.header.meanings.flatMap((x, c) => (x === f ? [c] : []));
  const visible = all.filter((c) => !e.hidden.has(c));
  return visible.length ? visible : all;
}

/** The unit: a column named so that holds unit words, never numbers; else a column of unit words. */
function unitColumn(e: Evidence, used: Set<number>): number | null {
  const cols = named(e, 'unita_di_misura');
  for (const c of cols) if (mostlyNumbers(e.profiles[c])) e.doubts.push(`La colonna ${quoted(e, c)} contiene numeri, non unità di misura.`);
  const text = cols.filter((c) => !mostlyNumbers(e.profiles[c]));
  const units = text.filter((c) => mostlyUnits(e.profiles[c]));
  if (text.length > 1) e.doubts.push(`Più colonne per l'unità di misura: scelta ${quoted(e, units[0] ?? text[0])}.`);
  if (text.length) {
    const c = units[0] ?? text[0];
    if (!mostlyUnits(e.profiles[c])) e.doubts.push(`La colonna ${quoted(e, c)} non contiene unità di misura riconoscibili.`);
    return c;
  }
  const found = e.profiles.findIndex((p, i) => !used.has(i) && !e.hidden.has(i) && e.header.meanings[i] !== 'ordine' && mostlyUnits(p) && p.filled >= 2);
  e.doubts.push(found >= 0 ? `Unità di misura riconosciuta dal contenuto della colonna ${quoted(e, found)}, senza intestazione.` : 'Nessuna colonna per l\'unità di misura.');
  return found >= 0 ? found : null;
}

/** Quantity, price and amount: among the columns named so that hold numbers, the triple on which q × p = t closes most often. */
function numberColumns(e: Evidence, m: ColumnMapping): void {
  const candidates = NUMBER_FIELDS.map((f) => {
    const cols = named(e, f);
    const numeric = cols.filter((c) => e.profiles[c].filled === 0 || mostlyNumbers(e.profiles[c]));
    for (const c of cols) if (!numeric.includes(c)) e.doubts.push(`La colonna ${quoted(e, c)} non contiene numeri.`);
    return numeric.length ? numeric : [null];
  });
  let best = -1;
  for (const q of candidates[0]) {
    for (const p of candidates[1]) {
      for (const t of candidates[2]) {
        if ((q !== null && (q === p || q === t)) || (p !== null && p === t)) continue;
        const s = productScore(e.rows, e.from, { quantita: q, unitario: p, totale: t }).holds;
        if (s > best) {
          best = s;
          Object.assign(m, { quantita: q, unitario: p, totale: t });
        }
      }
    }
  }
  NUMBER_FIELDS.forEach((f, i) => {
    const cols = candidates[i];
    if (cols.length > 1 && m[f] !== null) e.doubts.push(`${cols.length} colonne per ${MAPPING_LABELS[f]}: scelta ${quoted(e, m[f]!)}, quella su cui quantità × prezzo = importo.`);
    if (m[f] === null) e.doubts.push(`Nessuna colonna per ${MAPPING_LABELS[f]}.`);
  });
}

/** The mapping a header gives, each field weighed against its column's content and the product. */
export function modelFromHeader(rows: Cell[][], header: HeaderRead, from: number, hidden: ReadonlySet<number> = new Set()): ColumnModel {
  const e: Evidence = { rows, from, header, profiles: profileColumns(rows, from, header.meanings.length, rows[from - header.depth] ?? []), hidden, doubts: [] };
  const m = emptyMapping();
  for (const f of ['codice', 'descrizione'] as const) {
    const cols = named(e, f);
    if (cols.length > 1) e.doubts.push(`Più colonne per ${MAPPING_LABELS[f]}: scelta ${quoted(e, cols[0])}.`);
    m[f] = cols[0] ?? null;
  }
  numberColumns(e, m);
  m.unita_di_misura = unitColumn(e, new Set(Object.values(m).filter((c): c is number => c !== null)));
  const score = productScore(rows, from, m);
  if (m.quantita !== null && m.unitario !== null && m.totale !== null && (score.rows === 0 || score.holds < score.rows * PRODUCT_MAJORITY)) {
    e.doubts.push(`Quantità × prezzo = importo torna su ${score.holds} righe su ${score.rows}.`);
  }
  return { mapping: m, certain: e.doubts.length === 0, doubts: e.doubts };
}

/** The computo's own labour columns (issue 39): the incidence (`Mdo inc. %`, `Inc. MdO`, `% manodopera`) and the cost (`Tot . mdo`, `Importo manodopera`, `di cui manodopera`). */
export interface LabourColumns {
  incidenza: number | null;
  costo: number | null;
}

/**
 * Which labour column a header names: a cost when its words say an amount (tot, importo, costo,
 * di cui) and it has no "%"; an incidence when it says "%" or inc/incidenza; safety columns and a
 * bare "manodopera" (cost or share?) are neither.
 */
export function labourKind(words: string, label: string): keyof LabourColumns | null {
  if (has(words, / sicurezza /)) return null;
  const percent = label.includes('%');
  if (!percent && has(words, / (?:tot|totale|importo|costo|di cui|valore|euro) /)) return 'costo';
  if (percent || has(words, / (?:inc|incid\w*|perc\w*) /)) return 'incidenza';
  return null;
}

/** The first incidence and the first cost column among the header's labour columns. */
export function labourColumns(header: HeaderRead): LabourColumns {
  const out: LabourColumns = { incidenza: null, costo: null };
  header.meanings.forEach((m, c) => {
    const kind = m === 'manodopera' ? labourKind(header.words[c], header.labels[c]) : null;
    if (kind && out[kind] === null) out[kind] = c;
  });
  return out;
}
