import { gunzipSync, gzipSync } from 'node:zlib';
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import type { AppContext } from '../config/context.ts';
import { fold } from '../../shared/text.ts';
import { getBlob, putBlob } from '../storage/blobs.ts';
import type { PriceItem } from '../storage/repositories/price-lists.ts';
import { termOf, titleOf, tokenize, words } from './terms.ts';
import { lowerBound, Postings, topOf, type Form, type Scored } from './postings.ts';

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
 * Queries are evaluated over MiniSearch's postings by postings.ts, which scores as MiniSearch does
 * but only sorts the page asked for (a common word on 250,000 articles: 200 ms down to 2 ms).
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
  /** The descriptions' index, evaluated top-k (postings.ts). */
  search: Postings;
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
  const search = new Postings(stored.search ?? newSearch(stored.items).toJSON());
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

/**
 * The version this process just published goes straight into the cache, so the first search
 * after a confirm does not read and parse the blob back (seconds for 250,000 articles).
 */
export function rememberIndex(stored: StoredIndex): void {
  cache.set(stored.version, Promise.resolve(loadStoredIndex(stored)));
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
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

/** A query's answer: code hits in order, or scored descriptions sorted lazily as pages are asked. */
interface Ranked {
  /** Code hits: the exact code (tier 0) first, then codes beginning with the query (tier 1). */
  codes?: { positions: Int32Array; exact: number };
  text?: { scored: Scored; sorted: number[] };
  total: number;
}

/** Words of two characters or fewer are matched whole; longer ones also as prefixes of longer words. */
const prefix = (term: string) => term.length >= 4;
/** One typo forgiven from 5 characters of stem, two from 8. */
const fuzzy = (term: string) => (/\d/.test(term) ? 0 : term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0);

/**
 * Every word of the query must match (AND), each by its stem (exact, as a prefix from four
 * letters, or with typos when asked) or, for a word still being typed, as the beginning of a
 * stem ("sezi" finds "sezion") or a stem it begins with ("sbancam" finds "sbanc", the stem of
 * "sbancamento"), the last two weighing less.
 */
function textQuery(query: string, typos: boolean): Form[][] {
  const out: Form[][] = [];
  const seen = new Set<string>();
  for (const word of tokenize(query)) {
    const stem = termOf(word);
    // A word said twice asks nothing more.
    if (!stem || seen.has(fold(word))) continue;
    seen.add(fold(word));
    const forms: Form[] = [{ text: stem, prefix: prefix(stem), fuzzy: typos ? fuzzy(stem) : 0, boost: 1 }];
    const typed = fold(word);
    if (typed.length >= 3 && !/\d/.test(typed)) {
      if (typed !== stem) forms.push({ text: typed, prefix: true, fuzzy: 0, boost: 0.5 });
      for (let n = typed.length - 1; n >= Math.max(4, typed.length - 4); n--) {
        if (typed.slice(0, n) !== stem) forms.push({ text: typed.slice(0, n), prefix: false, fuzzy: 0, boost: 0.3 });
      }
    }
    out.push(forms);
  }
  return out;
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
    return { codes: { positions: Int32Array.from([...exact, ...rest]), exact: exact.length }, total: codeHits.length };
  }
  const words = textQuery(query, false);
  if (!words.length) return { total: 0 };
  let scored = index.search.evaluate(words, true);
  // Nothing as typed: forgive one or two typos on the longer words.
  if (!scored.docs.length) scored = index.search.evaluate(textQuery(query, true), true);
  return { text: { scored, sorted: [] }, total: scored.docs.length };
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
  const end = Math.min(r.total, offset + limit);
  const hits: RankedHit[] = [];
  if (r.codes) {
    for (let k = offset; k < end; k++) hits.push({ item: index.items[r.codes.positions[k]], tier: k < r.codes.exact ? 0 : 1, score: 0, terms: [] });
  } else if (r.text) {
    const t = r.text;
    if (t.sorted.length < end) t.sorted = topOf(t.scored, Math.max(end, 2 * t.sorted.length));
    for (let k = offset; k < end; k++) {
      const doc = t.scored.docs[t.sorted[k]];
      hits.push({ item: index.items[doc], tier: 2, score: t.scored.scores[t.sorted[k]], terms: index.search.matchedTerms(t.scored, doc) });
    }
  }
  return { hits, total: r.total };
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
  const terms = [...new Set(words(text).map((w) => termOf(w.word)).filter((t): t is string => !!t))].slice(0, 40);
  if (!terms.length) return [];
  const scored = index.search.evaluate(terms.map((t) => [{ text: t, prefix: false, fuzzy: 0, boost: 1 }]), false);
  return topOf(scored, limit).map((i) => ({ item: index.items[scored.docs[i]], score: scored.scores[i] }));
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
