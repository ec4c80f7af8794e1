/**
 * The undo journal's one door (issue 26, "Annulla"): every change of a document's rows (an edit,
 * a merge, a delete, a suggestion applied, a re-price, a typology changed) runs through
 * `journaled`, which records the rows it wrote as one entry, with what undoes it exactly (the
 * rows as they were, the versions it left). The two entries of another shape are written beside
 * it: a duplication (`journalDuplicate`: its undo deletes the copy) and a settings change (a
 * snapshot of every row taken before its first write, services/settings-undo.ts). Undoing an
 * entry is services/undo.ts.
 */
import type { AppContext } from '../config/context.ts';
import { logger, errorAttributes } from '../config/logger.ts';
import { describeOperation, type OperationKind } from '../../shared/domain/operations.ts';
import type { Principal } from '../auth/principal.ts';
import type { DocumentRecord } from '../storage/repositories/documents.ts';
import { appendJournalEntry, type RowChange } from '../storage/repositories/journal.ts';
import type { RowRecord } from '../storage/repositories/rows.ts';

/** What an answer says of the journal entry it recorded (its `operation`): the web's "Annulla" sends its id back. */
export interface UndoableEntry {
  id: string;
  descrizione: string;
}

/** Tells the journal of one row a change wrote: as it was, and as written (null: removed). Fits row-writes.ts `RowWritten`. */
export type JournalWrite = (before: RowRecord, after: RowRecord | null) => void;

/** A row written by a change: as it was, and the keys and version it was written with. */
const rowChange = (before: RowRecord, after: RowRecord | null): RowChange => ({
  before,
  after: after && { id: after.id, row_index: after.row_index, version: after.version ?? 0 },
});

/** Appends one entry; a journal that cannot be written costs only its undo (logged), never the answer. */
async function append(ctx: AppContext, documentId: number, summary: Parameters<typeof appendJournalEntry>[2], changes: RowChange[]): Promise<UndoableEntry | undefined> {
  try {
    const entry = await appendJournalEntry(ctx, documentId, summary, changes);
    return { id: entry.id, descrizione: entry.descrizione };
  } catch (err) {
    logger.error('undo journal not written', { documentId, tipo: summary.tipo, error: errorAttributes(err) });
    return undefined;
  }
}

/**
 * Runs `change`, which calls `write` for every row it writes, and records those rows as one
 * journal entry of kind `tipo` once it is done (none when it wrote no row). `principal` null: a
 * change nobody asked for (a re-price finished at start) runs unrecorded.
 */
export async function journaled<T>(
  ctx: AppContext,
  documentId: number,
  principal: Principal | null,
  tipo: OperationKind,
  change: (write: JournalWrite) => Promise<T>,
): Promise<{ result: T; entry: UndoableEntry | undefined }> {
  const changes: RowChange[] = [];
  const result = await change((before, after) => changes.push(rowChange(before, after)));
  if (!principal || !changes.length) return { result, entry: undefined };
  const rowIndexes = changes.map((c) => (c.before ?? c.after)!.row_index);
  const entry = await append(ctx, documentId, { tipo, descrizione: describeOperation(tipo, rowIndexes), utente: principal.username }, changes);
  return { result, entry };
}

/**
 * Records a duplication in the source document's journal: its undo deletes the copy, only while
 * nothing was written to the copy since (its version and rows token as made).
 */
export async function journalDuplicate(ctx: AppContext, principal: Principal, source: DocumentRecord, copy: DocumentRecord): Promise<UndoableEntry | undefined> {
  if (copy.version === undefined || copy.rows_version === undefined) return undefined;
  const rowIndexes = Array.from({ length: copy.row_count ?? 0 }, (_, i) => i + 1);
  const copia = { id: copy.id, version: copy.version, rows_version: copy.rows_version };
  return append(ctx, source.id, { tipo: 'duplicazione', descrizione: describeOperation('duplicazione', rowIndexes), utente: principal.username, copia }, []);
}
