import useSWR from 'swr';
import { apiRequest, flatten } from '../../../lib/api-client.ts';
import type { PriceSearchResult } from '../types.ts';

export interface PriceSearchQuery {
  q: string;
  /** A DEI typology value, a province (code or name), 'toscana', 'altro' or empty. */
  tipologiaDeiprovincia?: string;
  anno?: string;
  limit?: number;
}

export interface PriceSearchAnswer {
  items: PriceSearchResult[];
  total: number;
}

/** GET /api/search/price-list (limit default 20). */
export async function searchPriceList({ q, tipologiaDeiprovincia, anno, limit = 20 }: PriceSearchQuery): Promise<PriceSearchAnswer> {
  const res = await apiRequest<{ data: unknown; meta?: { 'total-count'?: number } }>('/api/search/price-list', {
    query: { q: q.trim(), tipologiaDeiprovincia, anno, limit },
  });
  const raw = Array.isArray(res.data) ? res.data : ((res.data as { data?: unknown; results?: unknown })?.data ?? (res.data as { results?: unknown })?.results);
  const items = flatten<PriceSearchResult>(raw);
  return { items, total: Number(res.meta?.['total-count'] ?? items.length) };
}

export function usePriceSearch(query: PriceSearchQuery | null) {
  return useSWR(
    query ? ['/api/search/price-list', query.q, query.tipologiaDeiprovincia ?? '', query.anno ?? '', query.limit ?? 20] : null,
    () => searchPriceList(query!),
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false },
  );
}
