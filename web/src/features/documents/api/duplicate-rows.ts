import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { duplicateResponse } from '@shared/api/documents.ts';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';

/** Spec section 4: the duplicate request waits 300 ms; the list opens 1.2 s after success. */
export const DUPLICATE_DELAY_MS = 300;
export const DUPLICATE_NAVIGATE_MS = 1200;

export interface DuplicateResult {
  newDocumentId: number;
  message: string | null;
}

/** POST /api/documents/{id}/duplicate-rows: the chosen rows become a new document. */
export async function duplicateRows(documentId: number, rowIds: number[], newTitle: string): Promise<DuplicateResult> {
  const res = await apiCall(duplicateResponse, `/api/documents/${documentId}/duplicate-rows`, { method: 'POST', body: { row_ids: rowIds, new_title: newTitle } });
  return { newDocumentId: res.data.new_document_id, message: res.data.message };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** "Duplica": the selected rows become a new document, then the list opens. */
export function useDuplicateRows(kit: EditingKit) {
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const { documentId, notify, setBusy, setDialog, setResult, selectedRows } = kit;
  return useCallback(
    async (title: string) => {
      const ids = selectedRows().map((r) => r.id);
      setBusy(true);
      try {
        await sleep(DUPLICATE_DELAY_MS);
        const res = await duplicateRows(documentId, ids, title);
        setDialog(null);
        setResult({ severity: 'success', title: 'Duplicazione completata', lines: [res.message ?? 'Documento duplicato con successo'] });
        // The list must show the new document.
        void globalMutate((key) => Array.isArray(key) && key[0] === '/api/documents');
        setTimeout(() => navigate('/documents'), DUPLICATE_NAVIGATE_MS);
      } catch (err) {
        notify('error', err instanceof Error && err.message && !(err instanceof ApiError && err.status >= 500) ? err.message : 'Errore nella duplicazione');
      } finally {
        setBusy(false);
      }
    },
    [documentId, globalMutate, navigate, notify, selectedRows, setBusy, setDialog, setResult],
  );
}
