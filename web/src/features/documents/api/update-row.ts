import { apiRequest } from '../../../lib/api-client.ts';
import type { DocumentRow, RowsTotals } from '../types.ts';
import { readDocument, readRow, type RowMutationMeta } from './row-results.ts';

/** Fields PUT /api/rows/{id} accepts; the server recomputes the db total, difference and variation. */
export interface RowPatch {
  tariffa?: string;
  descrizione?: string;
  unita_di_misura?: string;
  quantita?: number;
  unitario?: number;
  totale?: number;
  tipologia_dei?: string;
  /** A typed price becomes a manual price; null clears it. */
  prezzo_db?: number | null;
  /** Re-price the row from the price lists by the rules. */
  refresh_price?: true;
}

export interface RowUpdateResult extends RowMutationMeta {
  row: DocumentRow;
  /** False when the row has no database price after the update. */
  priceFound: boolean;
}

export async function updateRow(id: number, patch: RowPatch): Promise<RowUpdateResult> {
  const res = await apiRequest<{
    data: { id: unknown; attributes: DocumentRow };
    meta?: { document?: unknown; totals?: RowsTotals; price_found?: boolean };
  }>(`/api/rows/${id}`, { method: 'PUT', body: patch });
  const row = readRow(res.data);
  return {
    row,
    document: readDocument(res.meta?.document),
    totals: res.meta?.totals ?? null,
    priceFound: res.meta?.price_found ?? row.prezzo_db !== null,
  };
}
