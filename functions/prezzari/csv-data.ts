import type { AppContext } from '../config/context.ts';
import { listHeads } from '../storage/repositories/price-lists.ts';
import { hit, type SearchHit } from './search.ts';
import { loadIndex, searchIndex } from './search-index.ts';

/** CSV data: one list, searched by code prefix or description words, a page at a time. */
export async function searchCsvData(ctx: AppContext, q: string, page: number, perPage: number): Promise<{ items: SearchHit[]; total: number }> {
  const head = (await listHeads(ctx)).find((h) => h.source === 'csv');
  if (!head) return { items: [], total: 0 };
  const index = await loadIndex(ctx, head.version);
  if (!index) return { items: [], total: 0 };
  const found = searchIndex(index, q, page * perPage);
  return { items: found.items.slice((page - 1) * perPage).map((i) => hit(head, i)), total: found.total };
}
