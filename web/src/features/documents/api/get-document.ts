import { useRef } from 'react';
import useSWR, { preload } from 'swr';
import { documentRowsKey, getDocumentRows } from './get-document-rows.ts';
import { apiCall } from '@/lib/api-client.ts';
import { documentResponse } from '@shared/api/documents.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

/** While a document is processing its progress is re-read every second, once the first seconds are past. */
export const DOCUMENT_POLL_MS = 1000;

/**
 * How long to wait before reading a running analysis again, `elapsedMs` after we started
 * watching it: a text computo is read in well under a second, so the first reads come quickly
 * and the answer shows as soon as it is there; a long or scanned one is then read every second.
 */
export function processingPollMs(elapsedMs: number): number {
  if (elapsedMs < 3000) return 200;
  if (elapsedMs < 10_000) return 500;
  return DOCUMENT_POLL_MS;
}

export async function getDocument(id: number | string, signal?: AbortSignal): Promise<DocumentItem> {
  const res = await apiCall(documentResponse, `/api/documents/${id}`, { signal });
  return res.data.attributes;
}

export const documentKey = (id: string) => ['/api/documents/{id}', id] as const;

/**
 * Starts reading a document and its rows before its page's code has even arrived (the route
 * calls it): the answers are there when the page first renders, instead of being asked then.
 */
export function preloadDocument(id: string): void {
  void preload(documentKey(id), ([, docId]) => getDocument(docId)).catch(() => undefined);
  void preload(documentRowsKey(id), ([, docId]) => getDocumentRows(docId)).catch(() => undefined);
}

export function useDocument(id: string | undefined) {
  const watchingSince = useRef<number | null>(null);
  return useSWR(id ? documentKey(id) : null, ([, docId]) => getDocument(docId), {
    revalidateOnFocus: false,
    // A 404 is an answer, not a blip: no retry loop.
    shouldRetryOnError: false,
    // Only a running analysis moves (completed_at unset); a status set to processing by hand does not.
    refreshInterval: (data) => {
      if (data?.status !== 'processing' || data.completed_at) {
        watchingSince.current = null;
        return 0;
      }
      watchingSince.current ??= Date.now();
      return processingPollMs(Date.now() - watchingSince.current);
    },
  });
}
