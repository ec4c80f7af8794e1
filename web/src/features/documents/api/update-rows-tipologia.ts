import { apiRequest } from '../../../lib/api-client.ts';
import type { DocumentRow, RowsTotals } from '../types.ts';
import { readDocument, readRow, type RowMutationMeta } from './row-results.ts';

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
  const res = await apiRequest<{
    data: { success: boolean; updated: number; priced: number; not_found: number; rows: unknown[] };
    meta?: { document?: unknown; totals?: RowsTotals };
  }>('/api/rows/update-tipologia-dei', { method: 'POST', body: { row_ids: rowIds, tipologia_dei: tipologia } });
  return {
    updated: Number(res.data.updated ?? 0),
    priced: Number(res.data.priced ?? 0),
    notFound: Number(res.data.not_found ?? 0),
    rows: (res.data.rows ?? []).map(readRow),
    document: readDocument(res.meta?.document),
    totals: res.meta?.totals ?? null,
  };
}
