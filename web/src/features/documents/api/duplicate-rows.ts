import { apiCall } from '@/lib/api-client.ts';
import { duplicateResponse } from '@shared/api/documents.ts';

export interface DuplicateResult {
  newDocumentId: number;
  message: string | null;
}

/** POST /api/documents/{id}/duplicate-rows: the chosen rows become a new document. */
export async function duplicateRows(documentId: number, rowIds: number[], newTitle: string): Promise<DuplicateResult> {
  const res = await apiCall(duplicateResponse, `/api/documents/${documentId}/duplicate-rows`, { method: 'POST', body: { row_ids: rowIds, new_title: newTitle } });
  return { newDocumentId: res.data.new_document_id, message: res.data.message };
}
