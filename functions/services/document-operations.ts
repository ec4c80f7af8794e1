/**
 * Operations over a whole document's rows (issue 26): "Aggiorna Prezzi", a new province or
 * typology, status, delete. Rows are written one by one, each conditionally on the version read
 * (services/row-writes.ts), so edits, merges and deletes that arrive meanwhile are kept.
 */
import type { AppContext } from '../config/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { randomUUID } from 'node:crypto';
import {
  awaitsAnalysis,
  clearOperation,
  deleteDocumentRecord,
  documentsWithOperation,
  getDocument,
  updateDocument,
  type DocumentOperation,
  type DocumentRecord,
} from '../storage/repositories/documents.ts';
import { deleteDocumentRows, readDocumentRows, type RowRecord } from '../storage/repositories/rows.ts';
import { deletePrefix } from '../storage/blobs.ts';
import { deleteJournal } from '../storage/repositories/journal.ts';
import type { DocumentStatus } from '../../shared/domain/status.ts';
import { SETTINGS_UNDO_RUNNING } from '../../shared/domain/operations.ts';
import type { DocumentSettings } from '../../shared/domain/settings-undo.ts';
import { finishSettingsUndo, settleSettingsEntry, startSettingsEntry } from './settings-undo.ts';
import { repriceRows } from './pricing.ts';
import { retotal } from './retotal.ts';
import { journaled } from './journal.ts';
import type { Principal } from '../auth/principal.ts';

export const PROCESSING_BY_HAND = 'Lo stato \u201cIn elaborazione\u201d non si può impostare a mano: il documento non è in analisi.';

/**
 * "Aggiorna Prezzi": every row priced again by the rules (manual prices stay), then re-totalled.
 * Recorded on the document while it runs, so a restart finishes it; journaled for "Annulla" as
 * the `principal`'s change (`operation`: its journal entry; none for a re-price finished at start).
 */
export async function refreshPrices(ctx: AppContext, doc: DocumentRecord, principal: Principal | null) {
  const operation: DocumentOperation = { kind: 'reprice', id: randomUUID(), started_at: ctx.now().toISOString() };
  const claimed = await claimOperation(ctx, doc, (current) => {
    if (current.operation?.kind === 'undo') throw new ConflictError(SETTINGS_UNDO_RUNNING);
    return current.operation?.kind === 'settings' ? null : { operation };
  });
  // A settings change under way or left unfinished is finished instead: it re-prices every row too
  // (replacing its record would lose the typologies it moves rows from).
  if (!claimed) {
    const current = (await getDocument(ctx, doc.id)) ?? doc;
    const pending = current.operation?.kind === 'settings' ? current.operation : null;
    if (pending) return changeSettings(ctx, current, { provincia: pending.provincia, tipologia_dei: pending.tipologia_dei });
  }
  const rows = await readDocumentRows(ctx, doc);
  const { result, entry } = await journaled(ctx, doc.id, principal, 'prezzi', (write) => repriceRows(ctx, claimed ?? doc, rows, undefined, claimed ? operation.id : undefined, write));
  return { ...result, document: (await clearOperation(ctx, doc.id, operation.id)) ?? result.document, operation: entry };
}

/** Chosen rows of a document moved to another DEI typology and priced again, journaled as one change (`operation`). */
export async function retypeRows(ctx: AppContext, principal: Principal, doc: DocumentRecord, rows: RowRecord[], tipologia: string) {
  const { result, entry } = await journaled(ctx, doc.id, principal, 'tipologia', (write) => repriceRows(ctx, doc, rows, (r) => ({ ...r, tipologia_dei: tipologia }), undefined, write));
  return { ...result, operation: entry };
}

/** Attempts to record an operation before another writer of the document is given up (409). */
const CLAIM_ATTEMPTS = 10;
export const DOCUMENT_BUSY = 'Il documento è stato modificato da troppe richieste nello stesso momento: riprova tra poco.';

/**
 * Records an operation on the document, conditionally on the version its decision was made on:
 * two settings changes (or a re-price and a settings change) that start together never both
 * decide from the same document, so the later one always knows the typologies the earlier one
 * moves rows from. `decide` returns the changes to write, or null to record nothing.
 */
async function claimOperation(
  ctx: AppContext,
  doc: DocumentRecord,
  decide: (current: DocumentRecord) => Partial<DocumentRecord> | null,
): Promise<DocumentRecord | null> {
  let current = doc;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const changes = decide(current);
    if (!changes) return null;
    const written = await updateDocument(ctx, doc.id, changes, { version: current.version ?? 0 });
    if (written) return written;
    const fresh = await getDocument(ctx, doc.id);
    if (!fresh) throw new NotFoundError('Documento non trovato');
    current = fresh;
  }
  throw new ConflictError(DOCUMENT_BUSY);
}

/** Totals only, from the rows as stored. */
export async function refreshTotals(ctx: AppContext, doc: DocumentRecord) {
  return retotal(ctx, doc);
}

/**
 * A province or typology chosen wrongly at upload is corrected, and every row is priced again.
 * Rows that followed the document's typology follow the new one; rows given another typology by
 * hand keep it. The operation is recorded on the document first and cleared at the end: sent
 * again after an interruption, it still moves the rows left on the typology it started from.
 * It is journaled for "Annulla" (services/settings-undo.ts): the settings before it and the rows
 * as they were, snapshotted before its first row write; the answer names the operation.
 */
export async function changeSettings(ctx: AppContext, doc: DocumentRecord, settings: DocumentSettings, utente?: string) {
  const id = randomUUID();
  let from: string[] = [];
  let tookOver = false;
  const updated = (await claimOperation(ctx, doc, (current) => {
    if (current.operation?.kind === 'undo') throw new ConflictError(SETTINGS_UNDO_RUNNING);
    // The typologies an unfinished or running settings change moves rows from are moved too.
    const pending = current.operation?.kind === 'settings' ? current.operation : null;
    tookOver = pending !== null;
    from = [...new Set([...(pending?.from ?? []), current.tipologia_dei])].filter((t) => t !== settings.tipologia_dei);
    const before = { provincia: current.provincia, tipologia_dei: current.tipologia_dei };
    const operation: DocumentOperation = {
      kind: 'settings',
      id,
      from,
      ...settings,
      started_at: ctx.now().toISOString(),
      // Changes that take over one another are one operation for "Annulla", back to the settings before the first.
      previous: pending ? (pending.previous ?? before) : before,
      // The entry of the change taken over (absent: none reserved yet, so it wrote no row; null: none at all).
      journal: pending?.journal,
      utente: pending?.utente ?? utente,
    };
    return { ...settings, operation };
  }))!;
  const operation = updated.operation as Extract<DocumentOperation, { kind: 'settings' }>;
  const journal = await startSettingsEntry(ctx, doc.id, operation, tookOver, () => readDocumentRows(ctx, updated));
  const { rows } = journal;
  const follows = (r: { tipologia_dei: string }) => !r.tipologia_dei || from.includes(r.tipologia_dei);
  const result = await repriceRows(ctx, updated, rows, (r) => (follows(r) ? { ...r, tipologia_dei: settings.tipologia_dei } : r), operation.id);
  const cleared = await clearOperation(ctx, doc.id, operation.id);
  const recorded = await settleSettingsEntry(ctx, doc.id, journal, cleared !== null);
  return { ...result, document: cleared ?? result.document, rowCount: rows.length, operation: recorded };
}

/**
 * At start: the bulk operations a stop cut short are run again to the end (a settings change
 * moves the rows still on the old typology; a re-price prices every row). One after the other.
 */
export async function resumeOperations(ctx: AppContext, log: (line: Record<string, unknown>) => void = () => undefined): Promise<number> {
  const pending = await documentsWithOperation(ctx);
  for (const doc of pending) {
    try {
      if (doc.operation?.kind === 'settings') await changeSettings(ctx, doc, { provincia: doc.operation.provincia, tipologia_dei: doc.operation.tipologia_dei });
      else if (doc.operation?.kind === 'undo') await finishSettingsUndo(ctx, doc.id, doc.operation);
      else await refreshPrices(ctx, { ...doc, operation: null }, null);
      log({ level: 'info', documentId: doc.id, message: `unfinished ${doc.operation?.kind} finished at start` });
    } catch (err) {
      log({ level: 'error', documentId: doc.id, message: 'unfinished operation not finished', error: String(err) });
    }
  }
  return pending.length;
}

/** A status set by hand: `processing` only while the document is really being analysed. */
export async function setStatusByHand(ctx: AppContext, doc: DocumentRecord, status: DocumentStatus): Promise<DocumentRecord> {
  if (status === 'processing' && !awaitsAnalysis(doc)) throw new ValidationError(PROCESSING_BY_HAND);
  return updateDocument(ctx, doc.id, { status });
}

/**
 * The document goes first, then its rows and files: an analysis still writing rows finds the
 * document gone after its batch and removes what it wrote (worker/analysis.ts).
 */
export async function deleteDocument(ctx: AppContext, doc: DocumentRecord): Promise<void> {
  await deleteDocumentRecord(ctx, doc.id);
  await deleteDocumentRows(ctx, doc.id);
  await deleteJournal(ctx, doc.id);
  await deletePrefix(ctx, `documents/${doc.id}/`);
}
