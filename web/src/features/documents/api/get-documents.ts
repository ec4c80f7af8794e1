import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { documentsList } from '@shared/api/documents.ts';
import type { DocumentsPage } from '@/features/documents/types.ts';

/** Spec section 9: the document list shows 10 documents a page. */
export const DOCUMENTS_PAGE_SIZE = 10;
/** While any document is processing, the list is reloaded this often. */
export const DOCUMENTS_POLL_MS = 3000;

export async function getDocuments(page: number, perPage = DOCUMENTS_PAGE_SIZE): Promise<DocumentsPage> {
  const res = await apiCall(documentsList, '/api/documents', { query: { page, per_page: perPage } });
  return {
    documents: res.data.map((item) => item.attributes),
    totalCount: res.meta['total-count'],
    page: res.meta.page,
    perPage: res.meta.per_page,
    counts: res.meta.counts,
  };
}

export const documentsKey = (page: number) => ['/api/documents', page] as const;

export function useDocuments(page: number) {
  return useSWR(documentsKey(page), ([, p]) => getDocuments(p), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    refreshInterval: (data) => (data?.documents.some((d) => d.status === 'processing' && !d.completed_at) ? DOCUMENTS_POLL_MS : 0),
  });
}
