import { apiCall } from '@/lib/api-client.ts';
import { updateTotalResponse } from '@shared/api/documents.ts';
import { useCallback } from 'react';
import type { EditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import { HIGHLIGHT_BULK_MS } from '@/features/documents/hooks/use-row-highlight.ts';
import type { DocumentItem, DocumentRow, RowsTotals } from '@/features/documents/types.ts';
import { serverText } from './server-text.ts';
import { mutationMeta } from './row-results.ts';
import type { RecordedOperationOut } from '@shared/api/operations.ts';

export interface PricesUpdateResult {
  updated: number;
  notFound: number;
  /** Rows without a tariff code. */
  skipped: number;
  errors: number;
  notFoundCodes: string[];
  document: DocumentItem | null;
  totals: RowsTotals | null;
  message: string | null;
  /** The re-price as an undoable operation ("Annulla"), when it changed rows. */
  operation?: RecordedOperationOut;
}

/** POST /api/documents/{id}/update-total {refresh: true}: the server re-prices every row in one call. */
export async function updateDocumentPrices(id: number): Promise<PricesUpdateResult> {
  const { data } = await apiCall(updateTotalResponse, `/api/documents/${id}/update-total`, { method: 'POST', body: { refresh: true } });
  return {
    updated: data.updated ?? 0,
    notFound: data.not_found ?? 0,
    skipped: data.skipped ?? 0,
    errors: data.errors ?? 0,
    notFoundCodes: data.not_found_codes ?? [],
    ...mutationMeta(data),
    message: data.message ?? null,
  };
}

const changedPrice = (b: DocumentRow, r: DocumentRow) =>
  b.prezzo_db !== r.prezzo_db || b.prezzo_totale_db !== r.prezzo_totale_db || JSON.stringify(b.price_source) !== JSON.stringify(r.price_source);

function resultLines(res: PricesUpdateResult): string[] {
  const lines: string[] = [];
  if (res.notFound) {
    const codes = res.notFoundCodes.slice(0, 10).join(', ');
    lines.push(`Prezzi non trovati: ${res.notFound}${codes ? ` (${codes}${res.notFoundCodes.length > 10 || res.notFound > res.notFoundCodes.length ? ', ...' : ''})` : ''}`);
  }
  if (res.skipped) lines.push(`Righe senza tariffa: ${res.skipped}`);
  if (res.errors) lines.push(`Errori: ${res.errors}`);
  return lines;
}

/** "Aggiorna Prezzi": one server call re-prices every row; the rows are re-read and the changed ones highlighted. */
export function useUpdateDocumentPrices(kit: EditingKit) {
  const { documentId, cache, mutateRows, highlight, notify, done, setBusy, setDialog, setProgress, setResult, currentRows } = kit;
  return useCallback(async () => {
    setBusy(true);
    setDialog(null);
    setProgress({ title: 'Aggiorna Prezzi', text: 'Aggiornamento prezzi in corso...' });
    try {
      const before = new Map(currentRows().map((r) => [r.id, r]));
      const res = await updateDocumentPrices(documentId);
      cache.applyMeta(res);
      setProgress({ title: 'Aggiorna Prezzi', text: 'Caricamento delle righe aggiornate...' });
      const fresh = await cache.reload().catch(() => null);
      if (fresh) {
        const changed = fresh.rows.filter((r) => {
          const b = before.get(r.id);
          return b && changedPrice(b, r);
        });
        highlight(changed.map((r) => r.id), HIGHLIGHT_BULK_MS);
      } else if (res.totals) void mutateRows((cur) => (cur ? { ...cur, totals: res.totals } : cur), { revalidate: false });
      const lines = resultLines(res);
      if (res.operation) done(`Operazione completata: ${res.operation.descrizione}`, res.operation);
      if (res.updated > 0) setResult({ severity: 'success', title: 'Risultato aggiornamento prezzi', lines: [`Prezzi aggiornati: ${res.updated}`, ...lines] });
      else setResult({ severity: 'warn', title: 'Risultato aggiornamento prezzi', lines: ['Nessun prezzo è stato aggiornato', ...lines] });
    } catch (err) {
      notify('error', serverText(err, "Errore nell'aggiornamento dei prezzi"));
    } finally {
      setProgress(null);
      setBusy(false);
    }
  }, [cache, currentRows, documentId, highlight, mutateRows, notify, done, setBusy, setDialog, setProgress, setResult]);
}
