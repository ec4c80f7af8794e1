import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { verificationResponse, type VerificationOut } from '@shared/api/verification.ts';

/** GET /api/documents/{id}/verification: the review with the document's own threshold. */
export async function getVerification(id: number | string, signal?: AbortSignal): Promise<VerificationOut> {
  const res = await apiCall(verificationResponse, `/api/documents/${id}/verification`, { signal });
  return res.data;
}

export const verificationKey = (id: string, revision: string) => ['/api/documents/{id}/verification', id, revision] as const;

/** Read again whenever `revision` changes (the rows or the document were written). */
export function useVerification(id: string, revision: string) {
  return useSWR(verificationKey(id, revision), ([, docId]) => getVerification(docId), { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false });
}
