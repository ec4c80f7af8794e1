import { gunzipSync, gzipSync } from 'node:zlib';
import MiniSearch, { type AsPlainObject, type Options, type Query, type SearchOptions } from 'minisearch';
import type { AppContext } from '../config/context.ts';
import { fold } from '../../shared/text.ts';
import { getBlob, putBlob } from '../storage/blobs.ts';
import type { PriceItem } from '../storage/repositories/price-lists.ts';
import { termOf, titleOf, tokenize, words } from './terms.ts';

/**
 * One version of a price list, written once when it is confirmed and never changed: its items
 * in code order (code-prefix search is a binary search, lookups a hash map) and a MiniSearch
 * full-text index of the descriptions (BM25 ranking, Italian stems, prefix and typo tolerance).
 * It is one blob, written whole before the list's pointer moves to it, so readers never see a
 * half-written list; Lambdas keep the versions they use in memory.
 *
 * Why MiniSearch rather than Orama (tests/bench/search-libraries.ts, 250,000 articles on this
 * machine): MiniSearch builds in about half the time, takes 200 MB of heap against Orama's
 * 500 MB, serialises to 39 MB of JSON against 221 MB, and answers the query mix at p50 under
 * 1 ms against 170 ms. Orama's Italian stemmer (@orama/stemmers) is used with MiniSearch too.
 */
export interface StoredIndex {
  version: string;
  items: PriceItem[];
  /** MiniSearch's own serialisation (ids are positions in `items`); absent in blobs written before it. */
  search?: AsPlainObject;
}

export interface LoadedIndex {
  version: string;
  items: PriceItem[];
  codesFolded: string[];
  /** Items by code; CSV data may hold several per code (stored as CODE#n). */
  byCode: Map<string, PriceItem[]>;
  search: MiniSearch<number>;
  /** Ranked answers of recent queries, so the next page of a query costs nothing. */
  recent: Map<string, Ranked>;
}

export const indexKey = (version: string) => `price-index/${version}.json.gz`;

/**
 * One field: the title (first clause) and then the whole description, so title words count
 * twice in BM25 without a second field (a second field, or indexing the unstemmed words too,
 * doubled the index and the confirm time on 250,000 articles).
 */
const FIELDS = ['testo'];

function options(items: PriceItem[]): Options<number> {
  return {
    fields: FIELDS,
    idField: 'id',
    tokenize,
    processTerm: (term) => termOf(term),
    extractField: (i, field) => (field === 'id' ? (i as unknown as string) : `${titleOf(items[i].descrizione)} ${items[i].descrizione}`),
  };
}

function newSearch(items: PriceItem[]): MiniSearch<number> {
  const ms = new MiniSearch<number>(options(items));
  ms.addAll(items.map((_, i) => i));
  return ms;
}

export function buildIndex(version: string, items: PriceItem[]): StoredIndex {
  const sorted = [...items].sort((a, b) => (a.codice < b.codice ? -1 : a.codice > b.codice ? 1 : 0));
  return { version, items: sorted, search: newSearch(sorted).toJSON() };
}

export function serialiseIndex(index: StoredIndex): Buffer {
  return gzipSync(JSON.stringify(index), { level: 1 });
}

export async function storeIndex(ctx: AppContext, index: StoredIndex): Promise<void> {
  await putBlob(ctx, indexKey(index.version), serialiseIndex(index), 'application/gzip');
}

export function loadStoredIndex(stored: StoredIndex): LoadedIndex {
  const byCode = new Map<string, PriceItem[]>();
  for (const item of stored.items) {
    const code = item.codice.split('#')[0];
    const list = byCode.get(code);
    if (list) list.push(item);
    else byCode.set(code, [item]);
  }
  const search = stored.search ? MiniSearch.loadJS<number>(stored.search, options(stored.items)) : newSearch(stored.items);
  return { version: stored.version, items: stored.items, codesFolded: stored.items.map((i) => fold(i.codice)), byCode, search, recent: new Map() };
}

/** Indexes are immutable per version: cache the most recent few in memory. */
const CACHE_LIMIT = 24;
const cache = new Map<string, Promise<LoadedIndex | null>>();

export function loadIndex(ctx: AppContext, version: string): Promise<LoadedIndex | null> {
  let hit = cache.get(version);
  if (hit) {
    cache.delete(version);
    cache.set(version, hit);
    return hit;
  }
  hit = (async () => {
    const raw = await getBlob(ctx, indexKey(version));
    if (!raw) return null;
    return loadStoredIndex(JSON.parse(gunzipSync(raw).toString('utf8')) as StoredIndex);
  })();
  hit.catch(() => cache.delete(version));
  cache.set(version, hit);
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return hit;
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Positions of items whose code starts with the prefix (folded). */
function byCodePrefix(index: LoadedIndex, prefix: string): number[] {
  const out: number[] = [];
  for (let i = lowerBound(index.codesFolded, prefix); i < index.codesFolded.length && index.codesFolded[i].startsWith(prefix); i++) out.push(i);
  return out;
}

/** 0: the exact code, 1: a code starting with the query, 2: a description match ranked by score. */
export type Tier = 0 | 1 | 2;

export interface RankedHit {
  item: PriceItem;
  tier: Tier;
  score: number;
  /** The index terms (stems) the description matched: what the highlighter marks. */
  terms: string[];
}

interface Ranked {
  positions: Int32Array;
  tiers: Uint8Array;
  scores: Float64Array;
  terms: string[][];
}

/** Words of two characters or fewer are matched whole; longer ones also as prefixes of longer words. */
const prefix = (term: string) => term.length >= 4;
/** One typo forgiven from 5 characters of stem, two from 8. */
const fuzzy = (term: string) => (/\d/.test(term) ? false : term.length >= 8 ? 2 : term.length >= 5 ? 1 : false);

const TEXT_SEARCH: SearchOptions = { weights: { prefix: 0.4, fuzzy: 0.35 } };
const asIs = (term: string) => term;

/**
 * Every word of the query must match (AND), each by its stem (exact, as a prefix from four
 * letters, or with typos when asked) or, for a word still being typed, as the beginning of a
 * stem ("sezi" finds "sezion") or a stem it begins with ("sbancam" finds "sbanc", the stem of
 * "sbancamento"), the last two weighing less.
 */
function textQuery(query: string, typos: boolean): Query | null {
  const queries: Query[] = [];
  for (const word of tokenize(query)) {
    const stem = termOf(word);
    if (!stem) continue;
    const forms: Query[] = [{ queries: [stem], combineWith: 'OR', processTerm: asIs, prefix, fuzzy: typos ? fuzzy : false }];
    const typed = fold(word);
    if (typed.length >= 3 && !/\d/.test(typed)) {
      if (typed !== stem) forms.push({ queries: [typed], combineWith: 'OR', processTerm: asIs, prefix: true, fuzzy: false, boost: { testo: 0.5 } });
      const shorter: string[] = [];
      for (let n = typed.length - 1; n >= Math.max(4, typed.length - 4); n--) if (typed.slice(0, n) !== stem) shorter.push(typed.slice(0, n));
      if (shorter.length) forms.push({ queries: [shorter.join(' ')], combineWith: 'OR', processTerm: asIs, prefix: false, fuzzy: false, boost: { testo: 0.3 } });
    }
    queries.push(forms.length > 1 ? { combineWith: 'OR', queries: forms } : forms[0]);
  }
  return queries.length ? { combineWith: 'AND', queries } : null;
}

function rank(index: LoadedIndex, query: string): Ranked {
  const q = fold(query.trim());
  const code = q.replace(/\s+/g, '');
  let codeHits = code ? byCodePrefix(index, code) : [];
  // A piece of a code ("001.007"): the codes that contain it, in code order.
  if (!codeHits.length && /\d/.test(code) && /[._\-/]/.test(code) && /^[a-z0-9._\-/]+$/.test(code)) {
    codeHits = [];
    for (let i = 0; i < index.codesFolded.length; i++) if (index.codesFolded[i].includes(code)) codeHits.push(i);
  }
  if (codeHits.length) {
    // The exact code first, then the codes it begins, in code order.
    const exact = codeHits.filter((p) => index.codesFolded[p].split('#')[0] === code);
    const rest = codeHits.filter((p) => index.codesFolded[p].split('#')[0] !== code);
    const positions = Int32Array.from([...exact, ...rest]);
    return { positions, tiers: Uint8Array.from(positions, (_, k) => (k < exact.length ? 0 : 1)), scores: new Float64Array(positions.length), terms: [] };
  }
  const exact = textQuery(query, false);
  let results = exact ? index.search.search(exact, TEXT_SEARCH) : [];
  // Nothing as typed: forgive one or two typos on the longer words.
  if (!results.length && exact) results = index.search.search(textQuery(query, true)!, TEXT_SEARCH);
  return {
    positions: Int32Array.from(results, (r) => r.id as number),
    tiers: new Uint8Array(results.length).fill(2),
    scores: Float64Array.from(results, (r) => r.score),
    terms: results.map((r) => r.terms),
  };
}

function ranked(index: LoadedIndex, query: string): Ranked {
  const key = query.trim();
  let hit = index.recent.get(key);
  if (!hit) {
    hit = rank(index, key);
    index.recent.set(key, hit);
    if (index.recent.size > 64) index.recent.delete(index.recent.keys().next().value!);
  }
  return hit;
}

/**
 * Items matching the query, best first: the exact code, then codes beginning with the query,
 * then descriptions containing every word (Italian inflections, prefixes, and one or two typos
 * on longer words when nothing matches as typed), by BM25 relevance with title words weighing
 * more. At most `limit` (after skipping `offset`); `total` counts them all.
 */
export function rankIndex(index: LoadedIndex, query: string, limit: number, offset = 0): { hits: RankedHit[]; total: number } {
  if (!query.trim()) {
    return { hits: index.items.slice(offset, offset + limit).map((item) => ({ item, tier: 2, score: 0, terms: [] })), total: index.items.length };
  }
  const r = ranked(index, query);
  const hits: RankedHit[] = [];
  for (let k = offset; k < Math.min(r.positions.length, offset + limit); k++) {
    hits.push({ item: index.items[r.positions[k]], tier: r.tiers[k] as Tier, score: r.scores[k], terms: r.terms[k] ?? [] });
  }
  return { hits, total: r.positions.length };
}

/** Items matching the query (see rankIndex); an empty query lists the items in code order. */
export function searchIndex(index: LoadedIndex, query: string, limit: number): { items: PriceItem[]; total: number } {
  const { hits, total } = rankIndex(index, query, limit);
  return { items: hits.map((h) => h.item), total };
}

/**
 * Articles whose description resembles `text`: any of its words counts (OR), rarer words and
 * title words weigh more. Suggestions re-rank these by similarity.
 */
export function similarIn(index: LoadedIndex, text: string, limit: number): Array<{ item: PriceItem; score: number }> {
  const query = [...new Set(words(text).map((w) => w.word).filter((w) => termOf(w)))].slice(0, 40).join(' ');
  if (!query) return [];
  return index.search
    .search(query, { combineWith: 'OR', prefix: false, fuzzy: false })
    .slice(0, limit)
    .map((r) => ({ item: index.items[r.id as number], score: r.score }));
}

/** [start, end) ranges of the words of `text` whose term is one of `terms`. */
export function highlightRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  if (!terms.length) return [];
  const wanted = new Set(terms);
  return words(text)
    .filter((w) => {
      const t = termOf(w.word);
      return t !== null && (wanted.has(t) || wanted.has(fold(w.word)));
    })
    .map((w) => [w.start, w.end] as [number, number]);
}
