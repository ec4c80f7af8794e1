import { mutate } from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { rowUpdateResponse } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

/**
 * POST /api/rows/{id}/suggestions {id}: the article prices the row (source "suggerito"). The
 * document, its rows and its undoable operations are fetched again, so the table and the totals
 * show the new price and "Annulla" can take it back.
 */
export async function applySuggestion(row: Pick<DocumentRow, 'id' | 'document_id'>, articleId: string): Promise<RowMutationMeta & { row: DocumentRow }> {
  const res = await apiCall(rowUpdateResponse, `/api/rows/${row.id}/suggestions`, { method: 'POST', body: { id: articleId } });
  const docId = String(row.document_id);
  // The operations too: the applied price is undoable ("Annulla ultima operazione", Ctrl+Z).
  await mutate(
    (key) =>
      Array.isArray(key) &&
      (key[0] === '/api/documents/{id}' || key[0] === '/api/documents/{id}/rows' || key[0] === '/api/documents/{id}/operations') &&
      String(key[1]) === docId,
  );
  return { row: res.data.attributes, ...mutationMeta(res.meta) };
}
