import { gunzipSync, gzipSync } from 'node:zlib';
import type { AppContext } from '../config/context.ts';
import { fold, searchTerms } from '../../shared/text.ts';
import { getBlob, putBlob } from '../storage/blobs.ts';
import type { PriceItem } from '../storage/repositories/price-lists.ts';

/**
 * One version of a price list, written once when it is confirmed and never changed: its items
 * in code order (code-prefix search is a binary search, lookups a hash map) and an inverted
 * index from folded description words to item positions (word-prefix search over sorted terms).
 * It is one blob, written whole before the list's pointer moves to it, so readers never see a
 * half-written list; Lambdas keep the versions they use in memory.
 */
export interface StoredIndex {
  version: string;
  items: PriceItem[];
  terms: Record<string, number[]>;
}

export interface LoadedIndex extends StoredIndex {
  codesFolded: string[];
  sortedTerms: string[];
  /** Items by code; CSV data may hold several per code (stored as CODE#n). */
  byCode: Map<string, PriceItem[]>;
}

export const indexKey = (version: string) => `price-index/${version}.json.gz`;

export function buildIndex(version: string, items: PriceItem[]): StoredIndex {
  const sorted = [...items].sort((a, b) => (a.codice < b.codice ? -1 : a.codice > b.codice ? 1 : 0));
  const terms: Record<string, number[]> = {};
  sorted.forEach((item, i) => {
    for (const t of searchTerms(`${item.descrizione} ${item.codice_originale}`)) (terms[t] ??= []).push(i);
  });
  return { version, items: sorted, terms };
}

export async function storeIndex(ctx: AppContext, index: StoredIndex): Promise<void> {
  await putBlob(ctx, indexKey(index.version), gzipSync(JSON.stringify(index)), 'application/gzip');
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
    const stored = JSON.parse(gunzipSync(raw).toString('utf8')) as StoredIndex;
    const byCode = new Map<string, PriceItem[]>();
    for (const item of stored.items) {
      const code = item.codice.split('#')[0];
      const list = byCode.get(code);
      if (list) list.push(item);
      else byCode.set(code, [item]);
    }
    return { ...stored, codesFolded: stored.items.map((i) => fold(i.codice)), sortedTerms: Object.keys(stored.terms).sort(), byCode };
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

/** Positions of items having a word that starts with `word`. */
function byWordPrefix(index: LoadedIndex, word: string): Set<number> {
  const out = new Set<number>();
  for (let i = lowerBound(index.sortedTerms, word); i < index.sortedTerms.length && index.sortedTerms[i].startsWith(word); i++) {
    for (const p of index.terms[index.sortedTerms[i]]) out.add(p);
  }
  return out;
}

/**
 * Items matching the query: by code prefix, or by every word of the description (each word a
 * prefix, accents and case folded). Results in code order, at most `limit`.
 */
export function searchIndex(index: LoadedIndex, query: string, limit: number): { items: PriceItem[]; total: number } {
  const q = fold(query.trim());
  if (!q) return { items: index.items.slice(0, limit), total: index.items.length };
  const codeHits = byCodePrefix(index, q.replace(/\s+/g, ''));
  let positions: number[];
  if (codeHits.length) positions = codeHits;
  else {
    const words = q.split(/[^a-z0-9]+/).filter((w) => w.length >= 2);
    if (!words.length) return { items: [], total: 0 };
    let acc: Set<number> | undefined;
    for (const w of words.sort((a, b) => b.length - a.length)) {
      const hits = byWordPrefix(index, w);
      const current: Set<number> = acc ?? hits;
      acc = acc ? new Set([...current].filter((p: number) => hits.has(p))) : hits;
      if (!acc.size) break;
    }
    positions = [...(acc ?? new Set<number>())].sort((a, b) => a - b);
  }
  return { items: positions.slice(0, limit).map((p) => index.items[p]), total: positions.length };
}

