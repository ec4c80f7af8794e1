/**
 * What each Lambda may touch, next to THE route table: the CDK stack grants exactly this (least
 * privilege), one entry per resource of RESOURCES (the type system refuses a missing or unknown
 * one), plus the analysis worker and the dead-letter handler. Filled in from what each handler
 * module and the repositories it calls actually do; keep it in step when a handler starts using
 * another table or blob prefix (a missing grant shows up as AccessDenied in the cloud only).
 */
import type { Resource } from './routes.ts';
import type { TableKey } from './storage/tables.ts';

/** `read`: Get/Query (and the GSIs); `readwrite`: also Put/Update/Delete/BatchWrite. No Scan anywhere. */
export type TableAccess = 'read' | 'readwrite';

/**
 * Key prefixes of the data bucket, one per kind of blob (see the key builders: originalKey,
 * tmpUploadKey in services/documents.ts, tempKey in services/price-imports.ts, indexKey in
 * prezzari/search-index.ts, ocrCopyKey in worker/cloud-ocr.ts, exportTempKey in
 * services/export-jobs.ts; tests/unit/resource-grants.test.ts
 * checks they agree).
 */
export const BLOB_PREFIXES = {
  /** Originals of analysed documents: `documents/<id>/original.pdf`. */
  documents: 'documents/',
  /** Browser uploads by presigned URL, waiting for /api/upload/complete (expire after a day). */
  uploads: 'tmp/uploads/',
  /** Parsed price lists waiting for confirmation (expire after a day). */
  imports: 'tmp/imports/',
  /** One search index per price-list version. */
  priceIndex: 'price-index/',
  /** Copies of a document's scanned pages while Textract reads them (worker/cloud-ocr.ts). */
  ocr: 'tmp/ocr/',
  /** Cloud exports too large for an answer's body, downloaded by presigned URL (expire after a day). */
  exports: 'tmp/exports/',
} as const;
export type BlobPrefix = keyof typeof BLOB_PREFIXES;

export interface Grants {
  tables: Partial<Record<TableKey, TableAccess>>;
  /** `read`: GetObject (and HeadObject); `readwrite`: also PutObject (presigned PUTs included) and DeleteObject(s). */
  blobs?: Partial<Record<BlobPrefix, TableAccess>>;
  /** Reads the session-signing secret (issuing or verifying session JWTs). */
  secret?: boolean;
  /** Sends analysis jobs to the queue. */
  enqueue?: boolean;
  /** DescribeTable on every table (the admin's database check). */
  describeTables?: boolean;
}

/**
 * Every API call is authenticated by the middleware: session JWT (signing secret + sessions
 * table) or API key (api_keys by hash), then the user's access window (users).
 */
const AUTHENTICATED: Grants = {
  tables: { users: 'read', sessions: 'read', apiKeys: 'read' },
  secret: true,
};

/** Price lookups: list heads, admin code patterns, and the search index blobs they point to. */
const PRICING: Grants = {
  // Typology labels name a missing DEI list in the reason a row has no price.
  tables: { priceLists: 'read', patterns: 'read', tipologie: 'read' },
  blobs: { priceIndex: 'read' },
};

const RANK: Record<TableAccess, number> = { read: 1, readwrite: 2 };

/** The union of several grant sets (the stronger access wins). */
export function mergeGrants(...sets: Grants[]): Grants {
  const out: Grants = { tables: {}, blobs: {} };
  for (const set of sets) {
    for (const [k, v] of Object.entries(set.tables) as Array<[TableKey, TableAccess]>) {
      if (!out.tables[k] || RANK[v] > RANK[out.tables[k]!]) out.tables[k] = v;
    }
    for (const [k, v] of Object.entries(set.blobs ?? {}) as Array<[BlobPrefix, TableAccess]>) {
      if (!out.blobs![k] || RANK[v] > RANK[out.blobs![k]!]) out.blobs![k] = v;
    }
    if (set.secret) out.secret = true;
    if (set.enqueue) out.enqueue = true;
    if (set.describeTables) out.describeTables = true;
  }
  return out;
}

const api = (own: Grants, ...more: Grants[]): Grants => mergeGrants(AUTHENTICATED, own, ...more);

export const RESOURCE_GRANTS: Record<Resource, Grants> = {
  // Login: failed-attempt counters, username lookup (uniques), session create/revoke.
  auth: api({ tables: { counters: 'readwrite', uniques: 'read', sessions: 'readwrite' } }),
  // Users (ids, unique usernames), deleting a user's keys and sessions, dashboard counts.
  'admin-users': api({
    tables: { users: 'readwrite', uniques: 'readwrite', counters: 'readwrite', sessions: 'readwrite', apiKeys: 'readwrite', documents: 'read', patterns: 'read' },
  }),
  'api-keys': api({ tables: { apiKeys: 'readwrite', counters: 'readwrite' } }),
  tipologie: api({ tables: { tipologie: 'readwrite', counters: 'readwrite', uniques: 'readwrite' } }),
  // Uploads (multipart and presigned), rows, delete, download, duplicate, re-pricing, export
  // (a large one put under tmp/exports/ and downloaded by presigned URL, signed by this role).
  documents: api(
    {
      tables: { documents: 'readwrite', rows: 'readwrite', counters: 'readwrite', tipologie: 'read' },
      blobs: { documents: 'readwrite', uploads: 'readwrite', exports: 'readwrite' },
      enqueue: true,
    },
    PRICING,
  ),
  // Row edits re-total their document; re-pricing reads the price lists.
  rows: api({ tables: { rows: 'readwrite', documents: 'readwrite', tipologie: 'read' } }, PRICING),
  // Price-list imports: staged blob -> index blob + head pointer.
  prezzari: api({ tables: { priceLists: 'readwrite', tipologie: 'read' }, blobs: { imports: 'readwrite', priceIndex: 'readwrite' } }, PRICING),
  // Search; suggestions for a row read its document and write the chosen price and totals.
  search: api({ tables: { priceLists: 'read', rows: 'readwrite', documents: 'readwrite' }, blobs: { priceIndex: 'read' } }),
  'csv-data': api({ tables: { priceLists: 'read' }, blobs: { priceIndex: 'read' } }),
  patterns: api({ tables: { patterns: 'readwrite', counters: 'readwrite' } }),
  debug: api({ tables: { users: 'read' }, describeTables: true }),
  // OpenAPI document and reference page: public, nothing stored; a caller who sends a token is
  // still identified by the middleware (users, sessions, API keys).
  docs: api({ tables: {} }),
};

/**
 * processDocument: the document, its rows (ids from counters), prices, the original, and the
 * copy of its scanned pages it hands to Textract (which reads it with the worker's permissions).
 */
export const WORKER_GRANTS: Grants = mergeGrants(
  { tables: { documents: 'readwrite', rows: 'readwrite', counters: 'readwrite' }, blobs: { documents: 'read', ocr: 'readwrite' } },
  PRICING,
);

/** The dead-letter handler marks documents failed and removes the rows a dead run had written. */
export const DEAD_LETTER_GRANTS: Grants = { tables: { documents: 'readwrite', rows: 'readwrite' } };
