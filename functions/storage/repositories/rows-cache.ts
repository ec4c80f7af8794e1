/**
 * A memory of documents' rows as last read by this process (one Lambda container, or the local
 * server), keyed by the document's `rows_version`: a random token that every row write through
 * repositories/rows.ts replaces on the document item once the rows are written. A request that
 * has just read the document (a consistent read) knows the token of the rows as they are now;
 * rows remembered under that token are those rows, whichever process or container wrote them,
 * because a token is never given twice. A document without a token is never remembered.
 *
 * Bounded by the total number of rows held (least recently used documents go first), and every
 * entry is dropped after ENTRY_TTL_MS as a last safety net. Rows handed out are frozen: callers
 * copy what they change (as the handlers already do), never edit what others may be reading.
 */
import type { RowRecord } from './rows.ts';

const DEFAULT_MAX_ROWS = 30_000;
const ENTRY_TTL_MS = 10 * 60_000;

interface Entry {
  version: string;
  rows: readonly RowRecord[];
  until: number;
}

const entries = new Map<number, Entry>();
let held = 0;
let maxRows = DEFAULT_MAX_ROWS;

function drop(documentId: number): void {
  const e = entries.get(documentId);
  if (!e) return;
  held -= e.rows.length;
  entries.delete(documentId);
}

/** The rows remembered for this document at this version, or undefined. */
export function cachedRows(documentId: number, version: string | undefined): readonly RowRecord[] | undefined {
  if (!version) return undefined;
  const e = entries.get(documentId);
  if (!e) return undefined;
  if (e.version !== version || e.until < Date.now()) {
    drop(documentId);
    return undefined;
  }
  // Most recently used last: Map keeps insertion order.
  entries.delete(documentId);
  entries.set(documentId, e);
  return e.rows;
}

/** Remembers rows read at `version` (frozen, so no caller can change what others read). */
export function rememberRows(documentId: number, version: string | undefined, rows: RowRecord[]): readonly RowRecord[] {
  for (const r of rows) freezeRow(r);
  Object.freeze(rows);
  if (!version || rows.length > maxRows) return rows;
  drop(documentId);
  entries.set(documentId, { version, rows, until: Date.now() + ENTRY_TTL_MS });
  held += rows.length;
  for (const [id] of entries) {
    if (held <= maxRows) break;
    drop(id);
  }
  return rows;
}

/** This process changed a document's rows: nothing of it is kept (the token changes too). */
export function forgetRows(documentId: number): void {
  drop(documentId);
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
  return { documents: entries.size, rows: held, maxRows };
}

/** Changes the bound (tests); forgets everything. */
export function setRowsCacheLimit(rows: number = DEFAULT_MAX_ROWS): void {
  maxRows = rows;
  entries.clear();
  held = 0;
}
