import { useCallback, useMemo, useRef } from 'react';
import { apiCall } from '@/lib/api-client.ts';
import { undoResponse } from '@shared/api/operations.ts';
import type { MessageAction, MessageSeverity } from '@/hooks/use-timed-message.ts';
import type { RecordedOperationOut } from '@shared/api/operations.ts';
import { useDocumentOperations } from './get-operations.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';
import { serverText } from './server-text.ts';

export interface UndoResult extends RowMutationMeta {
  message: string;
}

/**
 * POST /api/documents/{id}/undo: the document's last operation undone. With `operationId`, only
 * if it is still the last one (else 409, nothing changes).
 */
export async function undoOperation(documentId: number, operationId?: string): Promise<UndoResult> {
  const res = await apiCall(undoResponse, `/api/documents/${documentId}/undo`, { method: 'POST', body: operationId ? { operation_id: operationId } : {}, retries: 0 });
  return { message: res.data.message, ...mutationMeta(res.meta) };
}

interface Sources {
  documentId: number;
  /** Reloads the rows (and with them the totals) after an undo. */
  reload: () => Promise<unknown>;
  applyMeta: (meta: RowMutationMeta) => void;
  notify: (severity: MessageSeverity, text: string, action?: MessageAction) => void;
}

/**
 * "Annulla": `undo` undoes the last operation (or the one a notice names), reloads the rows and
 * totals and says what was undone, or why not; `done` is the success notice of a change, with its
 * "Annulla" button (where `show` puts it: the rows' message by default); `last` is what the
 * toolbar's button would undo.
 */
export function useUndoOperation({ documentId, reload, applyMeta, notify }: Sources) {
  const operations = useDocumentOperations(documentId);
  const { mutate } = operations;
  const running = useRef(false);
  const undo = useCallback(
    async (operationId?: string) => {
      if (running.current) return;
      running.current = true;
      try {
        const res = await undoOperation(documentId, operationId);
        applyMeta(res);
        await reload();
        notify('success', res.message);
      } catch (err) {
        notify('error', serverText(err, 'Impossibile annullare l\u2019operazione'));
      } finally {
        running.current = false;
        void mutate();
      }
    },
    [applyMeta, documentId, mutate, notify, reload],
  );
  const done = useCallback(
    (text: string, operation?: RecordedOperationOut, show: Sources['notify'] = notify) => {
      show('success', text, operation ? { label: 'Annulla', onClick: () => void undo(operation.id) } : undefined);
      void mutate();
    },
    [mutate, notify, undo],
  );
  const last = operations.data?.[0] ?? null;
  return useMemo(() => ({ undo, done, last }), [undo, done, last]);
}
