import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { documentsList } from '@shared/api/documents.ts';

/** The documents the user may read (the first 100, newest first): what the "Confronta con…" dialog offers. */
export async function getReadableDocuments() {
  const res = await apiCall(documentsList, '/api/documents', { query: { page: 1, per_page: 100 } });
  return res.data.map((d) => d.attributes);
}

export function useReadableDocuments(open: boolean) {
  return useSWR(open ? ['/api/documents', 'comparison-choice'] : null, () => getReadableDocuments(), { revalidateOnFocus: false });
}
