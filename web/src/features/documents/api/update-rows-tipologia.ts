import { useCallback } from 'react';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import { HIGHLIGHT_BULK_MS } from '@/features/documents/hooks/use-row-highlight.ts';
import { serverText } from './server-text.ts';
import { apiCall } from '@/lib/api-client.ts';
import { updateTipologiaResponse } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

export interface TipologiaUpdateResult extends RowMutationMeta {
  /** Rows given the new typology. */
  updated: number;
  /** Of those, rows that found a database price. */
  priced: number;
  notFound: number;
  rows: DocumentRow[];
}

/** POST /api/rows/update-tipologia-dei: the new typology for many rows, re-priced, in one call. */
export async function updateRowsTipologia(rowIds: number[], tipologia: string): Promise<TipologiaUpdateResult> {
  const res = await apiCall(updateTipologiaResponse, '/api/rows/update-tipologia-dei', { method: 'POST', body: { row_ids: rowIds, tipologia_dei: tipologia } });
  return { updated: res.data.updated, priced: res.data.priced, notFound: res.data.not_found, rows: res.data.rows, ...mutationMeta(res.meta) };
}

/** "Tipologia DEI" on the selected rows: one call, then a result with what was priced. */
export function useUpdateRowsTipologia(kit: EditingKit) {
  const { cache, highlight, notify, done, setBusy, setDialog, setProgress, setResult, selectedRows } = kit;
  return useCallback(
    async (tipologia: string) => {
      const ids = selectedRows().map((r) => r.id);
      if (!ids.length) return;
      setBusy(true);
      setDialog(null);
      setProgress({ title: 'Tipologia DEI', text: `Aggiornamento della tipologia DEI di ${ids.length} righe in corso...` });
      try {
        const res = await updateRowsTipologia(ids, tipologia);
        cache.replaceRows(res.rows, res);
        highlight(res.rows.map((r) => r.id), HIGHLIGHT_BULK_MS);
        const lines = [`Righe aggiornate: ${res.updated}`, `Prezzi trovati: ${res.priced}`];
        if (res.notFound) lines.push(`Prezzi non trovati: ${res.notFound}`);
        setResult({ severity: res.updated ? 'success' : 'warn', title: 'Tipologia DEI aggiornata', lines });
        if (res.operation) done(`Operazione completata: ${res.operation.descrizione}`, res.operation);
      } catch (err) {
        notify('error', serverText(err, "Errore nell'aggiornamento delle tipologie DEI"));
      } finally {
        setProgress(null);
        setBusy(false);
      }
    },
    [cache, highlight, notify, done, selectedRows, setBusy, setDialog, setProgress, setResult],
  );
}
