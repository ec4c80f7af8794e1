import { apiCall } from '@/lib/api-client.ts';
import { updateTotalResponse } from '@shared/api/documents.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

/** POST /api/documents/{id}/update-total {refresh: false}: re-totals the document without re-pricing. */
export async function refreshDocumentTotals(id: number): Promise<RowMutationMeta> {
  const res = await apiCall(updateTotalResponse, `/api/documents/${id}/update-total`, { method: 'POST', body: { refresh: false } });
  return mutationMeta(res.data);
}
