import { useCallback } from 'react';
import { apiCall } from '@/lib/api-client.ts';
import { removeRowsResponse, rowRemoveResponse } from '@shared/api/rows.ts';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';
import { serverText } from './server-text.ts';

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

/** POST /api/rows/delete: the selected rows deleted as ONE operation, undone all together by "Annulla". */
export async function deleteRows(ids: number[]): Promise<RowMutationMeta & { deleted: number[]; notFound: number[] }> {
  const res = await apiCall(removeRowsResponse, '/api/rows/delete', { method: 'POST', body: { row_ids: ids } });
  return { deleted: res.data.deleted, notFound: res.data.not_found, ...mutationMeta(res.meta) };
}

/** The selected rows deleted in one call (one undoable operation), with a progress notice while it runs. */
export function useDeleteSelectedRows(kit: EditingKit) {
  const { cache, notify, done, setBusy, setDialog, setProgress, setResult, unselect, selectedRows } = kit;
  return useCallback(async () => {
    const ids = selectedRows().map((r) => r.id);
    if (!ids.length) return;
    setBusy(true);
    setDialog(null);
    const total = ids.length;
    setProgress({ title: 'Eliminazione righe', text: `Eliminazione in corso: ${total} ${total === 1 ? 'riga' : 'righe'}`, value: 0 });
    try {
      const result = await deleteRows(ids);
      // Rows somebody else deleted or merged away meanwhile are gone too.
      const gone = [...result.deleted, ...result.notFound];
      cache.removeRows(gone, result);
      unselect(gone);
      setProgress(null);
      setResult({ severity: 'success', title: 'Eliminazione righe', lines: [`Righe eliminate: ${result.deleted.length}`] });
      done(`Righe eliminate: ${result.deleted.length}`, result.operation);
    } catch (err) {
      setProgress(null);
      notify('error', serverText(err, "Errore nell'eliminazione delle righe"));
      setResult({ severity: 'warn', title: 'Eliminazione righe', lines: ['Righe eliminate: 0', `Righe non eliminate: ${total}`] });
    } finally {
      setBusy(false);
    }
  }, [cache, done, notify, selectedRows, setBusy, setDialog, setProgress, setResult, unselect]);
}
