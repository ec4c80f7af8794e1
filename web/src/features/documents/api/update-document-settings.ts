import { useCallback, useState } from 'react';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { settingsResponse } from '@shared/api/documents.ts';
import type { DocumentItem, RowsTotals } from '@/features/documents/types.ts';
import type { RecordedOperationOut } from '@shared/api/operations.ts';
import { toTotals } from './row-results.ts';

export interface SettingsResult {
  document: DocumentItem;
  totals: RowsTotals;
  updated: number;
  message: string;
  /** The change as an undoable operation ("Annulla"). */
  operation?: RecordedOperationOut;
}

/** PUT /api/documents/{id}/settings: another province or DEI typology, then every row re-priced. */
export async function updateDocumentSettings(id: number, settings: { provincia: string; tipologia_dei: string }): Promise<SettingsResult> {
  const { data } = await apiCall(settingsResponse, `/api/documents/${id}/settings`, { method: 'PUT', body: settings });
  return { document: data.document, totals: toTotals(data.totals), updated: data.updated, message: data.message, ...(data.operation ? { operation: data.operation } : {}) };
}

/** The settings dialog's save: the required fields checked, then the call; `error` in Italian. */
export function useUpdateDocumentSettings(id: number, onSaved: (result: SettingsResult) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useCallback(
    async (provincia: string, tipologia: string | null) => {
      if (!provincia) return setError('La provincia è obbligatoria.');
      if (!tipologia) return setError('La tipologia del prezzario DEI è obbligatoria.');
      setBusy(true);
      setError(null);
      try {
        onSaved(await updateDocumentSettings(id, { provincia, tipologia_dei: tipologia }));
      } catch (err) {
        setError(err instanceof ApiError ? err.message : 'Impossibile aggiornare il documento. Riprova.');
      } finally {
        setBusy(false);
      }
    },
    [id, onSaved],
  );
  return { save, busy, error };
}
