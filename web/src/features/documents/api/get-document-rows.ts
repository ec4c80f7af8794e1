import useSWR from 'swr';
import { apiRequest, flatten } from '../../../lib/api-client.ts';
import type { DocumentRow, DocumentRows, RowsTotals } from '../types.ts';

/** Spec section 9: rows are fetched in one page of up to 50,000. */
export const ROWS_PAGE_SIZE = 50000;

export async function getDocumentRows(id: number | string): Promise<DocumentRows> {
  const res = await apiRequest<{ data: unknown; meta?: { 'total-count'?: number; totals?: RowsTotals } }>(`/api/documents/${id}/rows`, {
    query: { page: 1, per_page: ROWS_PAGE_SIZE },
  });
  // Rows may come as resource items or flat (spec section 3): flatten handles both.
  const rows = flatten<DocumentRow>(res.data).map((r) => ({ ...r, prezzo_unitario: r.prezzo_unitario ?? r.unitario }));
  return { rows, totalCount: res.meta?.['total-count'] ?? rows.length, totals: res.meta?.totals ?? null };
}

/** `version` (e.g. the document status) makes the rows reload when the analysis ends. */
export function useDocumentRows(id: string | undefined, version: string | undefined) {
  return useSWR(id && version ? ['/api/documents/{id}/rows', id, version] : null, ([, docId]) => getDocumentRows(docId), {
    revalidateOnFocus: false,
  });
}
