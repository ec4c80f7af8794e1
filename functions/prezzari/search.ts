import type { AppContext } from '../config/context.ts';
import { findProvince } from '../../shared/domain/provinces.ts';
import { SOURCE_LABEL, type PriceListHead } from '../../shared/domain/pricing.ts';
import { listHeads, type PriceItem } from '../storage/repositories/price-lists.ts';
import { loadIndex, searchIndex } from './search-index.ts';

export interface SearchFilters {
  /** A DEI typology value, a province (code or name), 'toscana' for every Toscana list, or empty. */
  tipologiaDeiprovincia?: string;
  anno?: number;
}

/** Which loaded lists a search covers (CSV data has its own page and search). */
export function listsFor(heads: PriceListHead[], filters: SearchFilters): PriceListHead[] {
  const f = filters.tipologiaDeiprovincia?.trim();
  return heads.filter((h) => {
    if (h.source === 'csv') return false;
    if (filters.anno && h.year !== filters.anno) return false;
    if (!f || f === 'altro') return true;
    if (f.toLowerCase() === 'toscana') return h.source === 'toscana';
    const province = findProvince(f);
    if (province && h.source === 'toscana') return h.key === province.name.toUpperCase();
    return h.source === 'dei' && h.key === f;
  });
}

export interface SearchHit extends PriceItem {
  id: string;
  tariffa: string;
  source: string;
  source_label: string;
  list_key: string;
  list_year: number;
}

export function hit(head: PriceListHead, item: PriceItem): SearchHit {
  const codice = item.codice_originale || item.codice.split('#')[0];
  return {
    ...item,
    id: `${head.list_id}|${item.codice}`,
    codice,
    tariffa: codice,
    source: head.source,
    source_label: SOURCE_LABEL[head.source],
    list_key: head.key,
    list_year: head.year,
  };
}

/** Searches the indexes of the current versions of the chosen lists, newest year first. */
export async function searchPriceLists(ctx: AppContext, q: string, filters: SearchFilters, limit: number): Promise<{ items: SearchHit[]; total: number }> {
  const lists = listsFor(await listHeads(ctx), filters).sort((a, b) => b.year - a.year || a.source.localeCompare(b.source) || a.key.localeCompare(b.key));
  const items: SearchHit[] = [];
  let total = 0;
  for (const head of lists) {
    const index = await loadIndex(ctx, head.version);
    if (!index) continue;
    const found = searchIndex(index, q, Math.max(0, limit - items.length));
    total += found.total;
    items.push(...found.items.map((i) => hit(head, i)));
  }
  return { items, total };
}
