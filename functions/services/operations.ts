/**
 * "Annulla" (issue 26): every edit, merge, delete and bulk change of a document's rows is recorded
 * with what undoes it exactly (the rows as they were, the versions it left); the most recent one
 * can be undone, all of it or nothing, only while its rows are still as it left them.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../config/context.ts';
import { logger, errorAttributes } from '../config/logger.ts';
import {
  describeOperation,
  DOCUMENT_OPERATION_RUNNING,
  NOT_LATEST_OPERATION,
  SETTINGS_UNDO_RUNNING,
  NOTHING_TO_UNDO,
  UNDO_COPY_CHANGED,
  UNDO_IN_PROGRESS,
  UNDO_ROW_CHANGED,
  undoneMessage,
  type OperationKind,
} from '../../shared/domain/operations.ts';
import { contentVersion, nextVersion } from '../../shared/domain/row-versions.ts';
import { ConflictError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { deleteDocumentRecordIfUnchanged, requireDocumentFor, type DocumentOperation, type DocumentRecord } from '../storage/repositories/documents.ts';
import { deletePrefix } from '../storage/blobs.ts';
import {
  appendOperation,
  claimOperation,
  CLAIM_STALE_MS,
  dropOperation,
  listOperations,
  readChanges,
  releaseOperation,
  type OperationEntry,
  type RowChange,
} from '../storage/repositories/operations.ts';
import {
  changingRows,
  deleteDocumentRows,
  getRowByKey,
  listRows,
  restoreRowsIfUnchanged,
  type RowRecord,
  type RowRestore,
} from '../storage/repositories/rows.ts';
import { retotal } from './retotal.ts';
import { finishSettingsUndo, undoSettingsChange } from './settings-undo.ts';

/** What an answer says of the operation it recorded: the web's "Annulla" sends its id back. */
export interface RecordedOperation {
  id: string;
  descrizione: string;
}

/** A row written by an operation: as it was, and as it was written. */
export const rowChange = (before: RowRecord, after: RowRecord | null): RowChange => ({
  before,
  after: after && { id: after.id, row_index: after.row_index, version: after.version ?? 0 },
});

/**
 * Records an operation that changed `changes` rows of a document. The operation is done already:
 * a journal that cannot be written costs only its undo (logged), never the answer.
 */
export async function recordOperation(
  ctx: AppContext,
  documentId: number,
  principal: Principal,
  tipo: OperationKind,
  changes: RowChange[],
): Promise<RecordedOperation | undefined> {
  if (!changes.length) return undefined;
  const rowIndexes = changes.map((c) => (c.before ?? c.after)!.row_index);
  try {
    const entry = await appendOperation(ctx, documentId, { tipo, descrizione: describeOperation(tipo, rowIndexes), utente: principal.username }, changes);
    return { id: entry.id, descrizione: entry.descrizione };
  } catch (err) {
    logger.error('undo journal not written', { documentId, tipo, error: errorAttributes(err) });
    return undefined;
  }
}

/**
 * Records a duplication in the source document's journal: its undo deletes the copy, only while
 * nothing was written to the copy since (its version and rows token as made).
 */
export async function recordDuplicate(ctx: AppContext, principal: Principal, source: DocumentRecord, copy: DocumentRecord): Promise<RecordedOperation | undefined> {
  if (copy.version === undefined || copy.rows_version === undefined) return undefined;
  try {
    const entry = await appendOperation(
      ctx,
      source.id,
      { tipo: 'duplicazione', descrizione: describeOperation('duplicazione', Array.from({ length: copy.row_count ?? 0 }, (_, i) => i + 1)), utente: principal.username, copia: { id: copy.id, version: copy.version, rows_version: copy.rows_version } },
      [],
    );
    return { id: entry.id, descrizione: entry.descrizione };
  } catch (err) {
    logger.error('undo journal not written', { documentId: source.id, tipo: 'duplicazione', error: errorAttributes(err) });
    return undefined;
  }
}

/** A duplication undone: the copy deleted (record first, conditionally; then its rows, journal and files). */
async function undoDuplicate(ctx: AppContext, principal: Principal, copia: NonNullable<OperationEntry['copia']>): Promise<void> {
  // Only a copy the caller may delete.
  await requireDocumentFor(ctx, copia.id, principal).catch(() => {
    throw new ConflictError(UNDO_COPY_CHANGED);
  });
  if (!(await deleteDocumentRecordIfUnchanged(ctx, copia.id, copia.version, copia.rows_version))) throw new ConflictError(UNDO_COPY_CHANGED);
  await deleteDocumentRows(ctx, copia.id);
  await deletePrefix(ctx, `documents/${copia.id}/`);
}

/** The operations the owner can undo, newest first. */
export async function undoableOperations(ctx: AppContext, principal: Principal, documentId: number): Promise<OperationEntry[]> {
  await requireDocumentFor(ctx, documentId, principal);
  return listOperations(ctx, documentId);
}

/** The rows an operation touched, as stored now (by their keys). */
async function currentRows(ctx: AppContext, documentId: number, changes: RowChange[]): Promise<Map<number, RowRecord>> {
  const indexes = changes.map((c) => (c.after ?? c.before)!.row_index);
  if (indexes.length > 50) return new Map((await listRows(ctx, documentId)).map((r) => [r.row_index, r]));
  const rows = await Promise.all(indexes.map((i) => getRowByKey(ctx, documentId, i)));
  return new Map(rows.filter((r): r is RowRecord => !!r).map((r) => [r.row_index, r]));
}

/**
 * What each row becomes: the row as it was before the operation, one version above the one stored
 * now. Throws the 409 when a row is no longer what the operation left (edited, deleted, merged
 * since, or a removed row's place taken).
 */
function plannedRestores(changes: RowChange[], current: Map<number, RowRecord>): RowRestore[] {
  return changes.map(({ before, after }) => {
    const now = current.get((after ?? before)!.row_index);
    // A row an undo put back as the operation left it counts as untouched (undo after undo).
    const untouched = after ? now?.id === after.id && ((now.version ?? 0) === after.version || now.same_as_version === after.version) : !now;
    if (!untouched || !before) throw new ConflictError(UNDO_ROW_CHANGED);
    return { current: now, next: { ...nextVersion(now ?? before, before), same_as_version: contentVersion(before) } };
  });
}

/**
 * POST /api/documents/{id}/undo: the most recent operation undone (when `operationId` is given,
 * only if it is still the most recent). One undo at a time holds the operation, so two undos
 * sent together never undo the same one twice; a refused undo changes nothing and leaves the
 * operation undoable. The document is then re-totalled as after any row change.
 */
export async function undoLatest(ctx: AppContext, principal: Principal, documentId: number, operationId?: string) {
  const doc = await requireDocumentFor(ctx, documentId, principal);
  const [latest] = await listOperations(ctx, documentId);
  if (doc.operation?.kind === 'undo') return finishStalledUndo(ctx, documentId, doc.operation, latest);
  // A settings change or a re-price still writing rows: its own entry is not complete yet, and
  // an older operation undone now would be undone under it.
  if (doc.operation) throw new ConflictError(DOCUMENT_OPERATION_RUNNING);
  if (!latest) throw new ConflictError(operationId ? NOT_LATEST_OPERATION : NOTHING_TO_UNDO);
  if (operationId !== undefined && latest.id !== operationId) throw new ConflictError(NOT_LATEST_OPERATION);
  const held = latest.claim && (latest.claimed_at ?? 0) >= ctx.now().getTime() - CLAIM_STALE_MS;
  const token = randomUUID();
  if (held || !(await claimOperation(ctx, documentId, latest, token))) throw new ConflictError(UNDO_IN_PROGRESS);
  if (latest.precedente) {
    try {
      const { document, totals } = await undoSettingsChange(ctx, doc, latest, token);
      return { operation: latest, message: undoneMessage(latest.descrizione), document, totals };
    } catch (err) {
      // Refused before the document was touched: the change stays undoable. Once the document
      // took the undo, it is finished by the next start or by the undo sent again.
      await releaseOperation(ctx, documentId, latest, token).catch(() => undefined);
      throw err;
    }
  }
  try {
    const changes = await readChanges(ctx, documentId, latest);
    if (!changes) throw new ConflictError(UNDO_IN_PROGRESS);
    if (latest.copia) await undoDuplicate(ctx, principal, latest.copia);
    const restored = await changingRows(ctx, [{ document_id: documentId }], async () =>
      restoreRowsIfUnchanged(ctx, plannedRestores(changes, await currentRows(ctx, documentId, changes))),
    );
    if (!restored) throw new ConflictError(UNDO_ROW_CHANGED);
  } catch (err) {
    await releaseOperation(ctx, documentId, latest, token).catch(() => undefined);
    throw err;
  }
  await dropOperation(ctx, documentId, latest, token);
  const { document, totals } = await retotal(ctx, doc);
  return { operation: latest, message: undoneMessage(latest.descrizione), document, totals };
}

/**
 * An undo of a settings change recorded on the document: refused while it may still be running;
 * one left by a stop (older than CLAIM_STALE_MS, the next start not there yet) is finished here.
 */
async function finishStalledUndo(ctx: AppContext, documentId: number, operation: Extract<DocumentOperation, { kind: 'undo' }>, latest: OperationEntry | undefined) {
  if (Date.parse(operation.started_at) >= ctx.now().getTime() - CLAIM_STALE_MS) throw new ConflictError(SETTINGS_UNDO_RUNNING);
  const { document, totals } = await finishSettingsUndo(ctx, documentId, operation);
  if (latest?.id !== operation.journal.op) throw new ConflictError(NOT_LATEST_OPERATION);
  return { operation: latest, message: undoneMessage(latest.descrizione), document, totals };
}
