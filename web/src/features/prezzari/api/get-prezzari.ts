import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { browseResponse } from '@shared/api/prezzari.ts';
import { PREZZARIO_PAGE_SIZE } from '@/features/prezzari/constants.ts';
import type { PriceItem, PriceListInfo, PrezzarioSource } from '@/features/prezzari/types.ts';

export interface PrezzariQuery {
  source: PrezzarioSource;
  key?: string;
  anno?: number;
  page: number;
  search?: string;
}

export interface PrezzariPage {
  items: PriceItem[];
  total: number;
  lists: PriceListInfo[];
  list: PriceListInfo | null;
}

/** GET /api/prezzari: one page of a loaded list and the lists of that source. */
export async function getPrezzari(q: PrezzariQuery): Promise<PrezzariPage> {
  const res = await apiCall(browseResponse, '/api/prezzari', {
    query: { source: q.source, key: q.key, anno: q.anno, page: q.page, per_page: PREZZARIO_PAGE_SIZE, search: q.search?.trim() },
  });
  return {
    items: res.data.map((item) => item.attributes),
    total: res.meta['total-count'],
    lists: res.meta.lists,
    list: res.meta.list,
  };
}

export function usePrezzari(q: PrezzariQuery, enabled: boolean) {
  return useSWR(enabled ? ['/api/prezzari', q.source, q.key ?? '', q.anno ?? '', q.page, q.search ?? ''] : null, () => getPrezzari(q), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
