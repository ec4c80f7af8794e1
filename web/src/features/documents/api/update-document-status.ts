import { useCallback, useState } from 'react';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { isDocumentStatus, statusLabel, type DocumentStatus } from '@shared/domain/status.ts';
import { documentStatusResponse } from '@shared/api/documents.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

export async function updateDocumentStatus(id: number, status: DocumentStatus): Promise<{ document: DocumentItem; message?: string }> {
  const res = await apiCall(documentStatusResponse, `/api/documents/${id}/status`, { method: 'PUT', body: { status } });
  return { document: res.data.attributes, message: res.meta.message };
}

/** The status editor's save; true when the status was changed. */
export function useUpdateDocumentStatus(document: DocumentItem, onSaved: (doc: DocumentItem) => void, notify: (severity: 'success' | 'error', text: string) => void) {
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (value: DocumentStatus | null): Promise<boolean> => {
      if (!value || !isDocumentStatus(value)) {
        notify('error', 'Seleziona uno stato valido');
        return false;
      }
      setSaving(true);
      try {
        const { document: updated } = await updateDocumentStatus(document.id, value);
        onSaved({ ...document, ...updated, status: value });
        notify('success', `Stato documento aggiornato a: ${statusLabel(value)}`);
        return true;
      } catch (err) {
        // A refusal the server explains (a status that cannot be set by hand) is shown as it says.
        notify('error', err instanceof ApiError && err.status === 400 ? err.message : "Errore durante l'aggiornamento dello stato del documento");
        return false;
      } finally {
        setSaving(false);
      }
    },
    [document, notify, onSaved],
  );
  return { save, saving };
}
