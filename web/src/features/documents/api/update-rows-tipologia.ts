import { apiCall } from '@/lib/api-client.ts';
import { updateTipologiaResponse } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

export interface TipologiaUpdateResult extends RowMutationMeta {
  /** Rows given the new typology. */
  updated: number;
  /** Of those, rows that found a database price. */
  priced: number;
  notFound: number;
  rows: DocumentRow[];
}

/** POST /api/rows/update-tipologia-dei: the new typology for many rows, re-priced, in one call. */
export async function updateRowsTipologia(rowIds: number[], tipologia: string): Promise<TipologiaUpdateResult> {
  const res = await apiCall(updateTipologiaResponse, '/api/rows/update-tipologia-dei', { method: 'POST', body: { row_ids: rowIds, tipologia_dei: tipologia } });
  return { updated: res.data.updated, priced: res.data.priced, notFound: res.data.not_found, rows: res.data.rows, ...mutationMeta(res.meta) };
}
