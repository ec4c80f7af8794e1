import { apiRequest } from '../../../lib/api-client.ts';
import type { DocumentRow, RowsTotals } from '../types.ts';
import { readDocument, readRow, type RowMutationMeta } from './row-results.ts';

export interface MergeResult extends RowMutationMeta {
  /** The merged row (it keeps the first row's id). */
  row: DocumentRow;
  removedRowId: number;
  message: string;
}

export async function mergeRows(firstRowId: number, secondRowId: number): Promise<MergeResult> {
  const res = await apiRequest<{
    data: { success: boolean; row: unknown; removed_row_id: number; message?: string };
    meta?: { document?: unknown; totals?: RowsTotals };
  }>('/api/rows/merge', { method: 'POST', body: { first_row_id: firstRowId, second_row_id: secondRowId } });
  return {
    row: readRow(res.data.row),
    removedRowId: Number(res.data.removed_row_id),
    message: res.data.message || 'Righe unite con successo',
    document: readDocument(res.meta?.document),
    totals: res.meta?.totals ?? null,
  };
}
