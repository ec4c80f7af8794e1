import { useCallback, useState } from 'react';
import { downloadAs } from '@/lib/download.ts';
import { ApiError } from '@/lib/api-client.ts';

export const VERIFICATION_EXPORT_ERROR = 'Errore nella creazione del rapporto di verifica';

/** GET /api/documents/{id}/verification/export: the review as a PDF report, saved as verifica_{id}.pdf. */
export const exportVerification = (id: number | string): Promise<void> =>
  downloadAs(`/api/documents/${id}/verification/export`, `verifica_${id}.pdf`, VERIFICATION_EXPORT_ERROR);

/** "Scarica rapporto PDF": `busy` while it downloads, `error` in Italian when it fails. */
export function useExportVerification(id: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      await exportVerification(id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : VERIFICATION_EXPORT_ERROR);
    } finally {
      setBusy(false);
    }
  }, [id]);
  return { download, busy, error };
}
