import { useCallback, useState } from 'react';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { intestazioneResponse } from '@shared/api/documents.ts';
import { parseIntestazione, type Intestazione } from '@shared/domain/intestazione.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

/**
 * PUT /api/documents/{id}/intestazione: the printout's heading, conditional on the document's
 * version the form was opened with (412 when someone changed the document meanwhile).
 */
export async function updateDocumentIntestazione(id: number, intestazione: Intestazione, baseVersion: number | undefined): Promise<DocumentItem> {
  const { data } = await apiCall(intestazioneResponse, `/api/documents/${id}/intestazione`, { method: 'PUT', body: { ...intestazione, base_version: baseVersion } });
  return data.attributes;
}

/** The heading form's save: the shared rule checks the fields, then the call; `error` in Italian. */
export function useUpdateDocumentIntestazione(document: DocumentItem, onSaved: (doc: DocumentItem) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useCallback(
    async (value: Intestazione) => {
      const parsed = parseIntestazione(value);
      if ('error' in parsed) return setError(parsed.error);
      setBusy(true);
      setError(null);
      try {
        onSaved(await updateDocumentIntestazione(document.id, parsed.value, document.version));
      } catch (err) {
        setError(err instanceof ApiError ? err.message : 'Impossibile salvare l\u2019intestazione. Riprova.');
      } finally {
        setBusy(false);
      }
    },
    [document.id, document.version, onSaved],
  );
  return { save, busy, error };
}
