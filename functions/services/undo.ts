/**
 * "Annulla" (issue 26): the most recent entry of a document's undo journal (written through
 * services/journal.ts) is undone, all of it or nothing, only while its rows are still as it left
 * them.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../config/context.ts';
import {
  DOCUMENT_OPERATION_RUNNING,
  NOT_LATEST_OPERATION,
  SETTINGS_UNDO_RUNNING,
  NOTHING_TO_UNDO,
  UNDO_COPY_CHANGED,
  UNDO_IN_PROGRESS,
  UNDO_ROW_CHANGED,
  undoneMessage,
} from '../../shared/domain/operations.ts';
import { contentVersion, nextVersion } from '../../shared/domain/row-versions.ts';
import { ConflictError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { deleteDocumentRecordIfUnchanged, requireDocumentFor, type DocumentOperation } from '../storage/repositories/documents.ts';
import { deletePrefix } from '../storage/blobs.ts';
import {
  claimJournalEntry,
  CLAIM_STALE_MS,
  dropJournalEntry,
  listJournal,
  readChanges,
  releaseJournalEntry,
  type JournalEntry,
  type RowChange,
} from '../storage/repositories/journal.ts';
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

/** A duplication undone: the copy deleted (record first, conditionally; then its rows, journal and files). */
async function undoDuplicate(ctx: AppContext, principal: Principal, copia: NonNullable<JournalEntry['copia']>): Promise<void> {
  // Only a copy the caller may delete.
  await requireDocumentFor(ctx, copia.id, principal).catch(() => {
    throw new ConflictError(UNDO_COPY_CHANGED);
  });
  if (!(await deleteDocumentRecordIfUnchanged(ctx, copia.id, copia.version, copia.rows_version))) throw new ConflictError(UNDO_COPY_CHANGED);
  await deleteDocumentRows(ctx, copia.id);
  await deletePrefix(ctx, `documents/${copia.id}/`);
}

/** The journal entries the owner can undo, newest first (GET /api/documents/{id}/operations). */
export async function undoableOperations(ctx: AppContext, principal: Principal, documentId: number): Promise<JournalEntry[]> {
  await requireDocumentFor(ctx, documentId, principal);
  return listJournal(ctx, documentId);
}

/** The rows an entry's change touched, as stored now (by their keys). */
async function currentRows(ctx: AppContext, documentId: number, changes: RowChange[]): Promise<Map<number, RowRecord>> {
  const indexes = changes.map((c) => (c.after ?? c.before)!.row_index);
  if (indexes.length > 50) return new Map((await listRows(ctx, documentId)).map((r) => [r.row_index, r]));
  const rows = await Promise.all(indexes.map((i) => getRowByKey(ctx, documentId, i)));
  return new Map(rows.filter((r): r is RowRecord => !!r).map((r) => [r.row_index, r]));
}

/**
 * What each row becomes: the row as it was before the change, one version above the one stored
 * now. Throws the 409 when a row is no longer what the change left (edited, deleted, merged
 * since, or a removed row's place taken).
 */
function plannedRestores(changes: RowChange[], current: Map<number, RowRecord>): RowRestore[] {
  return changes.map(({ before, after }) => {
    const now = current.get((after ?? before)!.row_index);
    // A row an undo put back as the change left it counts as untouched (undo after undo).
    const untouched = after ? now?.id === after.id && ((now.version ?? 0) === after.version || now.same_as_version === after.version) : !now;
    if (!untouched || !before) throw new ConflictError(UNDO_ROW_CHANGED);
    return { current: now, next: { ...nextVersion(now ?? before, before), same_as_version: contentVersion(before) } };
  });
}

/**
 * POST /api/documents/{id}/undo: the most recent journal entry undone (when `operationId` is given,
 * only if it is still the most recent). One undo at a time holds the entry, so two undos
 * sent together never undo the same one twice; a refused undo changes nothing and leaves the
 * entry undoable. The document is then re-totalled as after any row change.
 */
export async function undoLatest(ctx: AppContext, principal: Principal, documentId: number, operationId?: string) {
  const doc = await requireDocumentFor(ctx, documentId, principal);
  const [latest] = await listJournal(ctx, documentId);
  if (doc.operation?.kind === 'undo') return finishStalledUndo(ctx, documentId, doc.operation, latest);
  // A settings change or a re-price still writing rows: its own entry is not complete yet, and
  // an older entry undone now would be undone under it.
  if (doc.operation) throw new ConflictError(DOCUMENT_OPERATION_RUNNING);
  if (!latest) throw new ConflictError(operationId ? NOT_LATEST_OPERATION : NOTHING_TO_UNDO);
  if (operationId !== undefined && latest.id !== operationId) throw new ConflictError(NOT_LATEST_OPERATION);
  const held = latest.claim && (latest.claimed_at ?? 0) >= ctx.now().getTime() - CLAIM_STALE_MS;
  const token = randomUUID();
  if (held || !(await claimJournalEntry(ctx, documentId, latest, token))) throw new ConflictError(UNDO_IN_PROGRESS);
  if (latest.precedente) {
    try {
      const { document, totals } = await undoSettingsChange(ctx, doc, latest, token);
      return { operation: latest, message: undoneMessage(latest.descrizione), document, totals };
    } catch (err) {
      // Refused before the document was touched: the change stays undoable. Once the document
      // took the undo, it is finished by the next start or by the undo sent again.
      await releaseJournalEntry(ctx, documentId, latest, token).catch(() => undefined);
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
    await releaseJournalEntry(ctx, documentId, latest, token).catch(() => undefined);
    throw err;
  }
  await dropJournalEntry(ctx, documentId, latest, token);
  const { document, totals } = await retotal(ctx, doc);
  return { operation: latest, message: undoneMessage(latest.descrizione), document, totals };
}

/**
 * An undo of a settings change recorded on the document: refused while it may still be running;
 * one left by a stop (older than CLAIM_STALE_MS, the next start not there yet) is finished here.
 */
async function finishStalledUndo(ctx: AppContext, documentId: number, operation: Extract<DocumentOperation, { kind: 'undo' }>, latest: JournalEntry | undefined) {
  if (Date.parse(operation.started_at) >= ctx.now().getTime() - CLAIM_STALE_MS) throw new ConflictError(SETTINGS_UNDO_RUNNING);
  const { document, totals } = await finishSettingsUndo(ctx, documentId, operation);
  if (latest?.id !== operation.journal.op) throw new ConflictError(NOT_LATEST_OPERATION);
  return { operation: latest, message: undoneMessage(latest.descrizione), document, totals };
}
