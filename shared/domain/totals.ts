import { abs, compare, div, fromNumber, mul, parsePlain, round, sub, sum, toNumber, ZERO, type Decimal } from './money.ts';
import { needsCheck, type Verifica } from './rows.ts';

/** Spec section 5: congruent when the rows add up to the printed total within 0.01. */
export const CONGRUENCE_TOLERANCE = parsePlain('0.01');

export interface RowAmounts {
  quantita: number | null;
  unitario: number | null;
  totale: number | null;
  prezzo_db: number | null;
}

export interface RowDerived {
  prezzo_totale_db: number | null;
  differenza_totale_db: number | null;
  variazione_percentuale: number | null;
}

const dec = (n: number | null | undefined): Decimal | null => (typeof n === 'number' && Number.isFinite(n) ? fromNumber(n) : null);

/**
 * prezzo_totale_db = quantita × prezzo_db; differenza = prezzo_totale_db − totale;
 * variazione % = (prezzo_db − unitario) / unitario × 100. Missing price: all null, never zero.
 */
export function deriveRow(row: RowAmounts): RowDerived {
  const q = dec(row.quantita);
  const p = dec(row.prezzo_db);
  const u = dec(row.unitario);
  const t = dec(row.totale);
  if (!p || !q) return { prezzo_totale_db: null, differenza_totale_db: null, variazione_percentuale: null };
  const totalDb = round(mul(q, p));
  return {
    prezzo_totale_db: toNumber(totalDb),
    differenza_totale_db: t ? toNumber(round(sub(totalDb, t))) : null,
    variazione_percentuale: u && u.units !== 0n ? toNumber(div(mul(sub(p, u), parsePlain('100')), u, 2)) : null,
  };
}

export interface DocumentTotals {
  /** Sum of the rows' totale. */
  sum_totale: number;
  /** Sum of prezzo_totale_db over priced rows; null when no row is priced. */
  document_total_db: number | null;
  congruent: boolean | null;
  /** How many rows have a reference price, and the sum of their own totals. */
  priced_rows: number;
  priced_totale: number | null;
  /** Rows the reader flagged "da verificare" and nobody has checked since. */
  rows_to_check: number;
  /**
   * Like with like: document_total_db − the totals of the same (priced) rows, and its percentage
   * of them. Rows without a reference price are left out, or a half-priced computo would look
   * like a 90% saving.
   */
  difference_db: number | null;
  difference_db_percent: number | null;
}

export function documentTotals(rows: Array<{ totale: number | null; prezzo_totale_db: number | null; verifica?: Verifica | null }>, documentTotal: number | null): DocumentTotals {
  const s = round(sum(rows.map((r) => dec(r.totale)).filter((d): d is Decimal => d !== null)));
  const pricedRows = rows.filter((r) => dec(r.prezzo_totale_db) !== null);
  const db = pricedRows.length ? round(sum(pricedRows.map((r) => dec(r.prezzo_totale_db)!))) : null;
  const pricedOwn = pricedRows.length ? round(sum(pricedRows.map((r) => dec(r.totale) ?? ZERO))) : null;
  const printed = dec(documentTotal);
  const diff = db && pricedOwn ? round(sub(db, pricedOwn)) : null;
  return {
    sum_totale: toNumber(s),
    document_total_db: db ? toNumber(db) : null,
    congruent: printed ? compare(abs(sub(s, printed)), CONGRUENCE_TOLERANCE) < 0 : null,
    priced_rows: pricedRows.length,
    rows_to_check: rows.filter(needsCheck).length,
    priced_totale: pricedOwn ? toNumber(pricedOwn) : null,
    difference_db: diff ? toNumber(diff) : null,
    difference_db_percent: diff && pricedOwn && pricedOwn.units !== 0n ? toNumber(div(mul(diff, parsePlain('100')), pricedOwn, 2)) : null,
  };
}

/** Congruence of a stored sum with the printed total; null when either is missing. */
export function isCongruent(sumTotale: number | null, documentTotal: number | null): boolean | null {
  const s = dec(sumTotale);
  const t = dec(documentTotal);
  return s && t ? compare(abs(sub(s, t)), CONGRUENCE_TOLERANCE) < 0 : null;
}

/** round2(q × p) = t exactly, rounding half-up. */
export function productExact(q: Decimal, p: Decimal, t: Decimal): boolean {
  return round(mul(q, p), 2).units === round(t, 2).units;
}

/** |round2(q × p) − t| ≤ 1 cent, rounding half-up: the printed amount is the product. */
export function productHolds(q: Decimal, p: Decimal, t: Decimal): boolean {
  // Both rounded to 2 decimals: their units are cents.
  const d = round(mul(q, p), 2).units - round(t, 2).units;
  return d >= -1n && d <= 1n;
}

/** The product rule: quantità × prezzo unitario, rounded half-up to the cent, exactly. */
export function amountOf(q: Decimal, p: Decimal): Decimal {
  return round(mul(q, p), 2);
}

/** The product rule on stored numbers: null when a factor is missing. */
export function productAmount(quantita: number | null | undefined, unitario: number | null | undefined): number | null {
  const q = dec(quantita);
  const p = dec(unitario);
  return q && p ? toNumber(amountOf(q, p)) : null;
}

/** productHolds on stored numbers: null when any of the three is missing. */
export function productAgrees(quantita: number | null | undefined, unitario: number | null | undefined, totale: number | null | undefined): boolean | null {
  const q = dec(quantita);
  const p = dec(unitario);
  const t = dec(totale);
  return q && p && t ? productHolds(q, p, t) : null;
}
