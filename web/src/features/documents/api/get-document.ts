import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { documentResponse } from '@shared/api/documents.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

/** While a document is processing its progress is re-read every second. */
export const DOCUMENT_POLL_MS = 1000;

export async function getDocument(id: number | string, signal?: AbortSignal): Promise<DocumentItem> {
  const res = await apiCall(documentResponse, `/api/documents/${id}`, { signal });
  return res.data.attributes;
}

export const documentKey = (id: string) => ['/api/documents/{id}', id] as const;

export function useDocument(id: string | undefined) {
  return useSWR(id ? documentKey(id) : null, ([, docId]) => getDocument(docId), {
    revalidateOnFocus: false,
    // A 404 is an answer, not a blip: no retry loop.
    shouldRetryOnError: false,
    // Only a running analysis moves (completed_at unset); a status set to processing by hand does not.
    refreshInterval: (data) => (data?.status === 'processing' && !data.completed_at ? DOCUMENT_POLL_MS : 0),
  });
}
