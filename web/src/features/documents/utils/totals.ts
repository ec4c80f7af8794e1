import type { DocumentItem, RowsTotals } from '@/features/documents/types.ts';

/** Which total a screen shows: the one printed (or declared) in the file, else the sum of the voci. */
export const TOTAL_PRINTED = 'stampato nel documento';
export const TOTAL_SUM = 'somma delle voci';

export interface ShownTotal {
  /** The total shown first: the printed one, or the sum when the file prints none. */
  value: number | null;
  source: typeof TOTAL_PRINTED | typeof TOTAL_SUM;
  /** The voci's sum, recomputed after every edit, when it differs from the printed total (null otherwise). */
  recomputed: number | null;
  /** True only when the voci add up to a total the file prints: the server's congruence (0,01 €). */
  verified: boolean;
}

/** The document's totals as every screen shows them (the list, the cards, the document page). */
export function shownTotal(document: Pick<DocumentItem, 'document_total' | 'sum_totale' | 'congruent'>, totals?: RowsTotals | null): ShownTotal {
  const printed = totals?.document_total ?? document.document_total;
  const sum = totals?.sum_totale ?? document.sum_totale;
  const congruent = totals?.congruent ?? document.congruent;
  if (printed === null || printed === undefined) return { value: sum ?? null, source: TOTAL_SUM, recomputed: null, verified: false };
  return { value: printed, source: TOTAL_PRINTED, recomputed: congruent === false && sum !== null && sum !== undefined ? sum : null, verified: congruent === true };
}
