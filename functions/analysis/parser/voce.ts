/** Sums over the voci read. */
import { round, sum, type Decimal, fromNumber } from '../../../shared/domain/money.ts';
import type { ParsedVoce } from './types.ts';

/** Exact sum of the voci's totals (two decimals). */
export function sumTotals(voci: readonly Pick<ParsedVoce, 'totale'>[]): Decimal {
  return round(sum(voci.map(v => fromNumber(v.totale))), 2);
}
