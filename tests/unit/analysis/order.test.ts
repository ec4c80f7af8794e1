/**
 * Field assignment: quantity vs unit price is decided by evidence (header columns, measurement
 * partials, the same code's price elsewhere in the document), and flagged when nothing decides.
 */
import { describe, expect, it } from 'vitest';
import { fromNumber } from '../../../shared/domain/money.ts';
import {
  columnOf,
  decideOrder,
  orderFromCurrency,
  orderFromHeader,
  orderFromPartials,
  R_QP,
  R_QP_DISCORDI,
  settleByCode,
  type NumericColumns,
} from '../../../functions/analysis/parser/order.ts';

const FS = 8;
// LeenO-like header: P.U. | Lung. | Larg. | H/peso (measurement) | Quantità | Prezzo unitario | Importo
const LEENO: NumericColumns = { dim: { x0: 300, x1: 420 }, qty: { x0: 430, x1: 470 }, price: { x0: 490, x1: 530 }, total: { x0: 550, x1: 590 } };
const at = (x1: number, v: number, last = true) => ({ x0: x1 - 25, x1, v: fromNumber(v), last });

describe('columnOf', () => {
  it('puts a right-aligned number in the header column its extent overlaps', () => {
    // Prepare / Act / Assess
    expect(columnOf({ x0: 445, x1: 472 }, LEENO, FS)).toBe('qty');
    expect(columnOf({ x0: 500, x1: 532 }, LEENO, FS)).toBe('price');
    expect(columnOf({ x0: 380, x1: 400 }, LEENO, FS)).toBe('dim');
  });

  it('gives no column to a number far from every header word', () => {
    expect(columnOf({ x0: 100, x1: 120 }, LEENO, FS)).toBeNull();
  });
});

describe('orderFromHeader', () => {
  it('reads quantity first under Quantità / Prezzo', () => {
    expect(orderFromHeader(at(472, 94.6), at(530, 89), LEENO, FS)).toBe('qp');
  });

  it('reads price first when the price column is printed left of the quantity', () => {
    const swapped: NumericColumns = { qty: { x0: 490, x1: 530 }, price: { x0: 430, x1: 470 }, total: LEENO.total };
    expect(orderFromHeader(at(472, 89), at(530, 94.6), swapped, FS)).toBe('pq');
  });

  it('does not decide without quantity and price columns', () => {
    expect(orderFromHeader(at(472, 94.6), at(530, 89), { dim: LEENO.dim, total: LEENO.total }, FS)).toBeNull();
  });
});

describe('orderFromPartials', () => {
  it('takes as quantity the factor its column partials add up to', () => {
    // Prepare: three measurement lines whose partials sit under the left factor.
    const partials = [at(472, 139.3), at(472, 3.87), at(472, 135.09), at(400, 12.55, false)];
    // Act / Assess
    expect(orderFromPartials(partials, at(472, 278.26), at(530, 44.5), FS)).toBe('qp');
  });

  it('finds the quantity on the right when the partials add up there', () => {
    const partials = [at(530, 10), at(530, 5)];
    expect(orderFromPartials(partials, at(472, 3.5), at(530, 15), FS)).toBe('pq');
  });

  it('adds up the results of formulas written left of the number columns', () => {
    const partials = [at(300, 9.15, false), at(330, 51.65), at(300, 3, false), at(330, 13.11)];
    expect(orderFromPartials(partials, at(472, 10), at(530, 64.76), FS)).toBe('pq');
  });

  it('does not decide when the partials add up to neither factor', () => {
    expect(orderFromPartials([at(472, 10)], at(472, 11), at(530, 2), FS)).toBeNull();
    expect(orderFromPartials([], at(472, 11), at(530, 2), FS)).toBeNull();
  });
});

describe('decideOrder', () => {
  it('flags a voce nothing decides', () => {
    expect(decideOrder(null, null, null)).toEqual({ order: null, reason: R_QP });
  });

  it('takes the currency sign as evidence', () => {
    expect(decideOrder(null, null, orderFromCurrency(false, true))).toEqual({ order: 'qp', reason: null });
    expect(decideOrder(null, null, orderFromCurrency(true, false))).toEqual({ order: 'pq', reason: null });
    expect(orderFromCurrency(true, true)).toBeNull();
  });

  it('trusts the measurements over the header, and flags the conflict', () => {
    expect(decideOrder('pq', 'qp')).toEqual({ order: 'pq', reason: R_QP_DISCORDI });
    expect(decideOrder(null, 'pq')).toEqual({ order: 'pq', reason: null });
    expect(decideOrder('qp', null)).toEqual({ order: 'qp', reason: null });
  });
});

describe('settleByCode', () => {
  it('takes the unit price the same code carries in a decided voce', () => {
    // Prepare: the second voce was read price first and nothing decided it.
    const voci = [
      { tariffa: 'A.01', quantita: 12, unitario: 29.96, verifica: [] as string[] },
      { tariffa: 'A.01', quantita: 29.96, unitario: 47.64, verifica: [R_QP] },
      { tariffa: 'B.02', quantita: 3, unitario: 7, verifica: [R_QP] },
    ];
    // Act
    settleByCode(voci);
    // Assess
    expect(voci[1]).toEqual({ tariffa: 'A.01', quantita: 47.64, unitario: 29.96, verifica: [] });
    expect(voci[2].verifica).toEqual([R_QP]);
  });
});
