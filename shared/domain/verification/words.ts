/** Italian wording shared by the rules: counts and euro amounts. */
import { formatItalian, type Decimal } from '../money.ts';

/** "1 voce", "3 voci". */
export const voci = (n: number): string => `${n.toLocaleString('it-IT')} ${n === 1 ? 'voce' : 'voci'}`;

/** "11.372,86 €". */
export const euro = (d: Decimal): string => `${formatItalian(d, 2)} \u20ac`;

/** Row ids in the document's order. */
export function idsInOrder(rows: ReadonlyArray<{ id: number; row_index: number }>): number[] {
  return [...rows].sort((a, b) => a.row_index - b.row_index || a.id - b.id).map((r) => r.id);
}
