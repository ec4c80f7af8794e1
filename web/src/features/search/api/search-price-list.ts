import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { priceListSearchResponse } from '@shared/api/prezzari.ts';
import type { PriceSearchResult } from '@/features/search/types.ts';

export interface PriceSearchQuery {
  q: string;
  /** A DEI typology value, a province (code or name), 'toscana', 'altro' or empty. */
  tipologiaDeiprovincia?: string;
  anno?: string;
  limit?: number;
  /** From 1: the server ranks once and pages (up to PRICE_SEARCH_MAX_RESULTS). */
  page?: number;
  /** Searched when q finds nothing (a row's description). */
  descrizione?: string;
}

export interface PriceSearchAnswer {
  items: PriceSearchResult[];
  total: number;
  /** Words no article had with the others: the items are for `usedWords`. */
  missingWords: string[];
  usedWords: string[];
  /** True when q found nothing and the items are those most like `descrizione`. */
  fromDescription: boolean;
}

/** GET /api/search/price-list (limit default 20, page default 1). */
export async function searchPriceList({ q, tipologiaDeiprovincia, anno, limit = 20, page = 1, descrizione }: PriceSearchQuery): Promise<PriceSearchAnswer> {
  const res = await apiCall(priceListSearchResponse, '/api/search/price-list', { query: { q: q.trim(), tipologiaDeiprovincia, anno, limit, page, descrizione: descrizione || undefined } });
  return {
    items: res.data.map((item) => item.attributes),
    total: res.meta['total-count'],
    missingWords: res.meta.missing_words ?? [],
    usedWords: res.meta.used_words ?? [],
    fromDescription: res.meta.from_description ?? false,
  };
}

export function usePriceSearch(query: PriceSearchQuery | null) {
  return useSWR(
    query ? ['/api/search/price-list', query.q, query.tipologiaDeiprovincia ?? '', query.anno ?? '', query.limit ?? 20, query.page ?? 1, query.descrizione ?? ''] : null,
    () => searchPriceList(query!),
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false },
  );
}
