/**
 * The undo journal of a document (issue 26, "Annulla"), kept in the rows table under the
 * document's id negated: partition `document_id = -<id>`, so no query of the document's rows
 * (`document_id = <id>`) ever sees it, and it has no `id`, so the by_id index does not either.
 * Entry n of a document is the items `row_index = n × 1000 + part`: part 0 carries what the
 * list of undoable operations shows (kind, description, date, user) and the first piece of its changes, the
 * other parts the rest of the changes (a bulk change of thousands of rows is larger than one item).
 * The item at `row_index = 0` counts the entries (`last`): a new entry takes its number
 * there in one small update, instead of a query that would land on the last (large) part of a
 * bulk change — hundreds of milliseconds per edit after a re-price.
 * A settings change keeps, instead of changes, a snapshot of every row before it (its part 0
 * carries the document's settings before it, `precedente`, and no piece of the snapshot).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_UNDOABLE, type OperationKind } from '../../../shared/domain/operations.ts';
import type { DocumentSettings } from '../../../shared/domain/settings-undo.ts';
import type { AppContext } from '../../config/context.ts';
import { domainError, isConditionFailed, queryAll, store } from './base.ts';
import type { RowRecord } from './rows.ts';

/** One row a journaled change touched: as it was before, and what the change left (null: removed). */
export interface RowChange {
  before: RowRecord | null;
  after: { id: number; row_index: number; version: number } | null;
}

/** A journal entry as the list of undoable operations shows it. */
export interface JournalEntry {
  id: string;
  seq: number;
  tipo: OperationKind;
  descrizione: string;
  data: string;
  utente: string;
  /** A duplication: the copy it made, as it was made (its undo deletes it only if nothing was written to it since). */
  copia?: { id: number; version: number; rows_version: string };
  /** A settings change: the document's province and typology before it (its changes are a snapshot of the rows). */
  precedente?: DocumentSettings;
  /** Set while an undo of this entry runs (with when it started). */
  claim?: string;
  claimed_at?: number;
}

const PARTS = 1000;
/** Characters of changes per item: at most 3 UTF-8 bytes each, well under DynamoDB's 400 KB. */
const PART_CHARS = 120_000;
/** Attempts at a journal number when changes of the document finish together. */
const ATTEMPTS = 25;
/** An undo that has held its entry this long without finishing was cut short (a stop). */
export const CLAIM_STALE_MS = 60_000;

const partition = (documentId: number) => -documentId;

type StoredEntry = JournalEntry & { document_id: number; row_index: number; op: string; parts?: number; d?: string };

const SUMMARY = 'row_index, op, seq, tipo, descrizione, #data, utente, copia, precedente, claim, claimed_at';

function toEntry(item: StoredEntry): JournalEntry {
  const { op, seq, tipo, descrizione, data, utente, copia, precedente, claim, claimed_at } = item;
  return { id: op, seq, tipo, descrizione, data, utente, ...(copia ? { copia } : {}), ...(precedente ? { precedente } : {}), ...(claim ? { claim, claimed_at } : {}) };
}

/** The document's journal entries (what can be undone), newest first. */
export async function listJournal(ctx: AppContext, documentId: number): Promise<JournalEntry[]> {
  const items = await queryAll<StoredEntry>(ctx, {
    table: 'rows',
    KeyConditionExpression: 'document_id = :d',
    ExpressionAttributeValues: { ':d': partition(documentId) },
    ExpressionAttributeNames: { '#data': 'data' },
    ProjectionExpression: SUMMARY,
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return items.filter((i) => i.row_index % PARTS === 0 && typeof i.seq === 'number').map(toEntry);
}

const COUNTER = 0;

/** The highest entry number stored (the journal read backwards from its end; parts excluded by the number). */
async function lastSeq(ctx: AppContext, documentId: number): Promise<number> {
  const [last] = await queryAll<{ row_index: number }>(ctx, {
    table: 'rows',
    KeyConditionExpression: 'document_id = :d AND row_index >= :first',
    ExpressionAttributeValues: { ':d': partition(documentId), ':first': PARTS },
    ProjectionExpression: 'row_index',
    ScanIndexForward: false,
    Limit: 1,
    ConsistentRead: true,
  });
  return last ? Math.floor(last.row_index / PARTS) : 0;
}

/** The next entry number of the document, from its counter (atomic: two entries never get the same one). */
async function nextSeq(ctx: AppContext, documentId: number): Promise<number> {
  const out = await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.table('rows'),
      Key: { document_id: partition(documentId), row_index: COUNTER },
      UpdateExpression: 'ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.last);
}

/** The counter brought up to the entries stored (a journal written before the counter, or a counter lost). */
async function catchUpCounter(ctx: AppContext, documentId: number): Promise<void> {
  const last = await lastSeq(ctx, documentId);
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('rows'),
        Key: { document_id: partition(documentId), row_index: COUNTER },
        UpdateExpression: 'SET #last = :l',
        ConditionExpression: 'attribute_not_exists(#last) OR #last < :l',
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: { ':l': last },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw domainError(err);
  }
}

async function writeItems(ctx: AppContext, requests: Record<string, unknown>[]): Promise<void> {
  const table = ctx.table('rows');
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = requests.slice(i, i + 25);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB did not accept the journal items after retries');
      if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await store(ctx).send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
      pending = out.UnprocessedItems?.[table] as Record<string, unknown>[] | undefined;
    }
  }
}

/** A journal entry's payload as JSON cut into item-sized parts; at most `most` of them. */
function partsOf(payload: unknown, most: number): string[] {
  const json = JSON.stringify(payload);
  const pieces: string[] = [];
  for (let i = 0; i < json.length; i += PART_CHARS) pieces.push(json.slice(i, i + PART_CHARS));
  if (pieces.length > most) throw new Error('change too large for the journal');
  return pieces;
}

/**
 * Adds an entry at the end of the document's journal (its number taken from the counter, and
 * its put conditional on the number being free, so two changes finishing together get two
 * numbers), then drops what is older than the last MAX_UNDOABLE.
 */
export async function appendJournalEntry(
  ctx: AppContext,
  documentId: number,
  summary: Pick<JournalEntry, 'tipo' | 'descrizione' | 'utente' | 'copia'>,
  changes: RowChange[],
): Promise<JournalEntry> {
  const pieces = partsOf(changes, PARTS - 1);
  const entry = { id: randomUUID(), data: ctx.now().toISOString(), ...summary };
  const table = ctx.table('rows');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seq = await nextSeq(ctx, documentId);
    const key = { document_id: partition(documentId), row_index: seq * PARTS };
    try {
      await ctx.db.send(
        new PutCommand({
          TableName: table,
          Item: {
            ...key,
            op: entry.id,
            seq,
            tipo: entry.tipo,
            descrizione: entry.descrizione,
            data: entry.data,
            utente: entry.utente,
            ...(entry.copia ? { copia: entry.copia } : {}),
            parts: pieces.length,
            d: pieces[0],
          },
          ConditionExpression: 'attribute_not_exists(row_index)',
        }),
      );
    } catch (err) {
      if (!isConditionFailed(err)) throw domainError(err);
      // The number is taken already: the counter is behind the journal.
      await catchUpCounter(ctx, documentId);
      continue;
    }
    await writeItems(
      ctx,
      pieces.slice(1).map((d, k) => ({ PutRequest: { Item: { document_id: key.document_id, row_index: key.row_index + k + 1, op: entry.id, d } } })),
    );
    await dropOlderThan(ctx, documentId, seq - MAX_UNDOABLE + 1);
    return { ...entry, seq };
  }
  throw new Error('journal busy');
}

async function keysBetween(ctx: AppContext, documentId: number, from: number, to: number, op?: string): Promise<Array<{ document_id: number; row_index: number }>> {
  const items = await queryAll<{ document_id: number; row_index: number; op?: string }>(ctx, {
    table: 'rows',
    KeyConditionExpression: 'document_id = :d AND row_index BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':d': partition(documentId), ':a': from, ':b': to },
    ProjectionExpression: 'document_id, row_index, op',
    ConsistentRead: true,
  });
  return items.filter((i) => op === undefined || i.op === op).map(({ document_id, row_index }) => ({ document_id, row_index }));
}

async function dropOlderThan(ctx: AppContext, documentId: number, seq: number): Promise<void> {
  if (seq <= 1) return;
  const keys = await keysBetween(ctx, documentId, PARTS, seq * PARTS - 1);
  await writeItems(ctx, keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/** The rows an entry's change wrote, as recorded; undefined when its parts are not all there (still being written). */
export async function readChanges(ctx: AppContext, documentId: number, entry: Pick<JournalEntry, 'id' | 'seq'>): Promise<RowChange[] | undefined> {
  return readPayload<RowChange[]>(ctx, documentId, entry);
}

/** What an entry recorded (its parts joined); undefined when they are not all there. */
async function readPayload<T>(ctx: AppContext, documentId: number, entry: Pick<JournalEntry, 'id' | 'seq'>): Promise<T | undefined> {
  const items = await queryAll<StoredEntry>(ctx, {
    table: 'rows',
    KeyConditionExpression: 'document_id = :d AND row_index BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':d': partition(documentId), ':a': entry.seq * PARTS, ':b': entry.seq * PARTS + PARTS - 1 },
    ConsistentRead: true,
  });
  const parts = items[0]?.parts ?? 0;
  if (!parts || items.length !== parts || items.some((i) => i.op !== entry.id)) return undefined;
  return JSON.parse(items.map((i) => i.d ?? '').join('')) as T;
}

/** Where a journal entry is (or will be) kept: its id and its number. */
export interface JournalRef {
  op: string;
  seq: number;
}

/**
 * Takes the next entry number of the document for an entry that will be written later
 * (a settings change takes its place before it reads the rows it snapshots: see writeRowsSnapshot).
 */
export async function reserveJournalNumber(ctx: AppContext, documentId: number): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seq = await nextSeq(ctx, documentId);
    if (!(await keysBetween(ctx, documentId, seq * PARTS, seq * PARTS + PARTS - 1)).length) return seq;
    await catchUpCounter(ctx, documentId);
  }
  throw new Error('journal busy');
}

/**
 * Writes a settings change at its reserved number: the document's settings before it (`precedente`)
 * and the rows as they were before its first write (the snapshot its undo restores). The rows go
 * first, the summary last: an entry is listed only once its snapshot is complete.
 */
export async function writeRowsSnapshot(
  ctx: AppContext,
  documentId: number,
  ref: JournalRef,
  summary: Pick<JournalEntry, 'tipo' | 'descrizione' | 'utente' | 'precedente'>,
  rows: RowRecord[],
): Promise<JournalEntry> {
  const pieces = partsOf(rows, PARTS - 2);
  const key = { document_id: partition(documentId), row_index: ref.seq * PARTS };
  await writeItems(
    ctx,
    pieces.map((d, k) => ({ PutRequest: { Item: { document_id: key.document_id, row_index: key.row_index + k + 1, op: ref.op, d } } })),
  );
  const entry = { id: ref.op, seq: ref.seq, data: ctx.now().toISOString(), ...summary };
  await store(ctx).send(
    new PutCommand({
      TableName: ctx.table('rows'),
      Item: { ...key, op: ref.op, seq: ref.seq, tipo: entry.tipo, descrizione: entry.descrizione, data: entry.data, utente: entry.utente, precedente: entry.precedente, parts: pieces.length + 1, d: '' },
      ConditionExpression: 'attribute_not_exists(row_index)',
    }),
  );
  await dropOlderThan(ctx, documentId, ref.seq - MAX_UNDOABLE + 1);
  return entry;
}

/** The rows snapshot of a settings change, undefined when it is not (completely) there. */
export function readRowsSnapshot(ctx: AppContext, documentId: number, ref: JournalRef): Promise<RowRecord[] | undefined> {
  return readPayload<RowRecord[]>(ctx, documentId, { id: ref.op, seq: ref.seq });
}

/** The entry is in the journal, complete (its summary is written last). */
export async function journalEntryStored(ctx: AppContext, documentId: number, ref: JournalRef): Promise<boolean> {
  const out = await store(ctx).send(
    new GetCommand({ TableName: ctx.table('rows'), Key: { document_id: partition(documentId), row_index: ref.seq * PARTS }, ConsistentRead: true, ProjectionExpression: 'op' }),
  );
  return out.Item?.op === ref.op;
}

/** An entry's items removed whatever their state (a settings change superseded before it moved a row). */
export async function discardJournalEntry(ctx: AppContext, documentId: number, ref: JournalRef): Promise<void> {
  const keys = await keysBetween(ctx, documentId, ref.seq * PARTS, ref.seq * PARTS + PARTS - 1, ref.op);
  await writeItems(ctx, keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/**
 * Takes the entry for one undo: only one undo at a time holds it (a conditional write), and
 * an undo cut short by a stop lets go after CLAIM_STALE_MS. False when another undo holds it or
 * the entry is gone.
 */
export async function claimJournalEntry(ctx: AppContext, documentId: number, entry: JournalEntry, token: string): Promise<boolean> {
  const now = ctx.now().getTime();
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('rows'),
        Key: { document_id: partition(documentId), row_index: entry.seq * PARTS },
        UpdateExpression: 'SET claim = :t, claimed_at = :now',
        ConditionExpression: 'op = :op AND (attribute_not_exists(claim) OR claimed_at < :stale)',
        ExpressionAttributeValues: { ':t': token, ':now': now, ':op': entry.id, ':stale': now - CLAIM_STALE_MS },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw domainError(err);
  }
}

/** Lets go of an entry whose undo was refused: it stays undoable. */
export async function releaseJournalEntry(ctx: AppContext, documentId: number, entry: JournalEntry, token: string): Promise<void> {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('rows'),
        Key: { document_id: partition(documentId), row_index: entry.seq * PARTS },
        UpdateExpression: 'REMOVE claim, claimed_at',
        ConditionExpression: 'claim = :t',
        ExpressionAttributeValues: { ':t': token },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw domainError(err);
  }
}

/** An undone entry leaves the journal (its own parts only; part 0 last, only while this undo holds it). */
export async function dropJournalEntry(ctx: AppContext, documentId: number, entry: Pick<JournalEntry, 'id' | 'seq'>, token: string): Promise<void> {
  const rest = await keysBetween(ctx, documentId, entry.seq * PARTS + 1, entry.seq * PARTS + PARTS - 1, entry.id);
  await writeItems(ctx, rest.map((Key) => ({ DeleteRequest: { Key } })));
  await store(ctx).send(
    new DeleteCommand({
      TableName: ctx.table('rows'),
      Key: { document_id: partition(documentId), row_index: entry.seq * PARTS },
      ConditionExpression: 'claim = :t',
      ExpressionAttributeValues: { ':t': token },
    }),
  );
}

/** The whole journal of a deleted document. */
export async function deleteJournal(ctx: AppContext, documentId: number): Promise<void> {
  const keys = await keysBetween(ctx, documentId, 0, Number.MAX_SAFE_INTEGER);
  await writeItems(ctx, keys.map((Key) => ({ DeleteRequest: { Key } })));
}
