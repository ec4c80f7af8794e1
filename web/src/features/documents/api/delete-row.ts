import { apiRequest } from '../../../lib/api-client.ts';
import type { RowsTotals } from '../types.ts';
import { readDocument, type RowMutationMeta } from './row-results.ts';

export async function deleteRow(id: number): Promise<RowMutationMeta> {
  const res = await apiRequest<{ data?: { id: unknown; message?: string }; meta?: { document?: unknown; totals?: RowsTotals } }>(`/api/rows/${id}`, {
    method: 'DELETE',
  });
  return { document: readDocument(res.meta?.document), totals: res.meta?.totals ?? null };
}
