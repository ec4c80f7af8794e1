import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { suggestionsResponse, type PriceSuggestionOut } from '@shared/api/suggestions.ts';

export type PriceSuggestion = PriceSuggestionOut;

/** GET /api/rows/{id}/suggestions: the articles most like the row, best first. */
export async function getRowSuggestions(rowId: number, limit = 5): Promise<PriceSuggestion[]> {
  const res = await apiCall(suggestionsResponse, `/api/rows/${rowId}/suggestions`, { query: { limit } });
  return res.data.map((d) => d.attributes);
}

export function useRowSuggestions(rowId: number | null) {
  return useSWR(rowId ? ['/api/rows/{id}/suggestions', rowId] : null, ([, id]) => getRowSuggestions(id), { revalidateOnFocus: false, shouldRetryOnError: false });
}
