import { useCallback } from 'react';
import { apiCall } from '@/lib/api-client.ts';
import { rowRemoveResponse } from '@shared/api/rows.ts';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { refreshDocumentTotals } from './refresh-document-totals.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';
import { serverText } from './server-text.ts';

/** Rows have no bulk delete endpoint: one DELETE per row, this many at a time. */
export const DELETE_BATCH = 5;

export async function deleteRow(id: number): Promise<RowMutationMeta> {
  const res = await apiCall(rowRemoveResponse, `/api/rows/${id}`, { method: 'DELETE' });
  return mutationMeta(res.meta);
}

/** "Elimina riga" confirmed: the row leaves the table and the selection. */
export function useDeleteRow(kit: EditingKit) {
  const { cache, notify, done, setBusy, setDialog, unselect } = kit;
  return useCallback(
    async (row: DocumentRow) => {
      setBusy(true);
      try {
        const meta = await deleteRow(row.id);
        cache.removeRows([row.id], meta);
        unselect([row.id]);
        setDialog(null);
        done('Riga eliminata con successo', meta.operation);
      } catch (err) {
        notify('error', serverText(err, "Errore nell'eliminazione della riga"));
      } finally {
        setBusy(false);
      }
    },
    [cache, notify, done, setBusy, setDialog, unselect],
  );
}

/** The selected rows deleted in batches with a progress bar, then the totals re-read once. */
export function useDeleteSelectedRows(kit: EditingKit) {
  const { documentId, cache, notify, setBusy, setDialog, setProgress, setResult, unselect, selectedRows } = kit;
  return useCallback(async () => {
    const ids = selectedRows().map((r) => r.id);
    if (!ids.length) return;
    setBusy(true);
    setDialog(null);
    const total = ids.length;
    let done = 0;
    const deleted: number[] = [];
    let failed = 0;
    let lastMeta: RowMutationMeta | undefined;
    setProgress({ title: 'Eliminazione righe', text: `Eliminazione in corso: 0 di ${total}`, value: 0 });
    for (let i = 0; i < ids.length; i += DELETE_BATCH) {
      const batch = ids.slice(i, i + DELETE_BATCH);
      const outcomes = await Promise.allSettled(batch.map((id) => deleteRow(id)));
      const ok: number[] = [];
      outcomes.forEach((o, j) => {
        if (o.status === 'fulfilled') {
          ok.push(batch[j]);
          lastMeta = o.value;
        } else failed++;
      });
      deleted.push(...ok);
      cache.removeRows(ok);
      done += batch.length;
      setProgress({ title: 'Eliminazione righe', text: `Eliminazione in corso: ${done} di ${total}`, value: Math.round((done / total) * 100) });
    }
    // Parallel deletes answer totals of different moments: re-read them once at the end.
    try {
      lastMeta = await refreshDocumentTotals(documentId);
    } catch (err) {
      console.warn('totals refresh failed', err);
    }
    if (lastMeta) cache.replaceRows([], lastMeta);
    unselect(deleted);
    setProgress(null);
    setBusy(false);
    if (failed) {
      notify('error', "Errore nell'eliminazione delle righe");
      setResult({ severity: 'warn', title: 'Eliminazione righe', lines: [`Righe eliminate: ${deleted.length}`, `Righe non eliminate: ${failed}`] });
    } else {
      setResult({ severity: 'success', title: 'Eliminazione righe', lines: [`Righe eliminate: ${deleted.length}`] });
    }
  }, [cache, documentId, notify, selectedRows, setBusy, setDialog, setProgress, setResult, unselect]);
}
