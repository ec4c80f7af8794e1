import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client.ts';

/** A failure counts as 0 rows (spec section 7). */
export async function getRowCount(id: number | string): Promise<number> {
  try {
    const res = await apiRequest<{ data?: { row_count?: number } }>(`/api/documents/${id}/row-count`, { retries: 0 });
    return Number(res.data?.row_count ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** `version` (the document status) makes the count reload when the analysis ends. */
export function useRowCount(id: number, version: string) {
  return useSWR(['/api/documents/{id}/row-count', id, version], ([, docId]) => getRowCount(docId), { revalidateOnFocus: false });
}
