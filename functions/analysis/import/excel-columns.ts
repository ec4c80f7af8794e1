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
import { MAPPING_FIELDS, type ColumnMapping, type MappingField } from '../../../shared/api/documents.ts';
import { productHolds } from '../parser/checks.ts';
import { isKnownUnit } from '../../../shared/domain/units.ts';
import { dec, div, mul, type Decimal } from '../../../shared/domain/money.ts';

/** What a header says a column is: a mapping field, the row numbering, or a measurement/count column. */
export type Meaning = MappingField | 'ordine' | 'misura' | null;

/** Header rows read at most (the first names at least one column; the others complete it). */
const HEADER_DEPTH = 3;
/** Rows whose content is profiled, and the share of a column's filled cells that decides its kind. */
const PROFILE_ROWS = 500;
const MAJORITY = 0.6;
/** A continuation header row holds short labels only. */
const HEADER_LABEL_MAX = 30;

const has = (t: string, re: RegExp) => re.test(` ${t} `);

/** The meaning of a column's header words (normalised: lower case, no accents, punctuation as spaces). */
export function headerMeaning(t: string): Meaning {
  if (!t) return null;
  if (has(t, / (?:descrizion\w*|designazion\w*|lavorazion\w*|oggetto|indicazione dei lavori) /)) return 'descrizione';
  if (has(t, / (?:parti|par ug|parziale|parziali|lung\w*|larg\w*|alt|altezza|h peso|hpeso|peso|coeff\w*|elementi|dimensioni|misure) /)) return 'misura';
  if (has(t, / (?:u m|um|udm|u d m|u mis\w*|unita di misura|unita mis\w*) /) || /^(?:unita|mis|misura)$/.test(t)) return 'unita_di_misura';
  if (has(t, / (?:quantita|q ta|qta|qt|quant|q) /)) return 'quantita';
  if (has(t, / (?:unitari[oa]|unit|p u|pu|e u|u) /)) return 'unitario';
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
  return t.replace(/ euro$/, '').trim();
};

export const cellNumber = (c: Cell | undefined): Decimal | null =>
  typeof c === 'number' ? (Number.isFinite(c) ? fileNumber(c) : null) : typeof c === 'string' ? fileNumber(c.replace(/(\d)['’](?=\d{3}\b)/g, '$1')) : null;

const isNumeric = (c: Cell | undefined) => typeof c === 'number' || (typeof c === 'string' && cellNumber(c) !== null);

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

/** How each column's cells look below the header. */
export function profileColumns(rows: Cell[][], from: number, width: number): ColumnProfile[] {
  const out = Array.from({ length: width }, () => ({ filled: 0, numbers: 0, units: 0, textLength: 0 }));
  for (let r = from; r < Math.min(rows.length, from + PROFILE_ROWS); r++) {
    const row = rows[r] ?? [];
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
  return { words, meanings, depth };
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
  /** The header and the content agree on every column, and the product holds on most rows. */
  certain: boolean;
}

/** The mapping a header gives, each field checked against its column's content. */
export function modelFromHeader(rows: Cell[][], header: HeaderRead, from: number): ColumnModel {
  const profiles = profileColumns(rows, from, header.meanings.length);
  const m = emptyMapping();
  let certain = true;
  const columnsOf = (f: MappingField) => header.meanings.flatMap((x, c) => (x === f ? [c] : []));
  for (const f of MAPPING_FIELDS) {
    let cols = columnsOf(f);
    // A number column named like the unit (a count under "U.M."), or a text column named like a number: not that field.
    if (f === 'unita_di_misura') cols = cols.filter((c) => !mostlyNumbers(profiles[c]));
    if (f === 'quantita' || f === 'unitario' || f === 'totale') cols = cols.filter((c) => profiles[c].filled === 0 || mostlyNumbers(profiles[c]));
    if (cols.length !== columnsOf(f).length || cols.length > 1) certain = false;
    m[f] = cols[0] ?? null;
  }
  // Several amount-like columns ("Importo", "di cui manodopera"): the one the product closes on.
  pickByProduct(rows, from, m, columnsOf('totale'), columnsOf('unitario'), columnsOf('quantita'));
  if (m.unita_di_misura === null) {
    // No unit header: a column of unit words, if there is one.
    const used = new Set(Object.values(m));
    const c = profiles.findIndex((p, i) => !used.has(i) && header.meanings[i] !== 'ordine' && mostlyUnits(p) && p.filled >= 2);
    if (c >= 0) m.unita_di_misura = c;
    certain = false;
  } else if (!mostlyUnits(profiles[m.unita_di_misura])) certain = false;
  const score = productScore(rows, from, m);
  certain &&= m.quantita !== null && m.unitario !== null && m.totale !== null && score.rows > 0 && score.holds * 10 >= score.rows * 8;
  return { mapping: m, certain };
}

function pickByProduct(rows: Cell[][], from: number, m: ColumnMapping, totals: number[], prices: number[], quantities: number[]): void {
  if (totals.length < 2 && prices.length < 2 && quantities.length < 2) return;
  let best = -1;
  for (const t of totals.length ? totals : [m.totale]) {
    for (const p of prices.length ? prices : [m.unitario]) {
      for (const q of quantities.length ? quantities : [m.quantita]) {
        if (t === p || t === q || p === q) continue;
        const s = productScore(rows, from, { quantita: q, unitario: p, totale: t }).holds;
        if (s > best) {
          best = s;
          Object.assign(m, { quantita: q, unitario: p, totale: t });
        }
      }
    }
  }
}
