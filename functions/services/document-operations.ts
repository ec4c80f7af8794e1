/**
 * Operations over a whole document's rows (issue 26): "Aggiorna Prezzi", a new province or
 * typology, status, delete. Rows are written one by one, each conditionally on the version read
 * (services/row-writes.ts), so edits, merges and deletes that arrive meanwhile are kept.
 */
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import { randomUUID } from 'node:crypto';
import {
  awaitsAnalysis,
  clearOperation,
  deleteDocumentRecord,
  documentsWithOperation,
  updateDocument,
  type DocumentOperation,
  type DocumentRecord,
} from '../storage/repositories/documents.ts';
import { deleteDocumentRows, readDocumentRows } from '../storage/repositories/rows.ts';
import { deletePrefix } from '../storage/blobs.ts';
import type { DocumentStatus } from '../../shared/domain/status.ts';
import { repriceRows } from './pricing.ts';
import { retotal } from './rows.ts';

export const PROCESSING_BY_HAND = 'Lo stato \u201cIn elaborazione\u201d non si può impostare a mano: il documento non è in analisi.';

/**
 * "Aggiorna Prezzi": every row priced again by the rules (manual prices stay), then re-totalled.
 * Recorded on the document while it runs, so a restart finishes it.
 */
export async function refreshPrices(ctx: AppContext, doc: DocumentRecord) {
  const operation: DocumentOperation = { kind: 'reprice', id: randomUUID(), started_at: ctx.now().toISOString() };
  // A settings change left unfinished is finished instead: it re-prices every row too.
  if (doc.operation?.kind === 'settings') return changeSettings(ctx, doc, { provincia: doc.operation.provincia, tipologia_dei: doc.operation.tipologia_dei });
  await updateDocument(ctx, doc.id, { operation });
  const result = await repriceRows(ctx, doc, await readDocumentRows(ctx, doc));
  return { ...result, document: (await clearOperation(ctx, doc.id, operation.id)) ?? result.document };
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
 */
export async function changeSettings(ctx: AppContext, doc: DocumentRecord, settings: { provincia: string; tipologia_dei: string }) {
  const pending = doc.operation?.kind === 'settings' ? doc.operation.from : [];
  const from = [...new Set([...pending, doc.tipologia_dei])].filter((t) => t !== settings.tipologia_dei);
  const operation: DocumentOperation = { kind: 'settings', id: randomUUID(), from, ...settings, started_at: ctx.now().toISOString() };
  const updated = await updateDocument(ctx, doc.id, { ...settings, operation });
  const rows = await readDocumentRows(ctx, doc);
  const follows = (r: { tipologia_dei: string }) => !r.tipologia_dei || from.includes(r.tipologia_dei);
  const result = await repriceRows(ctx, updated, rows, (r) => (follows(r) ? { ...r, tipologia_dei: settings.tipologia_dei } : r));
  const document = (await clearOperation(ctx, doc.id, operation.id)) ?? result.document;
  return { ...result, document, rowCount: rows.length };
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
      else await refreshPrices(ctx, { ...doc, operation: null });
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
  await deletePrefix(ctx, `documents/${doc.id}/`);
}
