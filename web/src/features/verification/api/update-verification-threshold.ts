import { useCallback, useState } from 'react';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { verificationResponse, type VerificationOut } from '@shared/api/verification.ts';

/** PUT /api/documents/{id}/verification {soglia}: the threshold kept on the document; answers the review again. */
export async function updateVerificationThreshold(id: number | string, soglia: number): Promise<VerificationOut> {
  const res = await apiCall(verificationResponse, `/api/documents/${id}/verification`, { method: 'PUT', body: { soglia } });
  return res.data;
}

/** The threshold's save: `error` in Italian. */
export function useUpdateVerificationThreshold(id: string, onSaved: (result: VerificationOut) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useCallback(
    async (soglia: number | null) => {
      if (soglia === null || !(soglia > 0)) return setError('Indica una soglia maggiore di 0 %.');
      setBusy(true);
      setError(null);
      try {
        onSaved(await updateVerificationThreshold(id, soglia));
      } catch (err) {
        setError(err instanceof ApiError ? err.message : 'Impossibile salvare la soglia. Riprova.');
      } finally {
        setBusy(false);
      }
    },
    [id, onSaved],
  );
  return { save, busy, error };
}
