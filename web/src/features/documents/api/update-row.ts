import { apiCall } from '@/lib/api-client.ts';
import { rowUpdateResponse, type RowUpdateBody } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

/** Fields PUT /api/rows/{id} accepts; the server recomputes the db total, difference and variation. */
export interface RowPatch extends RowUpdateBody {
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
  const res = await apiCall(rowUpdateResponse, `/api/rows/${id}`, { method: 'PUT', body: patch });
  return { row: res.data.attributes, ...mutationMeta(res.meta), priceFound: res.meta.price_found };
}
