import useSWR from 'swr';
import { apiRequest, flatten } from '../../../lib/api-client.ts';
import type { DocumentCounts, DocumentItem, DocumentsPage } from '../types.ts';

/** Spec section 9: the document list shows 10 documents a page. */
export const DOCUMENTS_PAGE_SIZE = 10;
/** While any document is processing, the list is reloaded this often. */
export const DOCUMENTS_POLL_MS = 3000;

interface ListResponse {
  data: unknown;
  meta?: { 'total-count'?: number; page?: number; per_page?: number; counts?: Partial<DocumentCounts> };
}

export async function getDocuments(page: number, perPage = DOCUMENTS_PAGE_SIZE): Promise<DocumentsPage> {
  const res = await apiRequest<ListResponse>('/api/documents', { query: { page, per_page: perPage } });
  const documents = flatten<DocumentItem>(res.data);
  const meta = res.meta ?? {};
  const totalCount = meta['total-count'] ?? documents.length;
  return {
    documents,
    totalCount,
    page: meta.page ?? page,
    perPage: meta.per_page ?? perPage,
    counts: {
      total: meta.counts?.total ?? totalCount,
      completed: meta.counts?.completed ?? 0,
      processing: meta.counts?.processing ?? 0,
      failed: meta.counts?.failed ?? 0,
    },
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
