import { useEffect, useRef } from 'react';
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

export const documentRowsKey = (id: string) => ['/api/documents/{id}/rows', id] as const;

/**
 * The rows are asked for at once, beside the document (not after it); `version` (the document's
 * status) reloads them when it changes, e.g. when the analysis ends.
 */
export function useDocumentRows(id: string | undefined, version: string | undefined) {
  const rows = useSWR(id ? documentRowsKey(id) : null, ([, docId]) => getDocumentRows(docId), {
    revalidateOnFocus: false,
  });
  const seen = useRef(version);
  const { mutate } = rows;
  useEffect(() => {
    if (version === seen.current) return;
    const before = seen.current;
    seen.current = version;
    if (before !== undefined) void mutate();
  }, [version, mutate]);
  return rows;
}
