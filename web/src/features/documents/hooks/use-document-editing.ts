import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig, type KeyedMutator } from 'swr';
import { countRowsBetween, MERGE_COUNT_ERROR, MERGE_MISSING_ERROR, MERGE_ORDER_ERROR, mergeOrder } from '@shared/domain/rows.ts';
import { ApiError } from '@/lib/api-client.ts';
import { deleteRow } from '@/features/documents/api/delete-row.ts';
import { duplicateRows } from '@/features/documents/api/duplicate-rows.ts';
import { EXPORT_ERROR, exportDocument } from '@/features/documents/api/export-document.ts';
import { mergeRows } from '@/features/documents/api/merge-rows.ts';
import { refreshDocumentTotals } from '@/features/documents/api/refresh-document-totals.ts';
import type { RowMutationMeta } from '@/features/documents/api/row-results.ts';
import { updateDocumentPrices } from '@/features/documents/api/update-document-prices.ts';
import { updateRow, type RowPatch } from '@/features/documents/api/update-row.ts';
import { updateRowsTipologia } from '@/features/documents/api/update-rows-tipologia.ts';
import type { DocumentItem, DocumentRow, DocumentRows } from '@/features/documents/types.ts';
import { HIGHLIGHT_BULK_MS, HIGHLIGHT_SINGLE_MS, useRowHighlight } from './use-row-highlight.ts';
import { useRowsCache } from './use-rows-cache.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';

/** Spec section 4: the duplicate request waits 300 ms; the list opens 1.2 s after success. */
export const DUPLICATE_DELAY_MS = 300;
export const DUPLICATE_NAVIGATE_MS = 1200;
/** Rows have no bulk delete endpoint: one DELETE per row, this many at a time. */
export const DELETE_BATCH = 5;

export type EditingDialog =
  | { kind: 'edit'; row: DocumentRow }
  | { kind: 'delete-row'; row: DocumentRow }
  | { kind: 'delete-selected' }
  | { kind: 'update-prices' }
  | { kind: 'merge'; first: DocumentRow; second: DocumentRow }
  | { kind: 'quick-merge'; first: DocumentRow; second: DocumentRow }
  | { kind: 'tipologia' }
  | { kind: 'duplicate' };

export interface ProgressState {
  title: string;
  text: string;
  /** 0..100; undefined for an indeterminate bar. */
  value?: number;
}

export interface ResultNotice {
  severity: 'success' | 'warn';
  title: string;
  lines: string[];
}

interface Options {
  document: DocumentItem;
  rows: DocumentRow[];
  mutateDocument: KeyedMutator<DocumentItem>;
  mutateRows: KeyedMutator<DocumentRows>;
  /** Messages for the page header (export). */
  notifyPage: (severity: 'success' | 'error' | 'warn', text: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const serverText = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback);
const asMergeable = (r: DocumentRow) => ({ ...r, tariffa: r.tariffa ?? '', descrizione: r.descrizione ?? '' });

/** The document page's editing: selection, dialogs, the calls, the cache and the row highlights. */
export function useDocumentEditing({ document, rows, mutateDocument, mutateRows, notifyPage }: Options) {
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const cache = useRowsCache({ documentId: document.id, mutateDocument, mutateRows });
  const { highlighted, highlight } = useRowHighlight();
  const { message, show: notify, clear: clearMessage } = useTimedMessage();

  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [dialog, setDialog] = useState<EditingDialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [result, setResult] = useState<ResultNotice | null>(null);
  const [updatingIds, setUpdatingIds] = useState<ReadonlySet<number>>(() => new Set());
  const [exporting, setExporting] = useState(false);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const close = useCallback(() => {
    if (!busy) setDialog(null);
  }, [busy]);
  const deselect = useCallback(() => setSelectedIds(new Set()), []);
  const unselect = useCallback((ids: number[]) => {
    setSelectedIds((prev) => {
      if (!ids.some((id) => prev.has(id))) return prev;
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  /** The selected rows in document order (row_index). */
  const selectedRows = useCallback(() => rowsRef.current.filter((r) => selectedIds.has(r.id)).sort((a, b) => a.row_index - b.row_index), [selectedIds]);

  // ---- single row -------------------------------------------------------------------------

  const saveRow = useCallback(
    async (row: DocumentRow, patch: RowPatch) => {
      if (!Object.keys(patch).length) {
        setDialog(null);
        return;
      }
      setBusy(true);
      try {
        const res = await updateRow(row.id, patch);
        cache.replaceRows([res.row], res);
        highlight([row.id], HIGHLIGHT_SINGLE_MS);
        setDialog(null);
        const repriced = patch.tipologia_dei !== undefined || patch.tariffa !== undefined;
        if (repriced && !res.priceFound) notify('warn', `Nessun prezzo trovato per la tariffa: ${res.row.tariffa ?? ''}`);
        else notify('success', 'Riga aggiornata con successo');
      } catch (err) {
        notify('error', serverText(err, "Errore nell'aggiornamento della riga"));
      } finally {
        setBusy(false);
      }
    },
    [cache, highlight, notify],
  );

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

  /** Opens /search in a new tab: q = tariff code, type = price-list, with the typology and province. */
  const searchRow = useCallback(
    (row: DocumentRow) => {
      const code = row.tariffa?.trim();
      if (!code) {
        notify('error', 'Codice tariffa mancante per la ricerca');
        return;
      }
      try {
        const params = new URLSearchParams({ q: code, type: 'price-list' });
        const source = row.price_source;
        // The list that priced the row, when one did; else where the rules would look first.
        if (source?.list === 'toscana' || source?.list === 'dei') {
          params.set(source.list === 'toscana' ? 'provincia' : 'tipologia_dei', String(source.key));
          params.set('anno', String(source.year));
        } else {
          const tipologia = row.tipologia_dei || document.tipologia_dei;
          if (tipologia) params.set('tipologia_dei', tipologia);
          if (document.provincia) params.set('provincia', document.provincia);
        }
        window.open(`/search?${params.toString()}`, '_blank', 'noopener');
      } catch {
        notify('error', "Errore nell'apertura della ricerca prezzi");
      }
    },
    [document.provincia, document.tipologia_dei, notify],
  );

  const deleteOne = useCallback(
    async (row: DocumentRow) => {
      setBusy(true);
      try {
        const meta = await deleteRow(row.id);
        cache.removeRows([row.id], meta);
        unselect([row.id]);
        setDialog(null);
        notify('success', 'Riga eliminata con successo');
      } catch (err) {
        notify('error', serverText(err, "Errore nell'eliminazione della riga"));
      } finally {
        setBusy(false);
      }
    },
    [cache, notify, unselect],
  );

  // ---- selection --------------------------------------------------------------------------

  /** Client-side merge checks (the server repeats them); opens the detailed or the quick dialog. */
  const openMerge = useCallback(
    (quick: boolean) => {
      if (selectedIds.size !== 2) {
        notify('error', MERGE_COUNT_ERROR);
        return;
      }
      const chosen = selectedRows();
      if (chosen.length !== 2) {
        notify('error', MERGE_MISSING_ERROR);
        return;
      }
      const between = countRowsBetween(rowsRef.current, chosen[0].row_index, chosen[1].row_index);
      const order = mergeOrder(asMergeable(chosen[0]), asMergeable(chosen[1]), between);
      if (!order) {
        notify('error', MERGE_ORDER_ERROR);
        return;
      }
      const [first, second] = order[0].id === chosen[0].id ? [chosen[0], chosen[1]] : [chosen[1], chosen[0]];
      setDialog({ kind: quick ? 'quick-merge' : 'merge', first, second });
    },
    [notify, selectedIds, selectedRows],
  );

  const confirmMerge = useCallback(
    async (first: DocumentRow, second: DocumentRow) => {
      setBusy(true);
      try {
        const res = await mergeRows(first.id, second.id);
        cache.removeRows([res.removedRowId]);
        cache.replaceRows([res.row], res);
        setSelectedIds(new Set());
        highlight([res.row.id], HIGHLIGHT_SINGLE_MS);
        setDialog(null);
        notify('success', res.message);
      } catch (err) {
        // 409: the rows changed meanwhile; show the current state.
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void cache.reload().catch(() => undefined);
        notify('error', serverText(err, "Errore durante l'unione delle righe"));
        setDialog(null);
      } finally {
        setBusy(false);
      }
    },
    [cache, highlight, notify],
  );

  const confirmTipologia = useCallback(
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
      } catch (err) {
        notify('error', serverText(err, "Errore nell'aggiornamento delle tipologie DEI"));
      } finally {
        setProgress(null);
        setBusy(false);
      }
    },
    [cache, highlight, notify, selectedRows],
  );

  const confirmDeleteSelected = useCallback(async () => {
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
      lastMeta = await refreshDocumentTotals(document.id);
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
  }, [cache, document.id, notify, selectedRows, unselect]);

  const confirmDuplicate = useCallback(
    async (title: string) => {
      const ids = selectedRows().map((r) => r.id);
      setBusy(true);
      try {
        await sleep(DUPLICATE_DELAY_MS);
        const res = await duplicateRows(document.id, ids, title);
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
    [document.id, globalMutate, navigate, notify, selectedRows],
  );

  // ---- whole document ---------------------------------------------------------------------

  /** One server call re-prices every row; then the rows are re-read and the changed ones highlighted. */
  const confirmUpdatePrices = useCallback(async () => {
    setBusy(true);
    setDialog(null);
    setProgress({ title: 'Aggiorna Prezzi', text: 'Aggiornamento prezzi in corso...' });
    try {
      const before = new Map(rowsRef.current.map((r) => [r.id, r]));
      const res = await updateDocumentPrices(document.id);
      cache.applyMeta(res);
      setProgress({ title: 'Aggiorna Prezzi', text: 'Caricamento delle righe aggiornate...' });
      const fresh = await cache.reload().catch(() => null);
      if (fresh) {
        const changed = fresh.rows
          .filter((r) => {
            const b = before.get(r.id);
            return b && (b.prezzo_db !== r.prezzo_db || b.prezzo_totale_db !== r.prezzo_totale_db || JSON.stringify(b.price_source) !== JSON.stringify(r.price_source));
          })
          .map((r) => r.id);
        highlight(changed, HIGHLIGHT_BULK_MS);
      } else if (res.totals) void mutateRows((cur) => (cur ? { ...cur, totals: res.totals } : cur), { revalidate: false });
      const lines: string[] = [];
      if (res.notFound) {
        const codes = res.notFoundCodes.slice(0, 10).join(', ');
        lines.push(`Prezzi non trovati: ${res.notFound}${codes ? ` (${codes}${res.notFoundCodes.length > 10 || res.notFound > res.notFoundCodes.length ? ', ...' : ''})` : ''}`);
      }
      if (res.skipped) lines.push(`Righe senza tariffa: ${res.skipped}`);
      if (res.errors) lines.push(`Errori: ${res.errors}`);
      if (res.updated > 0) setResult({ severity: 'success', title: 'Risultato aggiornamento prezzi', lines: [`Prezzi aggiornati: ${res.updated}`, ...lines] });
      else setResult({ severity: 'warn', title: 'Risultato aggiornamento prezzi', lines: ['Nessun prezzo è stato aggiornato', ...lines] });
    } catch (err) {
      notify('error', serverText(err, "Errore nell'aggiornamento dei prezzi"));
    } finally {
      setProgress(null);
      setBusy(false);
    }
  }, [cache, document.id, highlight, mutateRows, notify]);

  const exportXlsx = useCallback(async () => {
    setExporting(true);
    try {
      await exportDocument(document.id);
    } catch (err) {
      notifyPage('error', serverText(err, EXPORT_ERROR));
    } finally {
      setExporting(false);
    }
  }, [document.id, notifyPage]);

  return {
    selectedIds,
    setSelectedIds,
    deselect,
    selectedRows,
    dialog,
    setDialog,
    close,
    busy,
    progress,
    result,
    closeResult: () => setResult(null),
    message,
    clearMessage,
    notify,
    highlighted,
    updatingIds,
    exporting,
    saveRow,
    refreshPrice,
    searchRow,
    deleteOne,
    openMerge,
    confirmMerge,
    confirmTipologia,
    confirmDeleteSelected,
    confirmDuplicate,
    confirmUpdatePrices,
    exportXlsx,
  };
}
