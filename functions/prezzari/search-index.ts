import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { AppContext } from '../config/context.ts';
import { fold } from '../../shared/domain/fold.ts';
import { getBlob } from '../storage/blobs.ts';
import type { PriceItem } from '../storage/repositories/price-lists.ts';
import { splitName, termOf, tokenize, typosAllowed, words, wordsOf } from './terms.ts';
import { LRUCache } from 'lru-cache';
import SearchableMap from 'minisearch/SearchableMap';
import { buildPostings, lowerBound, Postings, topOf, type PostingsData, type Reach, type Scored } from './postings.ts';
import { addLeadBonus, emptyLeads, fillLeads, type Leads } from './leads.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * One version of a price list, written once when it is confirmed and never changed: its items
 * in code order (code-prefix search is a binary search, lookups a hash map), the postings of its
 * descriptions in three fields (the name, the rest, the title levels; Italian stems) scored by
 * postings.ts, and the list's vocabulary, where typos and words being typed are looked up.
 * It is one blob, written whole before the list's pointer moves to it, so readers never see a
 * half-written list; Lambdas keep the versions they use in memory.
 *
 * Why MiniSearch's radix tree and our own postings (tests/bench/search-libraries.ts, 250,000
 * articles on this machine): MiniSearch built in about half Orama's time, took 200 MB of heap
 * against 500 MB, and answered the query mix at p50 under 1 ms against 170 ms; its SearchableMap
 * still finds the terms a word reaches (prefixes, typos). Its index was then only read to make
 * postings.ts's typed arrays, yet its build was 14 of the 20 s of a confirm and its 140 MB of
 * JSON took 6-10 s to parse on the thread that answers requests: the postings are now built,
 * stored and loaded as typed arrays (the same scores and rankings). Orama's Italian stemmer
 * (@orama/stemmers) makes the terms.
 */
export interface StoredIndex {
  version: string;
  items: PriceItem[];
  /** Layout: 3 is `postings` of three fields (name, rest, titles) and `vocabulary`; anything else is rebuilt from the items. */
  format?: number;
  postings?: PostingsData;
  /** The distinct words of the list as written (folded), for typos and words being typed. */
  vocabulary?: string[];
}

export interface LoadedIndex {
  version: string;
  items: PriceItem[];
  codesFolded: string[];
  /** Items by code; CSV data may hold several per code (stored as CODE#n). */
  byCode: Map<string, PriceItem[]>;
  /** The descriptions' index, evaluated top-k (postings.ts). */
  search: Postings;
  /** Words as written (folded) to their term ids: typos and prefixes are looked for here. */
  vocabulary: SearchableMap<number>;
  /** What each query word reached, for the words asked recently. */
  reaches: LRUCache<string, Reach[]>;
  /** Ranked answers of recent queries, so the next page of a query costs nothing. */
  recent: LRUCache<string, Ranked>;
  /** Every folded code joined by newlines, for pieces of codes. */
  codesJoined: JoinedCodes;
  /** Each article's first terms: the query that names an article finds it first (leads.ts). */
  leads: Leads;
}

/** The blob's name predates its binary layout; kept, so the versions stored before are still found (decodeIndex reads both). */
export const indexKey = (version: string) => `price-index/${version}.json.gz`;

const FORMAT = 3;

/** An article's hierarchy of titles, when its importer kept them. */
const titlesOf = (item: PriceItem) => (item.titoli ?? []).join(' ');

/** An article's three fields: the name (first clause), the rest of the description, the title levels (weights in postings.ts). */
function fieldsOf(item: PriceItem): [string, string, string] {
  const { name, rest } = splitName(item.descrizione);
  return [name, rest, titlesOf(item)];
}

const postingsOf = (items: PriceItem[]) => buildPostings(items.length, (doc) => fieldsOf(items[doc]));

/** The distinct folded words of the list with a meaning for search (no numbers: those match as typed). */
function vocabularyOf(items: PriceItem[]): string[] {
  const seen = new Set<string>();
  for (const item of items) {
    for (const text of [item.descrizione, titlesOf(item)]) {
      for (const { word } of words(text)) {
        const f = fold(word);
        if (f.length >= 2 && !/\d/.test(f)) seen.add(f);
      }
    }
  }
  return [...seen];
}

export function buildIndex(version: string, items: PriceItem[]): StoredIndex {
  const sorted = [...items].sort((a, b) => (a.codice < b.codice ? -1 : a.codice > b.codice ? 1 : 0));
  return { version, items: sorted, format: FORMAT, postings: postingsOf(sorted), vocabulary: vocabularyOf(sorted) };
}

/**
 * The blob: MAGIC, the length of a JSON head (version, items, vocabulary, terms, size), the head,
 * then the postings' offsets, articles and impacts as they lie in memory (little-endian, 4-byte
 * aligned), so that loading them is making views. Compressed in libuv's pool, not on the calling
 * thread (an analysis thread builds it: prezzari/items.ts).
 */
const MAGIC = 'CPX3';

export function serialiseIndex(index: StoredIndex): Promise<Buffer> {
  const postings = index.postings ?? postingsOf(index.items);
  const head = Buffer.from(JSON.stringify({ version: index.version, items: index.items, vocabulary: index.vocabulary ?? vocabularyOf(index.items), terms: postings.terms, size: postings.size }));
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(head.length, 4);
  const padding = Buffer.alloc((4 - ((8 + head.length) % 4)) % 4);
  const bytes = (a: Int32Array | Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return gzipAsync(Buffer.concat([prefix, head, padding, bytes(postings.offsets), bytes(postings.docs), bytes(postings.impacts)]), { level: 1 });
}

/** A stored index from its blob's bytes (gunzipped); a blob of an earlier layout (JSON) gives its items, to be indexed again. */
export function decodeIndex(raw: Buffer): StoredIndex {
  if (raw.toString('latin1', 0, 4) !== MAGIC) return JSON.parse(raw.toString('utf8')) as StoredIndex;
  const headLength = raw.readUInt32LE(4);
  const head = JSON.parse(raw.toString('utf8', 8, 8 + headLength)) as Omit<StoredIndex, 'postings'> & { terms: string[]; size: number };
  let at = 8 + headLength;
  at += (4 - (at % 4)) % 4;
  // Views need 4-byte alignment in the underlying buffer: copied once when the bytes are not aligned.
  const aligned = (raw.byteOffset + at) % 4 === 0 ? raw : Buffer.from(raw);
  const base = aligned.byteOffset;
  const offsets = new Int32Array(aligned.buffer, base + at, head.terms.length + 1);
  at += offsets.byteLength;
  const total = offsets[head.terms.length];
  const docs = new Int32Array(aligned.buffer, base + at, total);
  at += docs.byteLength;
  const impacts = new Float32Array(aligned.buffer, base + at, total);
  return { version: head.version, items: head.items, format: FORMAT, vocabulary: head.vocabulary, postings: { size: head.size, terms: head.terms, offsets, docs, impacts } };
}

/** Query words whose reach an index remembers, and queries whose ranked answer it keeps (least recently used out first). */
const RECENT_WORDS = 4096;
const RECENT_QUERIES = 64;

/** The index in memory; `leadsLater` leaves the articles' first terms to be laid in turns (loadIndex). */
export function loadStoredIndex(stored: StoredIndex, leadsLater = false): LoadedIndex {
  const byCode = new Map<string, PriceItem[]>();
  for (const item of stored.items) {
    const code = item.codice.split('#')[0];
    const list = byCode.get(code);
    if (list) list.push(item);
    else byCode.set(code, [item]);
  }
  // A blob written before the current layout is indexed again from its items.
  const current = stored.format === FORMAT && stored.postings && stored.vocabulary;
  const search = new Postings(current ? stored.postings! : postingsOf(stored.items));
  const entries: Array<[string, number]> = [];
  for (const word of current ? stored.vocabulary! : vocabularyOf(stored.items)) {
    const term = termOf(word);
    const id = term === null ? undefined : search.dictionary.get(term);
    if (id !== undefined) entries.push([word, id]);
  }
  const codesFolded = stored.items.map((i) => fold(i.codice));
  const leads = emptyLeads(stored.items.length, search);
  if (!leadsLater) fillLeads(leads, stored.items);
  return {
    version: stored.version,
    items: stored.items,
    codesFolded,
    codesJoined: joinCodes(codesFolded),
    byCode,
    search,
    leads,
    vocabulary: SearchableMap.from(entries),
    reaches: new LRUCache<string, Reach[]>({ max: RECENT_WORDS }),
    recent: new LRUCache<string, Ranked>({ max: RECENT_QUERIES }),
  };
}

/**
 * Bytes of search indexes kept in memory when the config does not say (`searchIndexCacheBytes`):
 * 400 MB of a 1 GB API Lambda, room for one list of 250,000 articles (about 300 MB) or many small ones.
 */
export const DEFAULT_INDEX_CACHE_BYTES = 400 * 1024 * 1024;
/**
 * A loaded index holds about 2.4 times its decompressed blob: the blob itself, which the postings'
 * typed arrays are views of, and as much again of heap (articles, codes, vocabulary). Measured on
 * 100,000 generated articles: blob 49.6 MB, heap +60.2 MB, array buffers +58.5 MB.
 */
const MEMORY_PER_BLOB_BYTE = 2.5;
/** The memory an index takes once loaded, estimated from its decompressed blob's bytes. */
export const indexMemoryBytes = (blobBytes: number): number => Math.ceil(blobBytes * MEMORY_PER_BLOB_BYTE);

interface CachedIndex {
  index: Promise<LoadedIndex | null>;
  /** Estimated memory: 1 while it loads, then indexMemoryBytes of its blob. */
  bytes: number;
}

/** The decompressed blob of an index version (the store's, by default). */
export type IndexBlobs = (ctx: AppContext, version: string) => Promise<Buffer | null>;

const storedBlob: IndexBlobs = async (ctx, version) => {
  const raw = await getBlob(ctx, indexKey(version));
  return raw ? gunzipAsync(raw) : null;
};

/**
 * Indexes are immutable per version: the loaded ones stay in memory, least recently used out
 * first once their estimated bytes pass `maxBytes` (an lru-cache weighed by size, not by count:
 * one index of 250,000 articles is over a hundred MB, one of a small list a few). An index larger
 * than `maxBytes` on its own is answered but not kept. A load is shared by the requests that ask
 * for it meanwhile; a failed load is forgotten.
 */
export class IndexCache {
  private readonly cache: LRUCache<string, CachedIndex>;

  constructor(
    readonly maxBytes: number,
    private readonly blobs: IndexBlobs = storedBlob,
  ) {
    this.cache = new LRUCache<string, CachedIndex>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  }

  /** The estimated bytes of the indexes held now. */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  /** The versions held now, most recently used first. */
  versions(): string[] {
    return [...this.cache.keys()];
  }

  load(ctx: AppContext, version: string): Promise<LoadedIndex | null> {
    const hit = this.cache.get(version);
    if (hit) return hit.index;
    const entry: CachedIndex = { index: Promise.resolve(null), bytes: 1 };
    entry.index = this.read(ctx, version, (bytes) => {
      // Weighed again once its size is known (which may evict older ones, or this one when alone it is too large).
      if (this.cache.peek(version) !== entry) return;
      entry.bytes = bytes;
      this.cache.delete(version);
      this.cache.set(version, entry);
    });
    entry.index.catch(() => {
      if (this.cache.peek(version) === entry) this.cache.delete(version);
    });
    this.cache.set(version, entry);
    return entry.index;
  }

  private async read(ctx: AppContext, version: string, weighed: (bytes: number) => void): Promise<LoadedIndex | null> {
    const raw = await this.blobs(ctx, version);
    if (!raw) return null;
    const stored = decodeIndex(raw);
    // Decoding, loading and warming each take their turn on the API's thread: other requests run between them.
    await nextTurn();
    const loaded = loadStoredIndex(stored, true);
    await nextTurn();
    // The articles' first terms, 25,000 a turn (about 80 ms each).
    while (loaded.leads.filled < loaded.items.length) {
      fillLeads(loaded.leads, loaded.items, 25_000);
      await nextTurn();
    }
    await warmIndexInTurns(loaded);
    weighed(indexMemoryBytes(raw.length));
    return loaded;
  }
}

let shared: IndexCache | undefined;

/** A version's index from this process's cache (its size from the config, DEFAULT_INDEX_CACHE_BYTES when unset). */
export function loadIndex(ctx: AppContext, version: string): Promise<LoadedIndex | null> {
  shared ??= new IndexCache(ctx.config.searchIndexCacheBytes ?? DEFAULT_INDEX_CACHE_BYTES);
  return shared.load(ctx, version);
}

/**
 * After a confirm, the new version is loaded (and warmed) once the answer has gone, so the first
 * search does not wait for it (seconds for 250,000 articles). Only where this process serves the
 * searches itself for a while (the local server); a cloud Lambda loads it when first asked.
 */
export function preloadIndex(ctx: AppContext, version: string): void {
  if (!ctx.config.parseFile) return;
  setImmediate(() => void loadIndex(ctx, version).catch(() => undefined));
}

/** Words of the list asked by warmIndex: the commonest long and short ones (long answers; two typos and one) and some spread over the vocabulary. */
function warmWords(index: LoadedIndex): string[] {
  const all: Array<{ word: string; df: number }> = [];
  for (const [word, term] of index.vocabulary) if (word.length >= 5) all.push({ word, df: index.search.weight([{ term, typos: 0, quality: 1 }]) });
  const long = all.filter((w) => w.word.length >= 8);
  const common = [...long].sort((a, b) => b.df - a.df).slice(0, 2);
  const short = all.filter((w) => w.word.length < 8).sort((a, b) => b.df - a.df).slice(0, 1);
  const spread = long.filter((_, i) => i % Math.max(1, Math.floor(long.length / 2)) === 0).slice(0, 2);
  return [...new Set([...common, ...short, ...spread].map((w) => w.word))];
}

/**
 * Asks a freshly loaded index each kind of query once, with words of its own (a common word, two
 * words, typos, a word being typed, a word no article has, codes and pieces of codes, a second
 * page), so that the first searches people make do not pay for compiling the search code
 * (measured: the first searches after a load took 10-25 ms of CPU each against 1-2 ms after).
 * Leaves no cached answer behind: every later query is ranked afresh.
 */
export function warmIndex(index: LoadedIndex): void {
  for (const step of warmSteps(index)) step();
}

/** The same, a step at a time with the event loop's other work in between (the API's thread: no long stall). */
export async function warmIndexInTurns(index: LoadedIndex): Promise<void> {
  for (const step of warmSteps(index)) {
    step();
    await nextTurn();
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function warmSteps(index: LoadedIndex): Array<() => void> {
  const words = warmWords(index);
  const queries: string[] = [];
  words.forEach((w, i) => {
    const other = words[(i + 1) % words.length];
    queries.push(w, `${w} ${other}`, `${w.slice(0, 3)}${w.slice(4)} ${other.slice(0, -2)}x`, w.slice(0, 5), `${w} qzxvkj`);
  });
  const code = index.codesFolded[index.codesFolded.length >> 1] ?? '';
  queries.push(code.split('#')[0], code.slice(0, Math.max(1, code.length >> 1)), code.slice(-5));
  const ask = (q: string) => () => {
    for (const hit of rankIndex(index, q, 20).hits) highlightRanges(hit.item.descrizione, hit.terms);
  };
  // Twice: the second round meets the code the first one had compiled.
  const round = [
    ...queries.filter((q) => q.trim()).map(ask),
    // A page beyond the first ones ranked (ranked again, deeper).
    () => rankIndex(index, queries[0], 20, 200),
    () => {
      index.recent.clear();
      index.reaches.clear();
    },
  ];
  return [() => index.search.warm(), ...round, ...round];
}

/** The range [from, to) of items whose code starts with the prefix (folded): two binary searches. */
function byCodePrefix(index: LoadedIndex, prefix: string): { from: number; to: number } {
  return { from: lowerBound(index.codesFolded, prefix), to: lowerBound(index.codesFolded, `${prefix}\uffff`) };
}

/** Folded codes joined by newlines, where each begins, and which pairs of adjacent characters they hold. */
interface JoinedCodes {
  text: string;
  starts: Int32Array;
  /** pairs[a * 256 + b] when some code holds the characters a, b side by side (both below 256). */
  pairs: Uint8Array;
}

function joinCodes(codes: readonly string[]): JoinedCodes {
  const starts = new Int32Array(codes.length);
  const pairs = new Uint8Array(65536);
  let at = 0;
  codes.forEach((c, i) => {
    starts[i] = at;
    at += c.length + 1;
    for (let k = 1; k < c.length; k++) {
      const a = c.charCodeAt(k - 1);
      const b = c.charCodeAt(k);
      if (a < 256 && b < 256) pairs[a * 256 + b] = 1;
    }
  });
  return { text: codes.join('\n'), starts, pairs };
}

/** False when some two adjacent characters of `piece` stand side by side in no code: it cannot be in one. */
function mayHold(joined: JoinedCodes, piece: string): boolean {
  for (let k = 1; k < piece.length; k++) {
    const a = piece.charCodeAt(k - 1);
    const b = piece.charCodeAt(k);
    if (a < 256 && b < 256 && !joined.pairs[a * 256 + b]) return false;
  }
  return true;
}

/**
 * Positions of items whose code contains `piece` (folded), in code order: one native search over
 * every code joined by newlines (a piece never holds one), joined when the index is loaded. A
 * query that only looks like a piece ("cementizio c81/144") is answered by the pairs of characters
 * codes hold, without the search.
 */
function byCodePiece(index: LoadedIndex, piece: string): number[] {
  const joined = index.codesJoined;
  if (!mayHold(joined, piece)) return [];
  const { text, starts } = joined;
  const out: number[] = [];
  for (let at = text.indexOf(piece); at >= 0; ) {
    // The code holding this occurrence; the next search starts after it (each code once).
    const item = lowerBound(starts, at + 1) - 1;
    out.push(item);
    const next = item + 1 < starts.length ? starts[item + 1] : text.length;
    at = text.indexOf(piece, next);
  }
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

/** Item positions without an array of them (a code prefix may begin 100,000 codes). */
interface Positions {
  length: number;
  at(i: number): number;
}

/**
 * A query's answer: code hits in order, or the best-scored descriptions in order (only as many as
 * the pages asked so far need: a deeper page ranks the query again).
 */
interface Ranked {
  /** Code hits: the exact code (tier 0) first, then the other codes of `list` (tier 1), in code order. */
  codes?: { exact: number[]; list: Positions };
  text?: { docs: Int32Array; scores: Float64Array; terms: number[] };
  total: number;
  /** Words of the query no article had together with the others: the results are for the rest. */
  missing: string[];
  /** The words the results were found for, when some were dropped. */
  used: string[];
}

/** A query that finds fewer than this many articles with every word is relaxed (a page of the /search page). */
export const RELAX_BELOW = 20;
/** Articles that matched more of the query's words rank above those that matched fewer, whatever else. */
const WORDS_TIER = 1e6;
/** The best ones of a query are re-ranked by phrase and proximity (kept fixed, so pages never overlap). */
const WINDOW = 100;
const PHRASE_BONUS = 40;
const PROXIMITY_BONUS = 12;
/** A word being typed reaches at most this many longer words. */
const MAX_PREFIX_WORDS = 200;

export { typosAllowed };

/**
 * The index terms a query word reaches, each once, by its best way: its own stem (exact), a word
 * of the list it begins (being typed, "sbancam" → sbancamento, weighing less), or a word of the
 * list within the edits allowed (a typo, "tesuto" → tessuto). Numbers match as typed or as the
 * beginning of a longer number.
 */
function reachesOf(index: LoadedIndex, typed: string): Reach[] {
  const cached = index.reaches.get(typed);
  if (cached) return cached;
  const best = new Map<number, Reach>();
  const offer = (term: number | undefined, typos: number, quality: number) => {
    if (term === undefined) return;
    const had = best.get(term);
    if (!had || typos < had.typos || (typos === had.typos && quality > had.quality)) best.set(term, { term, typos, quality });
  };
  const dictionary = index.search.dictionary;
  const stem = termOf(typed);
  if (stem !== null) offer(dictionary.get(stem), 0, 1);
  if (/\d/.test(typed)) {
    if (typed.length >= 4) for (const [, id] of dictionary.atPrefix(typed)) offer(id, 0, 0.5);
  } else {
    offer(index.vocabulary.get(typed), 0, 1);
    if (typed.length >= 3) {
      let n = 0;
      for (const [word, id] of index.vocabulary.atPrefix(typed)) {
        if (word !== typed) offer(id, 0, 0.6);
        if (++n >= MAX_PREFIX_WORDS) break;
      }
    }
    const edits = typosAllowed(typed);
    if (edits) for (const [, [id, distance]] of index.vocabulary.fuzzyGet(typed, edits)) if (distance) offer(id, distance, 1);
  }
  const out = [...best.values()];
  index.reaches.set(typed, out);
  return out;
}

interface QueryWord {
  /** As the person wrote it. */
  typed: string;
  reaches: Reach[];
}

function queryWords(index: LoadedIndex, query: string): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  for (const word of tokenize(query)) {
    const f = fold(word);
    // Stop words ask nothing, and a word said twice asks nothing more.
    if (termOf(f) === null || seen.has(f)) continue;
    seen.add(f);
    out.push({ typed: word, reaches: reachesOf(index, f) });
  }
  return out;
}

/**
 * Every word must match; when all together find fewer than RELAX_BELOW articles, the word that
 * matches fewest articles is dropped and the rest are asked again (Meilisearch's "last"
 * strategy, by rarity), the articles that matched more words always ranking first.
 */
function rankText(index: LoadedIndex, asked: QueryWord[], keep: number): Ranked {
  const terms = new Set<number>();
  for (const w of asked) for (const r of w.reaches) terms.add(r.term);
  let kept = [...asked];
  // Views of the index's scratch space, until the next evaluation.
  let scored = index.search.evaluate(kept.map((w) => w.reaches), true);
  const firstFound = scored.docs.length;
  let firstKept: QueryWord[] | null = null;
  if (firstFound < RELAX_BELOW && kept.length > 1) {
    // Few or none: the articles found so far stay first (they matched more words), the others follow.
    // Each drop finds a superset of what the fuller query found (both ascending): one merge keeps,
    // for every article, the score of the fullest query that found it.
    let { docs, scores } = scored;
    for (let i = 0; i < scores.length; i++) scores[i] += kept.length * WORDS_TIER;
    while (docs.length < RELAX_BELOW && kept.length > 1) {
      let rarest = 0;
      for (let w = 1; w < kept.length; w++) if (index.search.weight(kept[w].reaches) < index.search.weight(kept[rarest].reaches)) rarest = w;
      kept = kept.filter((_, w) => w !== rarest);
      // Fewer than RELAX_BELOW: copied before the next evaluation overwrites them.
      const fewer = { docs: docs.slice(), scores: scores.slice() };
      const wider = index.search.evaluate(kept.map((w) => w.reaches), true);
      // In place: each wider score is read before it is written.
      for (let i = 0, j = 0; j < wider.docs.length; j++) {
        wider.scores[j] = i < fewer.docs.length && fewer.docs[i] === wider.docs[j] ? fewer.scores[i++] : kept.length * WORDS_TIER + wider.scores[j];
      }
      ({ docs, scores } = wider);
      // The words that had to go before anything was found are the missing ones; later drops only fill the page.
      if (!firstKept && docs.length) firstKept = kept;
    }
    scored = { docs, scores, terms: [] };
  }
  // When every word found some articles, they are what the first results were found for (the later drops only fill the page).
  const shown = firstFound > 0 ? asked : (firstKept ?? kept);
  const relaxed = firstFound === 0 && shown.length < asked.length && scored.docs.length > 0;
  // The words in order at the start of the name, or as a phrase in it: above words repeated across long descriptions.
  addLeadBonus(index.leads, shown.map((w) => w.reaches), scored.docs, scored.scores);
  const phrase = shown.map((w) => new Set(w.reaches.map((r) => index.search.termText[r.term])));
  return {
    text: { ...bestOf(index, scored, phrase, keep), terms: [...terms] },
    total: scored.docs.length,
    missing: relaxed ? asked.filter((w) => !shown.includes(w)).map((w) => w.typed) : [],
    used: relaxed ? shown.map((w) => w.typed) : [],
  };
}

/**
 * The first `keep` scored articles in order, copied out of the scratch space: the best WINDOW
 * re-ranked by phrase and proximity (a fixed window, so pages never overlap), the rest by score.
 */
function bestOf(index: LoadedIndex, scored: Scored, phrase: Array<Set<string>>, keep: number): { docs: Int32Array; scores: Float64Array } {
  const top = topOf(scored, Math.max(WINDOW, keep));
  const window = top.slice(0, WINDOW).map((i) => ({ doc: scored.docs[i], score: scored.scores[i] + phraseBonus(index.items[scored.docs[i]], phrase) }));
  window.sort((a, b) => b.score - a.score || a.doc - b.doc);
  const docs = new Int32Array(top.length);
  const scores = new Float64Array(top.length);
  window.forEach((w, k) => {
    docs[k] = w.doc;
    scores[k] = w.score;
  });
  for (let k = window.length; k < top.length; k++) {
    docs[k] = scored.docs[top[k]];
    scores[k] = scored.scores[top[k]];
  }
  return { docs, scores };
}

/**
 * How close the query's words stand in the article: all of them one after the other, in order
 * (an exact phrase, worth more in the name), or else within how short a stretch of words.
 */
function phraseBonus(item: PriceItem, phrase: Array<Set<string>>): number {
  if (phrase.length < 2) return 0;
  // The query's words as index terms (texts): a word of the article is compared by its stem, no lookup.
  const nameWords = wordsOf(splitName(item.descrizione).name).length;
  const ids: Array<{ term: string; at: number }> = [];
  wordsOf(item.descrizione).forEach((w, at) => {
    const term = termOf(w);
    if (term !== null) ids.push({ term, at });
  });
  const n = phrase.length;
  for (let i = 0; i + n <= ids.length; i++) {
    let k = 0;
    while (k < n && phrase[k].has(ids[i + k].term)) k++;
    if (k === n) return ids[i].at < nameWords ? 2 * PHRASE_BONUS : PHRASE_BONUS;
  }
  // The shortest stretch holding every word, in any order.
  const last = new Array<number>(n).fill(-1);
  let shortest = Infinity;
  for (let i = 0; i < ids.length; i++) {
    const term = ids[i].term;
    for (let k = 0; k < n; k++) if (phrase[k].has(term)) last[k] = i;
    if (last.every((x) => x >= 0)) shortest = Math.min(shortest, i - Math.min(...last) + 1);
  }
  return Number.isFinite(shortest) ? (PROXIMITY_BONUS * n) / shortest : 0;
}

function rank(index: LoadedIndex, query: string, keep: number): Ranked {
  const q = fold(query.trim());
  const code = q.replace(/\s+/g, '');
  const { from, to } = code ? byCodePrefix(index, code) : { from: 0, to: 0 };
  if (to > from) {
    // The exact code first (CODE, or CODE#n for data with several rows per code), then the codes it
    // begins, in code order. The exact ones sort first among them: found by binary search.
    const exact: number[] = [];
    if (!code.includes('#')) {
      if (index.codesFolded[from] === code) exact.push(from);
      const own = `${code}#`;
      for (let p = lowerBound(index.codesFolded, own); p < to && index.codesFolded[p].startsWith(own); p++) exact.push(p);
    }
    return { codes: { exact, list: { length: to - from, at: (i) => from + i } }, total: to - from, missing: [], used: [] };
  }
  // A piece of a code ("001.007"): the codes that contain it, in code order.
  if (/\d/.test(code) && /[._\-/]/.test(code) && /^[a-z0-9._\-/]+$/.test(code)) {
    const pieces = byCodePiece(index, code);
    if (pieces.length) return { codes: { exact: [], list: { length: pieces.length, at: (i) => pieces[i] } }, total: pieces.length, missing: [], used: [] };
  }
  const asked = queryWords(index, query);
  if (!asked.length) return { total: 0, missing: [], used: [] };
  return rankText(index, asked, keep);
}

/** The query's answer, ranked at least `end` deep (recent queries are kept: the next page costs nothing). */
function ranked(index: LoadedIndex, query: string, end: number): Ranked {
  const key = query.trim();
  let hit = index.recent.get(key);
  if (!hit || (hit.text && hit.text.docs.length < Math.min(end, hit.total))) {
    hit = rank(index, key, Math.max(end, 2 * (hit?.text?.docs.length ?? 0)));
    index.recent.set(key, hit);
  }
  return hit;
}

export interface RankedPage {
  hits: RankedHit[];
  total: number;
  /** Words no article had together with the others (the results are for `used`). */
  missing: string[];
  used: string[];
}

/**
 * Items matching the query, best first: the exact code, then codes beginning with the query,
 * then descriptions containing every word (Italian inflections, words being typed, one typo
 * from 5 letters and two from 8, exact before forgiven), the name above the rest of the
 * description, a phrase above scattered words; when all the words together find too few, the
 * rarest is dropped (`missing`). At most `limit` (after skipping `offset`); `total` counts them all.
 */
export function rankIndex(index: LoadedIndex, query: string, limit: number, offset = 0): RankedPage {
  if (!query.trim()) {
    return { hits: index.items.slice(offset, offset + limit).map((item) => ({ item, tier: 2, score: 0, terms: [] })), total: index.items.length, missing: [], used: [] };
  }
  const r = ranked(index, query, offset + limit);
  const end = Math.min(r.total, offset + limit);
  const hits: RankedHit[] = [];
  if (r.codes) {
    const { exact, list } = r.codes;
    for (let k = offset; k < Math.min(end, exact.length); k++) hits.push({ item: index.items[exact[k]], tier: 0, score: 0, terms: [] });
    // Then the others in code order, without the exact ones.
    for (let i = 0, k = exact.length; i < list.length && k < end; i++) {
      const p = list.at(i);
      if (exact.includes(p)) continue;
      if (k >= offset) hits.push({ item: index.items[p], tier: 1, score: 0, terms: [] });
      k++;
    }
  } else if (r.text) {
    const t = r.text;
    for (let k = offset; k < end; k++) hits.push({ item: index.items[t.docs[k]], tier: 2, score: t.scores[k], terms: index.search.matchedTerms(t.terms, t.docs[k]) });
  }
  return { hits, total: r.total, missing: r.missing, used: r.used };
}

/** Items matching the query (see rankIndex); an empty query lists the items in code order. */
export function searchIndex(index: LoadedIndex, query: string, limit: number): { items: PriceItem[]; total: number } {
  const { hits, total } = rankIndex(index, query, limit);
  return { items: hits.map((h) => h.item), total };
}

/**
 * Articles whose description resembles `text`: any of its words counts (OR), rarer words and
 * name words weigh more. Suggestions re-rank these by similarity.
 */
export function similarIn(index: LoadedIndex, text: string, limit: number): Array<{ item: PriceItem; score: number }> {
  const terms = [...new Set(words(text).map((w) => termOf(w.word)).filter((t): t is string => !!t))].slice(0, 40);
  const reaches = terms.map((t) => index.search.dictionary.get(t)).filter((id): id is number => id !== undefined);
  if (!reaches.length) return [];
  const scored = index.search.evaluate(reaches.map((term) => [{ term, typos: 0, quality: 1 }]), false);
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
