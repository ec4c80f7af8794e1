/**
 * "Annulla" of a change of province or typology (issue 26). The change is journaled as the
 * document's settings before it and a snapshot of every row taken before its first row write
 * (its place in the journal taken before the rows are read, so every journaled operation after
 * it saw rows the snapshot already has). Its undo puts the settings back and every row the
 * change moved back to its snapshot, all or nothing: refused (409) when a row was changed by
 * somebody else since. Once checked, the undo is recorded on the document as an operation of its
 * own, like the settings change itself: a stop in the middle is finished by the next start (or by
 * the undo sent again), so the document never stays half on one typology.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../config/context.ts';
import { logger, errorAttributes } from '../config/logger.ts';
import { ConflictError, NotFoundError, OperationSupersededError } from '../errors.ts';
import {
  describeOperation,
  DOCUMENT_OPERATION_RUNNING,
  SETTINGS_UNDO_RUNNING,
  UNDO_IN_PROGRESS,
  UNDO_ROW_CHANGED,
} from '../../shared/domain/operations.ts';
import { rowsBlockingSettingsUndo, undoneSettingsRow, type DocumentSettings } from '../../shared/domain/settings-undo.ts';
import { getDocument, setOperationJournal, updateDocument, clearOperation, type DocumentOperation, type DocumentRecord } from '../storage/repositories/documents.ts';
import {
  discardJournalEntry,
  journalEntryStored,
  readRowsSnapshot,
  reserveJournalNumber,
  writeRowsSnapshot,
  type JournalEntry,
  type JournalRef,
} from '../storage/repositories/journal.ts';
import { changingRows, getRowByKey, listRows, replaceRowsIfUnchanged, type RowRecord } from '../storage/repositories/rows.ts';
import { retotal } from './retotal.ts';

type SettingsOperation = Extract<DocumentOperation, { kind: 'settings' }>;
type UndoOperation = Extract<DocumentOperation, { kind: 'undo' }>;

/** Attempts at writing the rows back when others write them too, or at claiming the document. */
const ATTEMPTS = 25;

/** A place in the journal for a settings change; null (logged) when the journal cannot be written. */
async function reserveSettingsEntry(ctx: AppContext, documentId: number): Promise<JournalRef | null> {
  try {
    return { op: randomUUID(), seq: await reserveJournalNumber(ctx, documentId) };
  } catch (err) {
    logger.error('undo journal not written', { documentId, tipo: 'impostazioni', error: errorAttributes(err) });
    return null;
  }
}

/** The journal entry a settings change writes to, whether it is its own, and the rows it read. */
export interface SettingsEntry {
  entry: JournalRef | null;
  mine: boolean;
  rows: RowRecord[];
}

/**
 * The journal entry of a settings change just recorded on the document (`operation`), and the
 * rows it is to move, read after the entry's place was taken. A change that took over an
 * unfinished one (`tookOver`: sent again, finished at start, or sent while the other ran) keeps
 * that one's entry when its snapshot is complete: the rows the other moved are in it as they were
 * before. When it is not, the other had not written a row yet (its snapshot comes first), and
 * this change takes a place of its own, after the claim (so the journal's order is the order the
 * changes took the document in), then snapshots the rows as they are; so does a change taken over
 * before it had its place (`journal` absent). When the change taken over could not be journaled
 * (`journal` null), this one is not either: the other may have moved rows already.
 */
export async function startSettingsEntry(
  ctx: AppContext,
  documentId: number,
  operation: SettingsOperation,
  tookOver: boolean,
  readRows: () => Promise<RowRecord[]>,
): Promise<SettingsEntry> {
  const inherited = operation.journal;
  if (tookOver && (inherited === null || (inherited && (await journalEntryStored(ctx, documentId, inherited))))) return { entry: inherited, mine: false, rows: await readRows() };
  const fresh = await reserveSettingsEntry(ctx, documentId);
  const rows = await readRows();
  if (!fresh || !(await setOperationJournal(ctx, documentId, operation.id, fresh))) return { entry: null, mine: false, rows };
  try {
    const previous = operation.previous ?? { provincia: operation.provincia, tipologia_dei: operation.tipologia_dei };
    const summary = { tipo: 'impostazioni' as const, descrizione: describeOperation('impostazioni', rows.map((r) => r.row_index)), utente: operation.utente ?? '', precedente: previous };
    await writeRowsSnapshot(ctx, documentId, fresh, summary, rows);
    return { entry: fresh, mine: true, rows };
  } catch (err) {
    logger.error('undo journal not written', { documentId, tipo: 'impostazioni', error: errorAttributes(err) });
    await discardJournalEntry(ctx, documentId, fresh).catch(() => undefined);
    await setOperationJournal(ctx, documentId, operation.id, null).catch(() => undefined);
    return { entry: null, mine: false, rows };
  }
}

/**
 * After the settings change wrote its rows: what it answers as its undoable operation when it
 * finished (`cleared`); when a later change took over, its own entry is dropped unless the later
 * one kept it (the later change is then the one undone, back to the settings before both).
 */
export async function settleSettingsEntry(ctx: AppContext, documentId: number, { entry, mine, rows }: SettingsEntry, cleared: boolean) {
  if (!entry) return undefined;
  if (cleared) {
    const snapshot = mine ? rows : await readRowsSnapshot(ctx, documentId, entry).catch(() => undefined);
    return snapshot ? { id: entry.op, descrizione: describeOperation('impostazioni', snapshot.map((r) => r.row_index)) } : undefined;
  }
  if (mine) {
    const now = await getDocument(ctx, documentId);
    const kept = now?.operation?.kind === 'settings' && now.operation.journal?.op === entry.op;
    if (!kept) await discardJournalEntry(ctx, documentId, entry).catch(() => undefined);
  }
  return undefined;
}

/** The rows as stored, by their place. */
async function rowsByIndex(ctx: AppContext, documentId: number): Promise<Map<number, RowRecord>> {
  return new Map((await listRows(ctx, documentId)).map((r) => [r.row_index, r]));
}

/**
 * Records the undo on the document, with its settings as they were before the change: only
 * while no other bulk operation is recorded there (a settings change or a re-price still
 * running, another undo), conditionally on the version read.
 */
async function claimUndo(ctx: AppContext, doc: DocumentRecord, operation: UndoOperation, previous: DocumentSettings): Promise<DocumentRecord> {
  let current = doc;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (current.operation) throw new ConflictError(current.operation.kind === 'undo' ? SETTINGS_UNDO_RUNNING : DOCUMENT_OPERATION_RUNNING);
    const written = await updateDocument(ctx, doc.id, { provincia: previous.provincia, tipologia_dei: previous.tipologia_dei, operation }, { version: current.version ?? 0 });
    if (written) return written;
    const fresh = await getDocument(ctx, doc.id);
    if (!fresh) throw new NotFoundError('Documento non trovato');
    current = fresh;
  }
  throw new ConflictError(UNDO_IN_PROGRESS);
}

/**
 * The settings change `entry` undone (its journal entry held by the caller with `token`): every
 * row checked first (409, nothing changed, when one was changed since), then the document back
 * on its settings and the rows put back (finishSettingsUndo).
 */
export async function undoSettingsChange(ctx: AppContext, doc: DocumentRecord, entry: JournalEntry, token: string) {
  const journal = { op: entry.id, seq: entry.seq };
  const snapshot = await readRowsSnapshot(ctx, doc.id, journal);
  if (!snapshot || !entry.precedente) throw new ConflictError(UNDO_IN_PROGRESS);
  const current = await rowsByIndex(ctx, doc.id);
  if (rowsBlockingSettingsUndo(snapshot, current).length) throw new ConflictError(UNDO_ROW_CHANGED);
  const operation: UndoOperation = { kind: 'undo', id: token, started_at: ctx.now().toISOString(), journal };
  await claimUndo(ctx, doc, operation, entry.precedente);
  // The rows as read for the check: one changed since is refused at its write and read again.
  return finishSettingsUndo(ctx, doc.id, operation, { snapshot, current });
}

/**
 * Puts back every row the settings change moved, from its snapshot (undoneSettingsRow), each
 * conditionally on the version read and on the document's operation still being this undo; a
 * row refused because it changed meanwhile is read again and decided again. Then the journal
 * entry goes, the document's operation is cleared and its totals worked out from the rows.
 * Run again after a stop, it writes only what is left: rows already put back are untouched.
 */
export async function finishSettingsUndo(ctx: AppContext, documentId: number, operation: UndoOperation, read?: { snapshot: RowRecord[]; current: Map<number, RowRecord> }) {
  const snapshot = read?.snapshot ?? (await readRowsSnapshot(ctx, documentId, operation.journal));
  if (snapshot) {
    await putBack(ctx, documentId, operation, snapshot, read?.current).catch((err) => {
      // The document's operation is no longer this undo: the document was deleted meanwhile.
      if (!(err instanceof OperationSupersededError)) throw err;
    });
  }
  await discardJournalEntry(ctx, documentId, operation.journal);
  const cleared = await clearOperation(ctx, documentId, operation.id);
  const doc = cleared ?? (await getDocument(ctx, documentId));
  if (!doc) throw new NotFoundError('Documento non trovato');
  return retotal(ctx, doc);
}

/** The rows of the snapshot written back (undoneSettingsRow), each conditionally, until none is left to write. */
async function putBack(ctx: AppContext, documentId: number, operation: UndoOperation, snapshot: RowRecord[], known?: Map<number, RowRecord>): Promise<void> {
  await changingRows(ctx, [{ document_id: documentId }], async () => {
    const current = known ?? (await rowsByIndex(ctx, documentId));
    let todo = snapshot;
    for (let attempt = 0; todo.length; attempt++) {
      if (attempt >= ATTEMPTS) throw new ConflictError(UNDO_IN_PROGRESS);
      const pairs = todo.flatMap((before) => {
        const now = current.get(before.row_index);
        const next = undoneSettingsRow(before, now);
        return next && now ? [{ before, now, next }] : [];
      });
      if (!pairs.length) break;
      const verdicts = await replaceRowsIfUnchanged(
        ctx,
        pairs.map(({ now, next }) => ({ current: now, next })),
        { documentId, operationId: operation.id },
      );
      const again = pairs.filter((_, k) => verdicts[k] !== 'written');
      const changed = pairs.filter((_, k) => verdicts[k] === 'changed');
      await Promise.all(
        changed.map(async ({ before }) => {
          const fresh = await getRowByKey(ctx, documentId, before.row_index);
          if (fresh) current.set(before.row_index, fresh);
          else current.delete(before.row_index);
        }),
      );
      todo = again.map((p) => p.before);
    }
  });
}
