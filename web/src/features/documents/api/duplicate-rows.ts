import { apiRequest } from '../../../lib/api-client.ts';

export interface DuplicateResult {
  newDocumentId: number;
  message: string | null;
}

/** POST /api/documents/{id}/duplicate-rows: the chosen rows become a new document. */
export async function duplicateRows(documentId: number, rowIds: number[], newTitle: string): Promise<DuplicateResult> {
  const res = await apiRequest<{ data: { success?: boolean; new_document_id: number; message?: string; error?: string } }>(
    `/api/documents/${documentId}/duplicate-rows`,
    { method: 'POST', body: { row_ids: rowIds, new_title: newTitle } },
  );
  if (res.data?.success === false || !res.data?.new_document_id) throw new Error(res.data?.error || 'Errore nella duplicazione');
  return { newDocumentId: Number(res.data.new_document_id), message: res.data.message ?? null };
}
