import { useCallback } from 'react';
import { countRowsBetween, MERGE_COUNT_ERROR, MERGE_MISSING_ERROR, MERGE_ORDER_ERROR, mergeOrder } from '@shared/domain/rows.ts';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { mergeResponse } from '@shared/api/rows.ts';
import type { MergeOptions } from '@shared/domain/row-merge.ts';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import { HIGHLIGHT_SINGLE_MS } from '@/features/documents/hooks/use-row-highlight.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';
import { serverText } from './server-text.ts';

export interface MergeResult extends RowMutationMeta {
  /** The merged row (it keeps the first row's id). */
  row: DocumentRow;
  removedRowId: number;
  message: string;
}

/** `sumQuantities`: add the quantities (somma_quantita); `article`: which of two different articles to keep (articolo). */
export async function mergeRows(firstRowId: number, secondRowId: number, options: MergeOptions = {}): Promise<MergeResult> {
  const body = { first_row_id: firstRowId, second_row_id: secondRowId, ...(options.sumQuantities ? { somma_quantita: true } : {}), ...(options.article ? { articolo: options.article } : {}) };
  const res = await apiCall(mergeResponse, '/api/rows/merge', { method: 'POST', body });
  return { row: res.data.row, removedRowId: res.data.removed_row_id, message: res.data.message, ...mutationMeta(res.meta) };
}

const asMergeable = (r: DocumentRow) => ({ ...r, tariffa: r.tariffa ?? '', descrizione: r.descrizione ?? '' });

/**
 * "Unisci" / "Unione rapida": `open` checks the two selected rows on the client (the server
 * repeats the checks) and opens the dialog; `confirm` merges them.
 */
export function useMergeRows(kit: EditingKit) {
  const { cache, highlight, notify, done, setBusy, setDialog, deselect, selectedRows, selectedCount, currentRows } = kit;
  const open = useCallback(
    (quick: boolean) => {
      if (selectedCount() !== 2) {
        notify('error', MERGE_COUNT_ERROR);
        return;
      }
      const chosen = selectedRows();
      if (chosen.length !== 2) {
        notify('error', MERGE_MISSING_ERROR);
        return;
      }
      const between = countRowsBetween(currentRows(), chosen[0].row_index, chosen[1].row_index);
      const order = mergeOrder(asMergeable(chosen[0]), asMergeable(chosen[1]), between);
      if (!order) {
        notify('error', MERGE_ORDER_ERROR);
        return;
      }
      const [first, second] = order[0].id === chosen[0].id ? [chosen[0], chosen[1]] : [chosen[1], chosen[0]];
      setDialog({ kind: quick ? 'quick-merge' : 'merge', first, second });
    },
    [currentRows, notify, selectedCount, selectedRows, setDialog],
  );

  const confirm = useCallback(
    async (first: DocumentRow, second: DocumentRow, options: MergeOptions = {}) => {
      setBusy(true);
      try {
        const res = await mergeRows(first.id, second.id, options);
        cache.removeRows([res.removedRowId]);
        cache.replaceRows([res.row], res);
        deselect();
        highlight([res.row.id], HIGHLIGHT_SINGLE_MS);
        setDialog(null);
        done(res.message, res.operation);
      } catch (err) {
        // 409: the rows changed meanwhile; show the current state.
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void cache.reload().catch(() => undefined);
        notify('error', serverText(err, "Errore durante l'unione delle righe"));
        setDialog(null);
      } finally {
        setBusy(false);
      }
    },
    [cache, deselect, highlight, notify, done, setBusy, setDialog],
  );
  return { open, confirm };
}
