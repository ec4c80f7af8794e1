import type { ReadValues } from '../../../shared/domain/row-edits.ts';
import type { FonteManodopera } from '../../../shared/domain/manodopera.ts';
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { needsCheck, type Capitoli, type Verifica } from '../../../shared/domain/rows.ts';
import { nextVersion, type Versioned } from '../../../shared/domain/row-versions.ts';
import type { AppContext } from '../../config/context.ts';
import { cancellationReasons, countAll, domainError, isConditionFailed, nextId, queryAll, store } from './base.ts';
import { cachedRows, forgetRows, rememberRows } from './rows-cache.ts';
import type { DocumentRecord } from './documents.ts';
import { ConflictError, OperationSupersededError } from '../../errors.ts';

/** Which article priced a row: the list, the code looked up, and the article as the list has it. */
export interface PriceSourceInfo {
  list: string;
  key: string;
  year: number;
  code: string;
  descrizione?: string;
  unita_di_misura?: string | null;
  prezzo?: number | null;
  /** Admin patterns that rewrote the printed code, in order. */
  patterns?: string[];
  /** Set when the row's unit and the article's differ (m² against m³). */
  unit_warning?: string | null;
  /** The article's labour and safety incidences, in percent (issue 39), when the list has them. */
  incidenza_manodopera?: number;
  incidenza_sicurezza?: number;
}

export interface RowRecord extends Versioned {
  id: number;
  document_id: number;
  row_index: number;
  tariffa: string;
  descrizione: string;
  codice_articolo: string | null;
  unita_di_misura: string;
  quantita: number | null;
  unitario: number | null;
  totale: number | null;
  tipologia_dei: string;
  prezzo_db: number | null;
  prezzo_totale_db: number | null;
  differenza_totale_db: number | null;
  variazione_percentuale: number | null;
  /** Where prezzo_db came from (list, key, year); null until priced. */
  price_source: PriceSourceInfo | null;
  /** Why the row has no reference price (Italian), when it has none. */
  price_reason?: string | null;
  page: number | null;
  page_end: number | null;
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Why the reader is not sure of this row; cleared when the user edits or merges it. */
  verifica?: Verifica;
  capitoli?: Capitoli | null;
  /** Read from a scanned page through OCR. */
  da_scansione?: boolean;
  /** Italian notes of the digits OCR misread and the quantity × price check corrected. */
  correzioni_ocr?: string[];
  /** What the file said (shared/domain/row-edits.ts), kept from the first change by hand. */
  letto?: ReadValues | null;
  /** Changed by hand: a field of `letto` differs from the row now. */
  modificata?: boolean;
  /** Labour incidence in percent (issue 39, shared/domain/manodopera.ts) and where it came from. */
  incidenza_manodopera?: number | null;
  fonte_manodopera?: FonteManodopera | null;
  /** The labour the computo itself prints for the voce, as read (never changed by an edit); the list's stays in price_source. */
  incidenza_manodopera_dichiarata?: number | null;
  costo_manodopera_dichiarato?: number | null;
  /** A safety-cost voce, as the estimator marked it (absent: the chapter decides). */
  sicurezza?: boolean | null;
}

const BATCH = 25;

/**
 * A row is stored as its keys, its id (for the by_id index), its two amounts (what document
 * totals read) and the rest as one JSON attribute: dynalite and DynamoDB handle one string far
 * faster than a dozen typed attributes, which halves the time to write or read 5,000 rows.
 */
type StoredRow = Pick<RowRecord, 'document_id' | 'row_index' | 'id' | 'totale' | 'prezzo_totale_db'> & { d: string; v: number; da_verificare?: true };

/** The version is a top-level number `v`, so every write can be conditional on it. */
function encode(row: RowRecord): StoredRow {
  const { document_id, row_index, id, totale, prezzo_totale_db, version, ...rest } = row;
  // The doubt is also a top-level flag, so document totals count it without decoding rows.
  return { document_id, row_index, id, totale, prezzo_totale_db, v: version ?? 1, d: JSON.stringify(rest), ...(needsCheck(row) ? { da_verificare: true as const } : {}) };
}

function decode(item: Record<string, unknown>): RowRecord {
  // Items written before the compact form carry their fields as attributes; before versions, no `v`.
  if (typeof item.d !== 'string') {
    const { v, ...fields } = item;
    return { ...fields, version: typeof v === 'number' ? v : 0 } as unknown as RowRecord;
  }
  const { d, da_verificare: _flag, v, ...keys } = item;
  return { ...(JSON.parse(d as string) as object), ...keys, version: typeof v === 'number' ? v : 0 } as unknown as RowRecord;
}

/** The row is still the one read: same id at its key, same version (none, for a row stored before versions). */
function unchangedSince(row: Pick<RowRecord, 'id' | 'version'>) {
  const version = row.version ?? 0;
  return {
    ConditionExpression: version > 0 ? 'id = :id AND v = :v' : 'id = :id AND attribute_not_exists(v)',
    ExpressionAttributeValues: { ':id': row.id, ...(version > 0 ? { ':v': version } : {}) },
  };
}

async function batchWrite(ctx: AppContext, requests: Record<string, unknown>[]): Promise<void> {
  const table = ctx.table('rows');
  for (let i = 0; i < requests.length; i += BATCH) {
    let pending: Record<string, unknown>[] | undefined = requests.slice(i, i + BATCH);
    for (let attempt = 0; pending?.length; attempt++) {
      const out = await store(ctx).send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
      pending = out.UnprocessedItems?.[table] as Record<string, unknown>[] | undefined;
      if (pending?.length) {
        if (attempt > 8) throw new Error('DynamoDB did not accept the rows after retries');
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  }
}

/** Writes a document's rows in batches of 25, with ids allocated as one block. */
export async function insertRows(ctx: AppContext, rows: Array<Omit<RowRecord, 'id'>>): Promise<RowRecord[]> {
  if (!rows.length) return [];
  const first = await nextId(ctx, 'rows', rows.length);
  const withIds = rows.map((r, i) => ({ ...r, id: first + i, version: 1, field_versions: {} }));
  // New ids at keys nobody else writes (a new document, or one whose rows were just removed).
  await changingRows(ctx, withIds, () => writeInParallel(ctx, withIds.map((row) => ({ PutRequest: { Item: encode(row) } }))));
  return withIds;
}

/** Independent 25-item batches, several in flight: the database works while we encode the next. */
async function writeInParallel(ctx: AppContext, requests: Record<string, unknown>[], inFlight = 8): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < requests.length; i += BATCH) batches.push(requests.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await batchWrite(ctx, batches[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, batches.length) }, worker));
}

/** How many rows stand strictly between two positions of a document (a key-range Query). */
export async function countRowsBetweenIndexes(ctx: AppContext, documentId: number, a: number, b: number): Promise<number> {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  if (hi - lo <= 1) return 0;
  const out = await store(ctx).send(
    new QueryCommand({
      TableName: ctx.table('rows'),
      KeyConditionExpression: 'document_id = :d AND row_index BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':d': documentId, ':lo': lo + 1, ':hi': hi - 1 },
      Select: 'COUNT',
      ConsistentRead: true,
    }),
  );
  return out.Count ?? 0;
}

/**
 * Every write of rows goes through here: once it is done (or has failed part-way), each document
 * it touched gets a new `rows_version`, so no process serves rows remembered from before
 * (rows-cache.ts). A document that does not exist (yet, or any more) is left alone.
 */
export async function changingRows<T>(ctx: AppContext, rows: Array<Pick<RowRecord, 'document_id'>>, write: () => Promise<T>): Promise<T> {
  const documents = [...new Set(rows.map((r) => r.document_id))];
  documents.forEach(forgetRows);
  let result: T;
  try {
    result = await write();
  } catch (err) {
    await Promise.all(documents.map((id) => newRowsVersion(ctx, id))).catch(() => undefined);
    throw err;
  }
  await Promise.all(documents.map((id) => newRowsVersion(ctx, id)));
  return result;
}

async function newRowsVersion(ctx: AppContext, documentId: number): Promise<void> {
  forgetRows(documentId);
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('documents'),
        Key: { id: documentId },
        UpdateExpression: 'SET rows_version = :v',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeValues: { ':v': randomUUID() },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw domainError(err);
  }
}

/**
 * A document's rows, from this process's memory when the document (as just read) says they have
 * not changed since (rows-cache.ts), else from the table. The rows are frozen: copy to change.
 */
export async function readDocumentRows(ctx: AppContext, doc: Pick<DocumentRecord, 'id' | 'row_count' | 'rows_version'>): Promise<RowRecord[]> {
  const hit = cachedRows(doc.id, doc.rows_version);
  if (hit) return hit as RowRecord[];
  return rememberRows(doc.id, doc.rows_version, await listRows(ctx, doc.id, doc.row_count ?? 0)) as RowRecord[];
}

/** Rows per query when a document is read page by page (an export): one short query at a time. */
export const PAGE_ROWS = 500;

/**
 * The same rows as readDocumentRows (and remembered the same way), read one page of PAGE_ROWS
 * after the other instead of six ranges at once: for an export, which can wait. Locally the
 * store is one process (dynalite) that answers one query at a time; short queries let other
 * users' requests through between them. The signal is checked before each page: a read whose
 * reader has gone stops there (AbortError).
 */
export async function readDocumentRowsPaged(ctx: AppContext, doc: Pick<DocumentRecord, 'id' | 'rows_version'>, signal?: AbortSignal): Promise<RowRecord[]> {
  const hit = cachedRows(doc.id, doc.rows_version);
  if (hit) return hit as RowRecord[];
  const rows: RowRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    signal?.throwIfAborted();
    const out = await store(ctx).send(
      new QueryCommand({ TableName: ctx.table('rows'), KeyConditionExpression: 'document_id = :d', ExpressionAttributeValues: { ':d': doc.id }, ConsistentRead: true, Limit: PAGE_ROWS, ExclusiveStartKey }),
    );
    for (const item of out.Items ?? []) rows.push(decode(item));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return rememberRows(doc.id, doc.rows_version, rows) as RowRecord[];
}

/** Rows per key range when a large document is read as parallel range queries. */
const RANGE_ROWS = 1000;
const MAX_RANGES = 6;

/**
 * A document's rows in order. Given how many rows it has, a large document is read as up to six
 * row_index ranges at once (the last one open-ended, so gaps left by merges or deletes change
 * nothing): DynamoDB serves them in parallel and we decode one while the next arrives.
 */
export async function listRows(ctx: AppContext, documentId: number, expectedCount = 0): Promise<RowRecord[]> {
  const ranges = Math.min(MAX_RANGES, Math.ceil(expectedCount / RANGE_ROWS));
  if (ranges <= 1) return (await queryRows(ctx, documentId)).map(decode);
  const size = Math.ceil(expectedCount / ranges);
  const parts = await Promise.all(
    Array.from({ length: ranges }, (_, i) => queryRows(ctx, documentId, 1 + i * size, i === ranges - 1 ? undefined : (i + 1) * size)),
  );
  return parts.flat().map(decode);
}

function queryRows(ctx: AppContext, documentId: number, from?: number, to?: number): Promise<Record<string, unknown>[]> {
  const bounded = from !== undefined;
  return queryAll<Record<string, unknown>>(ctx, {
    table: 'rows',
    KeyConditionExpression: !bounded
      ? 'document_id = :d'
      : to === undefined
        ? 'document_id = :d AND row_index >= :a'
        : 'document_id = :d AND row_index BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':d': documentId, ...(bounded ? { ':a': from } : {}), ...(to !== undefined ? { ':b': to } : {}) },
    ConsistentRead: true,
  });
}

/** Only the amounts of a document's rows: what its totals need, a fraction of the bytes. */
export async function listRowAmounts(ctx: AppContext, documentId: number): Promise<Array<Pick<RowRecord, 'totale' | 'prezzo_totale_db' | 'verifica'>>> {
  const items = await queryAll<Pick<RowRecord, 'totale' | 'prezzo_totale_db'> & { da_verificare?: boolean }>(ctx, {
    table: 'rows',
    KeyConditionExpression: 'document_id = :d',
    ExpressionAttributeValues: { ':d': documentId },
    ProjectionExpression: 'totale, prezzo_totale_db, da_verificare',
    ConsistentRead: true,
  });
  return items.map(({ da_verificare, ...amounts }) => ({ ...amounts, verifica: da_verificare ? ['da verificare'] : [] }));
}

export function countRows(ctx: AppContext, documentId: number): Promise<number> {
  return countAll(ctx, { table: 'rows', KeyConditionExpression: 'document_id = :d', ExpressionAttributeValues: { ':d': documentId } });
}

export async function deleteDocumentRows(ctx: AppContext, documentId: number): Promise<void> {
  const keys = await queryAll<{ document_id: number; row_index: number }>(ctx, {
    table: 'rows',
    KeyConditionExpression: 'document_id = :d',
    ExpressionAttributeValues: { ':d': documentId },
    ProjectionExpression: 'document_id, row_index',
  });
  await changingRows(ctx, [{ document_id: documentId }], () => writeInParallel(ctx, keys.map((Key) => ({ DeleteRequest: { Key } }))));
}

export async function getRowByKey(ctx: AppContext, documentId: number, rowIndex: number): Promise<RowRecord | undefined> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('rows'), Key: { document_id: documentId, row_index: rowIndex }, ConsistentRead: true }));
  return out.Item ? decode(out.Item) : undefined;
}

/** A row by its id: the id index names its document and position, the table gives the current item. */
export async function getRowById(ctx: AppContext, id: number): Promise<RowRecord | undefined> {
  const out = await store(ctx).send(
    new QueryCommand({
      TableName: ctx.table('rows'),
      IndexName: 'by_id',
      KeyConditionExpression: 'id = :id',
      ExpressionAttributeValues: { ':id': id },
      ProjectionExpression: 'document_id, row_index',
    }),
  );
  const key = out.Items?.[0] as { document_id: number; row_index: number } | undefined;
  if (!key) return undefined;
  const row = await getRowByKey(ctx, key.document_id, key.row_index);
  return row?.id === id ? row : undefined;
}

/**
 * Writes a whole row over whatever is stored, one version up. Unconditional: for fixtures and
 * tests that set a stored state; the app's writes go through replaceRowIfUnchanged.
 */
export async function putRow(ctx: AppContext, row: RowRecord): Promise<void> {
  await changingRows(ctx, [row], () => store(ctx).send(new PutCommand({ TableName: ctx.table('rows'), Item: encode(nextVersion(row, row)) })));
}

/** Deletes rows whatever their version (fixtures, tests); the app deletes with deleteRowIfUnchanged. */
export async function deleteRows(ctx: AppContext, rows: Array<Pick<RowRecord, 'document_id' | 'row_index'>>): Promise<void> {
  if (!rows.length) return;
  await changingRows(ctx, rows, () => batchWrite(ctx, rows.map((r) => ({ DeleteRequest: { Key: { document_id: r.document_id, row_index: r.row_index } } }))));
}

/**
 * Writes `next` (already one version above `current`: nextVersion) only if the stored row is
 * still `current`: the same id at its key and the same version. False when it changed or went
 * meanwhile (the caller reads it again and re-applies its change). Does not touch the
 * document's rows token: run inside changingRows.
 */
export async function replaceRowIfUnchanged(ctx: AppContext, current: RowRecord, next: RowRecord): Promise<boolean> {
  try {
    await ctx.db.send(new PutCommand({ TableName: ctx.table('rows'), Item: encode(next), ...unchangedSince(current) }));
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw domainError(err);
  }
}

/** Rows per transaction: DynamoDB's limit on items, and a bound on the request's bytes (4 MB). */
const TRANSACTION_ITEMS = 100;
const TRANSACTION_BYTES = 3_000_000;
/** Transactions in flight at once for one bulk write. */
const TRANSACTIONS_IN_FLIGHT = 4;

/** A bulk write on behalf of a document operation (settings change, re-price): see replaceRowsIfUnchanged. */
export interface OperationGuard {
  documentId: number;
  operationId: string;
}

/** The document's operation is no longer the one writing: a later one took it over and does its work. */
export { OperationSupersededError };

/**
 * What happened to each row of a bulk conditional write: written; `changed` (its row changed or
 * went since it was read: read it again and re-apply); `again` (not written because another row
 * of its transaction was refused, or the transaction lost a race: send it again).
 */
export type BulkVerdict = 'written' | 'changed' | 'again';

/**
 * Many replaceRowIfUnchanged at once, as transactions of up to 100 rows: each row a Put
 * conditional on the version read. One cancelled transaction writes none of its rows; its
 * CancellationReasons say which rows were refused on their condition (`changed`), the others
 * are `again`. Run inside changingRows.
 *
 * Why transactions (2 WCU a row in the cloud, against 1 for a conditional PutItem): BatchWriteItem
 * takes no condition, and one conditional PutItem per row is 5,000 requests for a 5,000-row
 * re-price (about 20 s here, and a Lambda billed for that time); 50 transactions write the same
 * rows, every one still conditional on its version, in well under a second. Bulk writes are rare
 * user-triggered operations, so the extra WCU per row is cents a month; single-row edits keep the
 * 1-WCU conditional PutItem.
 */
export async function replaceRowsIfUnchanged(
  ctx: AppContext,
  pairs: Array<{ current: RowRecord; next: RowRecord }>,
  guard?: OperationGuard,
): Promise<BulkVerdict[]> {
  const table = ctx.table('rows');
  // A guarded write is also conditional on the document's operation still being this one: the
  // last item of every transaction checks it, so a superseded operation cannot write any row.
  const check = guard && {
    ConditionCheck: {
      TableName: ctx.table('documents'),
      Key: { id: guard.documentId },
      // `operation` is written as a name: DynamoDB reserves many plain words.
      ConditionExpression: '#operation.id = :op',
      ExpressionAttributeNames: { '#operation': 'operation' },
      ExpressionAttributeValues: { ':op': guard.operationId },
    },
  };
  const perTransaction = check ? TRANSACTION_ITEMS - 1 : TRANSACTION_ITEMS;
  const verdicts: BulkVerdict[] = new Array(pairs.length);
  const chunks: number[][] = [];
  let chunk: number[] = [];
  let bytes = 0;
  const items = pairs.map(({ current, next }) => {
    const item = { Put: { TableName: table, Item: encode(next), ...unchangedSince(current) } };
    return { item, size: JSON.stringify(item).length };
  });
  items.forEach(({ size }, i) => {
    if (chunk.length && (chunk.length >= perTransaction || bytes + size > TRANSACTION_BYTES)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(i);
    bytes += size;
  });
  if (chunk.length) chunks.push(chunk);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const indexes = chunks[next++];
      try {
        const transactItems: Array<Record<string, unknown>> = indexes.map((i) => items[i].item);
        if (check) transactItems.push(check);
        await ctx.db.send(new TransactWriteCommand({ TransactItems: transactItems as never }));
        for (const i of indexes) verdicts[i] = 'written';
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons.length) throw domainError(err);
        if (check && reasons[indexes.length]?.Code === 'ConditionalCheckFailed') throw new OperationSupersededError(guard.operationId);
        indexes.forEach((i, k) => (verdicts[i] = reasons[k]?.Code === 'ConditionalCheckFailed' ? 'changed' : 'again'));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TRANSACTIONS_IN_FLIGHT, chunks.length) }, worker));
  return verdicts;
}

/**
 * Deletes a row if it is still there (and, given a version, still at it). False when it went
 * already or changed. Does not touch the rows token: run inside changingRows.
 */
export async function deleteRowIfUnchanged(ctx: AppContext, row: Pick<RowRecord, 'document_id' | 'row_index' | 'id' | 'version'>, anyVersion: boolean): Promise<boolean> {
  const condition = anyVersion ? { ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': row.id } } : unchangedSince(row);
  try {
    await ctx.db.send(new DeleteCommand({ TableName: ctx.table('rows'), Key: { document_id: row.document_id, row_index: row.row_index }, ...condition }));
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw domainError(err);
  }
}

/**
 * The merge as one DynamoDB transaction: the first row takes the merged values and the second
 * row goes, each only if it is still at the version read. Both happen or neither does; false
 * when either row changed or went meanwhile (the caller reads both again).
 */
export async function mergeRowsIfUnchanged(ctx: AppContext, merged: RowRecord, firstBefore: RowRecord, second: RowRecord): Promise<boolean> {
  const first = unchangedSince(firstBefore);
  const gone = unchangedSince(second);
  try {
    await ctx.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: ctx.table('rows'), Item: encode(merged), ...first } },
          { Delete: { TableName: ctx.table('rows'), Key: { document_id: second.document_id, row_index: second.row_index }, ...gone } },
        ],
      }),
    );
    return true;
  } catch (err) {
    const failed = domainError(err);
    if (failed instanceof ConflictError) return false;
    throw failed;
  }
}

/** One row put back by an undo: `current` as stored now (undefined: its key is free), `next` what it becomes. */
export interface RowRestore {
  current: RowRecord | undefined;
  next: RowRecord;
}

/** The write that puts `next` back, conditional on the row still being `current` (or the key still free). */
function restoreItem(table: string, { current, next }: RowRestore) {
  const condition = current ? unchangedSince(current) : { ConditionExpression: 'attribute_not_exists(row_index)' };
  return { Put: { TableName: table, Item: encode(next), ...condition } };
}

/** The write that takes a restore back: the row as it was (`current`), or its key free again. */
function unrestoreItem(table: string, { current, next }: RowRestore) {
  const condition = unchangedSince(next);
  return current
    ? { Put: { TableName: table, Item: encode(current), ...condition } }
    : { Delete: { TableName: table, Key: { document_id: next.document_id, row_index: next.row_index }, ...condition } };
}

/**
 * An undo's rows, all or none (issue 26): each row written only if it is still what the undone
 * operation left (same id and version, or its key still free for a row that operation removed).
 * Up to 100 rows are one transaction; a longer undo is written 100 at a time and, when a later
 * transaction is refused, the ones already written are taken back (each conditional on what this
 * undo wrote), so a refused undo leaves the rows as they were. False when refused. Run inside changingRows.
 */
export async function restoreRowsIfUnchanged(ctx: AppContext, restores: RowRestore[]): Promise<boolean> {
  const table = ctx.table('rows');
  const done: RowRestore[][] = [];
  for (let i = 0; i < restores.length; i += TRANSACTION_ITEMS) {
    const chunk = restores.slice(i, i + TRANSACTION_ITEMS);
    try {
      await ctx.db.send(new TransactWriteCommand({ TransactItems: chunk.map((r) => restoreItem(table, r)) as never }));
      done.push(chunk);
    } catch (err) {
      if (!cancellationReasons(err).length && !isConditionFailed(err)) throw domainError(err);
      for (const written of done) {
        await ctx.db.send(new TransactWriteCommand({ TransactItems: written.map((r) => unrestoreItem(table, r)) as never })).catch(() => undefined);
      }
      return false;
    }
  }
  return true;
}
