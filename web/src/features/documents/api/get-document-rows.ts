import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { documentRowsList } from '@shared/api/documents.ts';
import type { DocumentRows } from '@/features/documents/types.ts';
import { toTotals } from './row-results.ts';

/** Spec section 9: rows are fetched in one page of up to 50,000. */
export const ROWS_PAGE_SIZE = 50000;

export async function getDocumentRows(id: number | string): Promise<DocumentRows> {
  const res = await apiCall(documentRowsList, `/api/documents/${id}/rows`, { query: { page: 1, per_page: ROWS_PAGE_SIZE } });
  return { rows: res.data.map((item) => item.attributes), totalCount: res.meta['total-count'], totals: toTotals(res.meta.totals) };
}

/** `version` (e.g. the document status) makes the rows reload when the analysis ends. */
export function useDocumentRows(id: string | undefined, version: string | undefined) {
  return useSWR(id && version ? ['/api/documents/{id}/rows', id, version] : null, ([, docId]) => getDocumentRows(docId), {
    revalidateOnFocus: false,
  });
}
