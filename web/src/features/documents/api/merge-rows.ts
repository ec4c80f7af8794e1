import { apiCall } from '@/lib/api-client.ts';
import { mergeResponse } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

export interface MergeResult extends RowMutationMeta {
  /** The merged row (it keeps the first row's id). */
  row: DocumentRow;
  removedRowId: number;
  message: string;
}

export async function mergeRows(firstRowId: number, secondRowId: number): Promise<MergeResult> {
  const res = await apiCall(mergeResponse, '/api/rows/merge', { method: 'POST', body: { first_row_id: firstRowId, second_row_id: secondRowId } });
  return { row: res.data.row, removedRowId: res.data.removed_row_id, message: res.data.message, ...mutationMeta(res.meta) };
}
