import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { DocumentStatus } from '../../../shared/domain/status.ts';
import { NotFoundError } from '../../errors.ts';
import type { Principal } from '../../auth/principal.ts';
import type { DocumentSettings } from '../../../shared/domain/settings-undo.ts';
import type { Intestazione } from '../../../shared/domain/intestazione.ts';
import type { JournalRef } from './journal.ts';
import { domainError, isConditionFailed, nextId, queryAll, store } from './base.ts';

export interface DocumentRecord {
  id: number;
  filename: string;
  upload_date: string;
  provincia: string;
  tipologia_dei: string;
  username: string;
  user_id: number;
  status: DocumentStatus | string;
  /** Italian reason when the analysis failed. */
  status_reason: string | null;
  file_key: string;
  file_size: number;
  pages_total: number | null;
  pages_done: number;
  /** The printed grand total; null when the document prints none. */
  document_total: number | null;
  document_total_db: number | null;
  sum_totale: number | null;
  row_count: number;
  layout: string | null;
  unreadable_pages: number[];
  warnings: string[];
  completed_at: string | null;
  /**
   * Set once, when the analysis starts writing rows. From then on the rows are the user's
   * document: nothing re-reads the file by itself (restart, queue redelivery, status edits).
   */
  rows_written_at?: string | null;
  /**
   * Which run holds the right to write the rows (a random token set with rows_written_at): a run
   * that lost it (its claim was given back and taken by a later run) neither writes nor removes rows.
   */
  rows_claim?: string;
  /** Rows the reader flagged "da verificare" when the analysis ended. */
  rows_to_check?: number;
  /** Scanned pages recognised by OCR so far, of ocr_pages_total (progress while OCR runs). */
  ocr_pages_done?: number;
  ocr_pages_total?: number;
  /**
   * A random token replaced after every write of the document's rows (repositories/rows.ts):
   * rows remembered under it are the current rows (rows-cache.ts). Only the rows repository
   * sets it; every Put of the document starts a new one.
   */
  rows_version?: string;
  /** Raised by one on every write of the document item (issue 26). */
  version?: number;
  /**
   * A bulk change of the rows in progress (a new typology, "Aggiorna Prezzi"): recorded before
   * the first row is written and cleared after the last, so a restart finishes it.
   */
  operation?: DocumentOperation | null;
  /** Threshold of the verification's price-deviation rule, percent (issue 24); absent: 20. */
  soglia_scostamento?: number;
  /** The printout's heading (shared/domain/intestazione.ts); absent until the user writes it. */
  intestazione?: Intestazione | null;
}

/** A bulk operation over a document's rows, as recorded on the document while it runs. */
export type DocumentOperation =
  | {
      kind: 'settings';
      id: string;
      started_at: string;
      provincia: string;
      tipologia_dei: string;
      from: string[];
      /** The document's settings before the change (before the first of changes that took over one another). */
      previous?: DocumentSettings;
      /** Where its undo journal entry is (the rows snapshot); null when it could not be written. */
      journal?: JournalRef | null;
      /** Who asked for it (the journal's `utente`). */
      utente?: string;
    }
  | { kind: 'reprice'; id: string; started_at: string }
  /** A settings change being undone ("Annulla"): the document is back on its settings, its rows are being put back. */
  | { kind: 'undo'; id: string; started_at: string; journal: JournalRef };

const KIND = 'document';
const DOCUMENT_NOT_FOUND = 'Documento non trovato';

/** A stored item without its index-only attribute. */
function toRecord(item: Record<string, unknown>): DocumentRecord {
  const { kind: _kind, ...doc } = item;
  return doc as unknown as DocumentRecord;
}

export async function newDocumentId(ctx: AppContext): Promise<number> {
  return nextId(ctx, 'documents');
}

export async function putDocument(ctx: AppContext, doc: DocumentRecord): Promise<void> {
  // A new token, never the one of the record this one may have been copied from.
  await store(ctx).send(new PutCommand({ TableName: ctx.table('documents'), Item: { ...doc, rows_version: randomUUID(), version: (doc.version ?? 0) + 1, kind: KIND } }));
}

export async function getDocument(ctx: AppContext, id: number): Promise<DocumentRecord | undefined> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('documents'), Key: { id }, ConsistentRead: true }));
  return out.Item ? toRecord(out.Item) : undefined;
}

/** A redattore reaches only their own documents; someone else's is "not found", not "forbidden". */
export async function requireDocumentFor(ctx: AppContext, id: number, principal: Principal): Promise<DocumentRecord> {
  const doc = await getDocument(ctx, id);
  if (!doc || (principal.role !== 'amministratore' && doc.user_id !== principal.id)) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return doc;
}

/**
 * Sets the given fields, one version up. With `guard.rowsVersion`, only while the document's rows
 * token is still that one (the totals were computed from those rows); with `guard.version`, only
 * while the document is at that version; with `guard.claim`, only while that run holds the right to
 * write its rows. A missing document is 404; a failed guard is null.
 */
export async function updateDocument(ctx: AppContext, id: number, changes: Partial<DocumentRecord>): Promise<DocumentRecord>;
export async function updateDocument(ctx: AppContext, id: number, changes: Partial<DocumentRecord>, guard: { rowsVersion?: string; version?: number; claim?: string }): Promise<DocumentRecord | null>;
export async function updateDocument(ctx: AppContext, id: number, changes: Partial<DocumentRecord>, guard?: { rowsVersion?: string; version?: number; claim?: string }): Promise<DocumentRecord | null> {
  const names: Record<string, string> = { '#ver': 'version' };
  const values: Record<string, unknown> = { ':zero': 0, ':one': 1 };
  const sets = Object.entries(changes)
    // The rows' token is the rows repository's alone: a record read earlier must not bring back an old one.
    .filter(([k]) => k !== 'id' && k !== 'rows_version' && k !== 'version')
    .map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
  const conditions = ['attribute_exists(id)'];
  if (guard?.rowsVersion !== undefined) {
    conditions.push('rows_version = :rows');
    values[':rows'] = guard.rowsVersion;
  }
  if (guard?.claim !== undefined) {
    conditions.push('rows_claim = :claim');
    values[':claim'] = guard.claim;
  }
  if (guard?.version !== undefined) {
    conditions.push(guard.version > 0 ? '#ver = :expected' : 'attribute_not_exists(#ver)');
    if (guard.version > 0) values[':expected'] = guard.version;
  }
  try {
    const out = await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('documents'),
        Key: { id },
        UpdateExpression: `SET ${[...sets, '#ver = if_not_exists(#ver, :zero) + :one'].join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(out.Attributes ?? {});
  } catch (err) {
    if (!isConditionFailed(err)) throw domainError(err);
    if (!guard || !(await getDocument(ctx, id))) throw new NotFoundError(DOCUMENT_NOT_FOUND, { cause: err });
    return null;
  }
}

/**
 * The analysis claims the right to write rows: only once, only while the document is still a
 * fresh upload being analysed. False when another run claimed it or the analysis had ended.
 */
export async function claimRowWrite(ctx: AppContext, id: number): Promise<string | null> {
  const claim = randomUUID();
  const taken = await conditionalUpdate(ctx, id, {
    UpdateExpression: 'SET rows_written_at = :now, rows_claim = :claim',
    ConditionExpression: `attribute_exists(id) AND #s = :processing AND attribute_not_exists(rows_written_at) AND ${NOT_ENDED}`,
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':now': ctx.now().toISOString(), ':claim': claim, ':processing': 'processing', ':null': null },
  });
  return taken ? claim : null;
}

/**
 * An analysis cut short while writing rows (a stop, a kill) gives its claim back, so the document
 * is read again from its stored original: only while it is still `processing` with the claim
 * taken and no analysis ended. The caller removes the partial rows first.
 */
export async function reopenRowWrite(ctx: AppContext, id: number): Promise<boolean> {
  return conditionalUpdate(ctx, id, {
    UpdateExpression: 'REMOVE rows_written_at, rows_claim SET row_count = :zero',
    ConditionExpression: `#s = :processing AND attribute_exists(rows_written_at) AND ${NOT_ENDED}`,
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':processing': 'processing', ':null': null },
  });
}

/**
 * Marks a document failed only while its analysis is still running (one conditional write, so
 * a finished analysis, or a status an owner set by hand, is never overwritten). False otherwise.
 */
export async function failIfProcessing(ctx: AppContext, id: number, reason: string): Promise<boolean> {
  return conditionalUpdate(ctx, id, {
    UpdateExpression: 'SET #s = :failed, status_reason = :reason, completed_at = :at',
    ConditionExpression: `#s = :processing AND ${NOT_ENDED}`,
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':failed': 'failed', ':processing': 'processing', ':reason': reason, ':at': ctx.now().toISOString(), ':null': null },
  });
}

/** No analysis has ended yet (a completed document set back to `processing` by hand has ended). */
const NOT_ENDED = '(attribute_not_exists(completed_at) OR completed_at = :null)';

async function conditionalUpdate(
  ctx: AppContext,
  id: number,
  update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> },
): Promise<boolean> {
  try {
    const { UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } = update;
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('documents'),
        Key: { id },
        ...update,
        UpdateExpression: `${UpdateExpression}, #ver = if_not_exists(#ver, :zero) + :one`,
        ExpressionAttributeNames: { ...ExpressionAttributeNames, '#ver': 'version' },
        ExpressionAttributeValues: { ...ExpressionAttributeValues, ':zero': 0, ':one': 1 },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw domainError(err);
  }
}

/** A document still waiting for its first reading: uploaded, analysis not ended, no rows written. */
export function awaitsAnalysis(doc: Pick<DocumentRecord, 'status' | 'completed_at' | 'rows_written_at'>): boolean {
  return doc.status === 'processing' && !doc.completed_at && !doc.rows_written_at;
}

export async function deleteDocumentRecord(ctx: AppContext, id: number): Promise<void> {
  await store(ctx).send(new DeleteCommand({ TableName: ctx.table('documents'), Key: { id } }));
}

/** Deletes a document record only while it is at `version` with rows `rowsVersion` (nothing written since); false otherwise. */
export async function deleteDocumentRecordIfUnchanged(ctx: AppContext, id: number, version: number, rowsVersion: string): Promise<boolean> {
  try {
    await ctx.db.send(
      new DeleteCommand({
        TableName: ctx.table('documents'),
        Key: { id },
        ConditionExpression: '#ver = :v AND rows_version = :rows',
        ExpressionAttributeNames: { '#ver': 'version' },
        ExpressionAttributeValues: { ':v': version, ':rows': rowsVersion },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw domainError(err);
  }
}

/** Clears the recorded operation if it is still this one (a later one started meanwhile stays). */
export async function clearOperation(ctx: AppContext, id: number, operationId: string): Promise<DocumentRecord | null> {
  try {
    const out = await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.table('documents'),
        Key: { id },
        UpdateExpression: 'SET #operation = :null, #ver = if_not_exists(#ver, :zero) + :one',
        ConditionExpression: 'attribute_exists(id) AND #operation.id = :op',
        ExpressionAttributeNames: { '#ver': 'version', '#operation': 'operation' },
        ExpressionAttributeValues: { ':null': null, ':op': operationId, ':zero': 0, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(out.Attributes ?? {});
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw domainError(err);
  }
}

/**
 * Points the recorded operation at another journal entry (or none), only while it is still this
 * operation. False when another one took over meanwhile.
 */
export async function setOperationJournal(ctx: AppContext, id: number, operationId: string, journal: JournalRef | null): Promise<boolean> {
  return conditionalUpdate(ctx, id, {
    UpdateExpression: 'SET #operation.journal = :j',
    ConditionExpression: 'attribute_exists(id) AND #operation.id = :op',
    ExpressionAttributeNames: { '#operation': 'operation' },
    ExpressionAttributeValues: { ':j': journal, ':op': operationId },
  });
}

/** Documents with a bulk operation left unfinished (a stop in the middle of it). */
export async function documentsWithOperation(ctx: AppContext): Promise<DocumentRecord[]> {
  const items = await queryAll<Record<string, unknown>>(ctx, {
    table: 'documents',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    FilterExpression: 'attribute_exists(operation.id)',
    ExpressionAttributeValues: { ':k': KIND },
  });
  return items.map(toRecord);
}

/** The caller's documents, newest first; an admin sees everyone's. A Query, never a Scan. */
export async function listDocumentsFor(ctx: AppContext, principal: Principal): Promise<DocumentRecord[]> {
  const query =
    principal.role === 'amministratore'
      ? { IndexName: 'by_kind', KeyConditionExpression: 'kind = :k', ExpressionAttributeValues: { ':k': KIND } }
      : { IndexName: 'by_owner', KeyConditionExpression: 'username = :u', ExpressionAttributeValues: { ':u': principal.username } };
  const items = await queryAll<Record<string, unknown>>(ctx, { table: 'documents', ScanIndexForward: false, ...query });
  return items.map(toRecord).filter((d) => principal.role === 'amministratore' || d.user_id === principal.id);
}
