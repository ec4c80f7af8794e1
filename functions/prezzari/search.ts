import type { AppContext } from '../config/context.ts';
import { fold } from '../../shared/domain/fold.ts';
import { findProvince } from '../../shared/domain/provinces.ts';
import { SOURCE_LABEL, type PriceListHead } from '../../shared/domain/pricing.ts';
import { listHeadsForSearch, type PriceItem } from '../storage/repositories/price-lists.ts';
import { highlightRanges, loadIndex, rankIndex, similarIn, type RankedHit } from './search-index.ts';
import { termsOf } from './terms.ts';

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

/** Where the query matched, as [start, end) character ranges, for <mark> in the results. */
export interface Highlights {
  codice: Array<[number, number]>;
  descrizione: Array<[number, number]>;
}

export interface SearchHit extends PriceItem {
  id: string;
  tariffa: string;
  source: string;
  source_label: string;
  list_key: string;
  list_year: number;
  highlights?: Highlights;
}

export function hit(head: PriceListHead, item: PriceItem, ranked?: Pick<RankedHit, 'tier' | 'terms'>, query?: string): SearchHit {
  const codice = item.codice_originale || item.codice.split('#')[0];
  const out: SearchHit = {
    ...item,
    id: `${head.list_id}|${item.codice}`,
    codice,
    tariffa: codice,
    source: head.source,
    source_label: SOURCE_LABEL[head.source],
    list_key: head.key,
    list_year: head.year,
  };
  if (ranked && query) {
    const piece = fold(query).replace(/\s+/g, '');
    const at = ranked.tier < 2 && piece ? fold(codice).indexOf(piece) : -1;
    out.highlights = { codice: at >= 0 ? [[at, at + piece.length]] : [], descrizione: highlightRanges(item.descrizione, ranked.terms) };
  }
  return out;
}

/**
 * Searches the indexes of the current versions of the chosen lists and merges their answers by
 * rank (exact code, code prefix, then relevance; newer year first on a tie). Returns the first
 * `limit` hits and the total.
 */
export interface PriceSearchResult {
  items: SearchHit[];
  total: number;
  /** Words of the query no list had together with the others: the items are for `used_words`. */
  missing_words: string[];
  used_words: string[];
}

export async function searchPriceLists(ctx: AppContext, q: string, filters: SearchFilters, limit: number): Promise<PriceSearchResult> {
  const lists = listsFor(await listHeadsForSearch(ctx), filters).sort((a, b) => b.year - a.year || a.source.localeCompare(b.source) || a.key.localeCompare(b.key));
  const found: Array<{ head: PriceListHead; hit: RankedHit; order: number }> = [];
  let total = 0;
  // Words are missing only when no list found them with the others.
  let missing: string[] | null = null;
  let used: string[] = [];
  for (const head of lists) {
    const index = await loadIndex(ctx, head.version);
    if (!index) continue;
    const ranked = rankIndex(index, q, limit);
    total += ranked.total;
    for (const h of ranked.hits) found.push({ head, hit: h, order: found.length });
    if (!ranked.total) continue;
    if (!ranked.missing.length) missing = [];
    else if (missing === null || (missing.length && ranked.missing.length < missing.length)) {
      missing = ranked.missing;
      used = ranked.used;
    }
  }
  found.sort((a, b) => a.hit.tier - b.hit.tier || b.hit.score - a.hit.score || a.order - b.order);
  const words = missing ?? [];
  return { items: found.slice(0, limit).map((f) => hit(f.head, f.hit.item, f.hit, q)), total, missing_words: words, used_words: words.length ? used : [] };
}

/**
 * Articles of the chosen lists most like a description (any of its words, the rarer and the
 * name's weighing more): what "Cerca nel prezzario" shows for a row whose code no list has
 * (a new price, NP_OC062). Highlights mark the words they share.
 */
export async function similarInPriceLists(ctx: AppContext, text: string, filters: SearchFilters, limit: number): Promise<{ items: SearchHit[]; total: number }> {
  const lists = listsFor(await listHeadsForSearch(ctx), filters).sort((a, b) => b.year - a.year || a.source.localeCompare(b.source) || a.key.localeCompare(b.key));
  const terms = termsOf(text);
  const found: Array<{ head: PriceListHead; item: PriceItem; score: number }> = [];
  for (const head of lists) {
    const index = await loadIndex(ctx, head.version);
    if (!index) continue;
    for (const f of similarIn(index, text, limit)) found.push({ head, item: f.item, score: f.score });
  }
  found.sort((a, b) => b.score - a.score);
  const items = found.slice(0, limit).map((f) => hit(f.head, f.item, { tier: 2, terms }, text));
  return { items, total: items.length };
}
