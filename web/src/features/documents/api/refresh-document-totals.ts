import { apiRequest } from '../../../lib/api-client.ts';
import type { RowsTotals } from '../types.ts';
import { readDocument, type RowMutationMeta } from './row-results.ts';

/** POST /api/documents/{id}/update-total {refresh: false}: re-totals the document without re-pricing. */
export async function refreshDocumentTotals(id: number): Promise<RowMutationMeta> {
  const res = await apiRequest<{ data: { document?: unknown; totals?: RowsTotals } }>(`/api/documents/${id}/update-total`, {
    method: 'POST',
    body: { refresh: false },
  });
  return { document: readDocument(res.data?.document), totals: res.data?.totals ?? null };
}
