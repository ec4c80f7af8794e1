import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { rowCountResponse } from '@shared/api/documents.ts';

/** A failure counts as 0 rows (spec section 7). */
export async function getRowCount(id: number | string): Promise<number> {
  try {
    const res = await apiCall(rowCountResponse, `/api/documents/${id}/row-count`, { retries: 0 });
    return res.data.row_count;
  } catch {
    return 0;
  }
}

/** `version` (the document status) makes the count reload when the analysis ends. */
export function useRowCount(id: number, version: string) {
  return useSWR(['/api/documents/{id}/row-count', id, version], ([, docId]) => getRowCount(docId), { revalidateOnFocus: false });
}
