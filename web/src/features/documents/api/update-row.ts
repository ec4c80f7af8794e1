import { useCallback, useState } from 'react';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import { HIGHLIGHT_BULK_MS, HIGHLIGHT_SINGLE_MS } from '@/features/documents/hooks/use-row-highlight.ts';
import { serverText } from './server-text.ts';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { getRow } from './get-row.ts';
import { rowUpdateResponse, type RowUpdateBody } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

/** Fields PUT /api/rows/{id} accepts; the server recomputes the db total, difference and variation. */
export interface RowPatch extends RowUpdateBody {
  tariffa?: string;
  descrizione?: string;
  unita_di_misura?: string;
  quantita?: number;
  unitario?: number;
  /** Only when typed by hand: a new quantity or price alone lets the server compute it. */
  totale?: number | null;
  tipologia_dei?: string;
  /** A typed price becomes a manual price; null clears it. */
  prezzo_db?: number | null;
  /** Re-price the row from the price lists by the rules. */
  refresh_price?: true;
}

export interface RowUpdateResult extends RowMutationMeta {
  row: DocumentRow;
  /** False when the row has no database price after the update. */
  priceFound: boolean;
}

/**
 * `baseVersion`: the row's version the editor saw. A field somebody else changed since then is
 * refused (409, "La riga è stata modificata da un altro utente: ricarica"); the others apply.
 */
export async function updateRow(id: number, patch: RowPatch, baseVersion?: number): Promise<RowUpdateResult> {
  const body = typeof baseVersion === 'number' ? { ...patch, base_version: baseVersion } : patch;
  const res = await apiCall(rowUpdateResponse, `/api/rows/${id}`, { method: 'PUT', body });
  return { row: res.data.attributes, ...mutationMeta(res.meta), priceFound: res.meta.price_found };
}

/** Saves the edit dialog's changes (only what changed), then marks the row updated. */
export function useSaveRow(kit: EditingKit) {
  const { cache, highlight, notify, done, setBusy, setDialog } = kit;
  /** Somebody else changed the row: say so, and show the row as it is now. */
  const reloadChanged = useCallback(
    async (row: DocumentRow, err: unknown) => {
      notify('error', serverText(err, 'La riga è stata modificata da un altro utente: ricarica'));
      const fresh = await getRow(row.id).catch(() => null);
      if (fresh) {
        cache.replaceRows([fresh]);
        highlight([row.id], HIGHLIGHT_SINGLE_MS);
      } else cache.removeRows([row.id]);
      setDialog(null);
    },
    [cache, highlight, notify, setDialog],
  );
  /**
   * Answers null when saved (or when the row changed meanwhile: then the dialog closes on the
   * row as it is now), else the refusal (a description over its limit, an amount out of range),
   * which the dialog shows inside itself, keeping what the user typed.
   */
  return useCallback(
    async (row: DocumentRow, patch: RowPatch): Promise<string | null> => {
      if (!Object.keys(patch).length) {
        setDialog(null);
        return null;
      }
      setBusy(true);
      try {
        const res = await updateRow(row.id, patch, row.version);
        cache.replaceRows([res.row], res);
        highlight([row.id], HIGHLIGHT_SINGLE_MS);
        setDialog(null);
        const repriced = patch.tipologia_dei !== undefined || patch.tariffa !== undefined;
        if (repriced && !res.priceFound) notify('warn', `Nessun prezzo trovato per la tariffa: ${res.row.tariffa ?? ''}`);
        else done('Riga aggiornata con successo', res.operation);
        return null;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 409 || err.status === 412 || err.status === 404)) {
          await reloadChanged(row, err);
          return null;
        }
        return serverText(err, "Errore nell'aggiornamento della riga");
      } finally {
        setBusy(false);
      }
    },
    [cache, highlight, notify, done, setBusy, setDialog, reloadChanged],
  );
}

/** "Aggiorna prezzo" on one row: re-priced by the rules; `updatingIds` spin meanwhile. */
export function useRefreshRowPrice(kit: EditingKit) {
  const { cache, highlight, notify } = kit;
  const [updatingIds, setUpdatingIds] = useState<ReadonlySet<number>>(() => new Set());
  const refreshPrice = useCallback(
    async (row: DocumentRow) => {
      setUpdatingIds((prev) => new Set(prev).add(row.id));
      try {
        const res = await updateRow(row.id, { refresh_price: true });
        cache.replaceRows([res.row], res);
        highlight([row.id], HIGHLIGHT_BULK_MS);
        if (res.priceFound) notify('success', `Prezzo aggiornato per la tariffa: ${res.row.tariffa ?? ''}`);
        else notify('warn', `Nessun prezzo trovato per la tariffa: ${res.row.tariffa ?? ''}`);
      } catch (err) {
        notify('error', serverText(err, "Errore nell'aggiornamento del prezzo"));
      } finally {
        setUpdatingIds((prev) => {
          const next = new Set(prev);
          next.delete(row.id);
          return next;
        });
      }
    },
    [cache, highlight, notify],
  );
  return { refreshPrice, updatingIds };
}
