/**
 * Field assignment stage: which of a closing line's two factors is the quantity and which the unit
 * price. quantity × price = amount holds both ways, so the product never decides; evidence does:
 *
 * - the header: the column each number falls in (`Quantità`, `Prezzo unitario`);
 * - the measurement lines: the partials above a `SOMMANO` add up to its quantity;
 * - the document: the same code carries the same unit price (see `settleByCode`).
 *
 * When no evidence decides, or two disagree, the voce is flagged (`R_QP`), never guessed silently.
 */
import { round, sum, type Decimal } from '../../../shared/domain/money.ts';
import { FS } from './thresholds.ts';

export const R_QP = 'quantità e prezzo non distinguibili';
export const R_QP_DISCORDI = 'quantità e prezzo: intestazione e misure discordanti';

/** `qp`: the left factor is the quantity; `pq`: the left factor is the unit price; null: undecided. */
export type Order = 'qp' | 'pq' | null;

export interface Extent {
  x0: number;
  x1: number;
}

/** Header columns that can hold a number of the closing line. */
export interface NumericColumns {
  dim?: Extent;
  qty?: Extent;
  price?: Extent;
  total?: Extent;
}

type NumRole = keyof NumericColumns;

const gapBetween = (a: Extent, b: Extent): number => Math.max(0, a.x0 - b.x1, b.x0 - a.x1);
const centre = (e: Extent): number => (e.x0 + e.x1) / 2;

/**
 * The header column a number falls in: the one its x-extent overlaps (or lies closest to), ties
 * broken by centre distance. Null when it lies farther than `FS.headerColumn` font sizes from any.
 */
export function columnOf(w: Extent, cols: NumericColumns, fs: number): NumRole | null {
  let best: NumRole | null = null;
  let key = [Infinity, Infinity];
  for (const role of ['dim', 'qty', 'price', 'total'] as const) {
    const c = cols[role];
    if (!c) continue;
    const k = [gapBetween(w, c), Math.abs(centre(w) - centre(c))];
    if (k[0] < key[0] || (k[0] === key[0] && k[1] < key[1])) {
      key = k;
      best = role;
    }
  }
  return key[0] <= FS.headerColumn * fs ? best : null;
}

/** Header evidence: the left factor sits under `Quantità` or the right one under `Prezzo` (or the reverse). */
export function orderFromHeader(left: Extent, right: Extent, cols: NumericColumns, fs: number): Order {
  if (!cols.qty && !cols.price) return null;
  const a = columnOf(left, cols, fs);
  const b = columnOf(right, cols, fs);
  const qp = a === 'qty' || b === 'price';
  const pq = a === 'price' || b === 'qty';
  if (qp === pq) return null;
  return qp ? 'qp' : 'pq';
}

/** A number printed on a measurement line of the voce, with its right edge. */
export interface PartialNumber {
  x1: number;
  v: Decimal;
  /** The line's last number (a formula's result, `3,00 x 4,37 = 13,11`). */
  last: boolean;
}

const cents = (d: Decimal): bigint => round(d, 2).units;
const addsTo = (ps: readonly Decimal[], v: Decimal): boolean => ps.length > 0 && cents(v) !== 0n && cents(sum(ps)) === cents(v);

/**
 * Measurement evidence: the partials printed under one factor's column add up to that factor,
 * which is then the quantity. Partials in no factor's column (formulas written in the description)
 * count by their line's last number. Null without partials, or when both factors add up.
 */
export function orderFromPartials(partials: readonly PartialNumber[], left: Extent & { v: Decimal }, right: Extent & { v: Decimal }, fs: number): Order {
  const tol = FS.partialAlign * fs;
  const under = (f: Extent): Decimal[] => partials.filter(p => Math.abs(p.x1 - f.x1) <= tol).map(p => p.v);
  let ls = under(left);
  let rs = under(right);
  if (!ls.length && !rs.length) ls = rs = partials.filter(p => p.last).map(p => p.v);
  const l = addsTo(ls, left.v);
  const r = addsTo(rs, right.v);
  if (l === r) return null;
  return l ? 'qp' : 'pq';
}

/** Currency evidence: of the two factors, the one printed with `€` is the price. */
export function orderFromCurrency(leftEuro: boolean, rightEuro: boolean): Order {
  if (leftEuro === rightEuro) return null;
  return rightEuro ? 'qp' : 'pq';
}

export interface Decision {
  order: Order;
  /** Why the reading is doubtful, or null when the evidence decides. */
  reason: string | null;
}

/**
 * Evidence in order of strength (measurements first, then header, currency): the strongest one
 * that decides is kept; any disagreement, or no evidence at all, is flagged.
 */
export function decideOrder(...evidence: Order[]): Decision {
  const said = evidence.filter((o): o is 'qp' | 'pq' => o !== null);
  if (!said.length) return { order: null, reason: R_QP };
  return { order: said[0], reason: said.some(o => o !== said[0]) ? R_QP_DISCORDI : null };
}

/** The minimal view of a voce the document-level rule needs. */
export interface Priced {
  tariffa: string;
  quantita: number;
  unitario: number;
  verifica: string[];
}

/**
 * Document evidence: a voce left undecided takes the order under which its unit price is the one
 * the same code carries in a decided voce of the document; it is then no longer flagged for it.
 */
export function settleByCode(voci: readonly Priced[]): void {
  const price = new Map<string, number>();
  for (const v of voci) if (v.tariffa && !v.verifica.includes(R_QP)) price.set(v.tariffa, v.unitario);
  for (const v of voci) {
    const k = v.verifica.indexOf(R_QP);
    const known = price.get(v.tariffa);
    if (k < 0 || known === undefined || v.quantita === v.unitario) continue;
    if (known === v.quantita) [v.quantita, v.unitario] = [v.unitario, v.quantita];
    else if (known !== v.unitario) continue;
    v.verifica.splice(k, 1);
  }
}
