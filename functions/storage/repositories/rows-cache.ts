/**
 * A memory of documents' rows as last read by this process (one Lambda container, or the local
 * server), keyed by the document's `rows_version`: a random token that every row write through
 * repositories/rows.ts replaces on the document item once the rows are written. A request that
 * has just read the document (a consistent read) knows the token of the rows as they are now;
 * rows remembered under that token are those rows, whichever process or container wrote them,
 * because a token is never given twice. A document without a token is never remembered.
 *
 * Bounded by the total number of rows held (least recently used documents go first), and every
 * entry is dropped after ENTRY_TTL_MS as a last safety net: an lru-cache with `maxSize` counted in
 * rows and a `ttl`. Rows handed out are frozen: callers copy what they change (as the handlers
 * already do), never edit what others may be reading.
 */
import { LRUCache } from 'lru-cache';
import type { RowRecord } from './rows.ts';

const DEFAULT_MAX_ROWS = 30_000;
const ENTRY_TTL_MS = 10 * 60_000;

interface Entry {
  version: string;
  rows: readonly RowRecord[];
}

/** lru-cache weighs entries by their rows: `maxSize` rows in all, least recently used out first. */
const newCache = (maxRows: number) =>
  new LRUCache<number, Entry>({ maxSize: maxRows, sizeCalculation: (e) => Math.max(1, e.rows.length), ttl: ENTRY_TTL_MS });

let entries = newCache(DEFAULT_MAX_ROWS);

/** The rows remembered for this document at this version, or undefined. */
export function cachedRows(documentId: number, version: string | undefined): readonly RowRecord[] | undefined {
  if (!version) return undefined;
  const e = entries.get(documentId);
  if (!e) return undefined;
  if (e.version !== version) {
    entries.delete(documentId);
    return undefined;
  }
  return e.rows;
}

/** Remembers rows read at `version` (frozen, so no caller can change what others read). */
export function rememberRows(documentId: number, version: string | undefined, rows: RowRecord[]): readonly RowRecord[] {
  for (const r of rows) freezeRow(r);
  Object.freeze(rows);
  if (!version || rows.length > entries.maxSize) return rows;
  entries.set(documentId, { version, rows });
  return rows;
}

/** This process changed a document's rows: nothing of it is kept (the token changes too). */
export function forgetRows(documentId: number): void {
  entries.delete(documentId);
}

function freezeRow(r: RowRecord): void {
  for (const v of Object.values(r)) {
    if (v === null || typeof v !== 'object') continue;
    // price_source holds the patterns' list one level further down.
    for (const w of Object.values(v)) if (w !== null && typeof w === 'object') Object.freeze(w);
    Object.freeze(v);
  }
  Object.freeze(r);
}

/** How much is held (tests, diagnostics). */
export function rowsCacheStats(): { documents: number; rows: number; maxRows: number } {
  return { documents: entries.size, rows: entries.calculatedSize, maxRows: entries.maxSize };
}

/** Changes the bound (tests); forgets everything. */
export function setRowsCacheLimit(rows: number = DEFAULT_MAX_ROWS): void {
  entries = newCache(rows);
}
