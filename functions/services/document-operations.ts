/**
 * Operations over a whole document's rows (issue 26): "Aggiorna Prezzi", a new province or
 * typology, status, delete. Rows are written one by one, each conditionally on the version read
 * (services/row-writes.ts), so edits, merges and deletes that arrive meanwhile are kept.
 */
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import { awaitsAnalysis, deleteDocumentRecord, updateDocument, type DocumentRecord } from '../storage/repositories/documents.ts';
import { deleteDocumentRows, readDocumentRows } from '../storage/repositories/rows.ts';
import { deletePrefix } from '../storage/blobs.ts';
import type { DocumentStatus } from '../../shared/domain/status.ts';
import { repriceRows } from './pricing.ts';
import { retotal } from './rows.ts';

/** A settings change in progress, recorded on the document until every row follows it. */
export interface SettingsOperation {
  kind: 'settings';
  /** Typologies that rows following the document's own typology may still carry. */
  from: string[];
  provincia: string;
  tipologia_dei: string;
  started_at: string;
}

export const PROCESSING_BY_HAND = 'Lo stato \u201cIn elaborazione\u201d non si può impostare a mano: il documento non è in analisi.';

/** "Aggiorna Prezzi": every row priced again by the rules (manual prices stay), then re-totalled. */
export async function refreshPrices(ctx: AppContext, doc: DocumentRecord) {
  return repriceRows(ctx, doc, await readDocumentRows(ctx, doc));
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
  const pending = (doc as DocumentRecord & { operation?: SettingsOperation | null }).operation;
  const from = [...new Set([...(pending?.kind === 'settings' ? pending.from : []), doc.tipologia_dei])].filter((t) => t !== settings.tipologia_dei);
  const operation: SettingsOperation = { kind: 'settings', from, ...settings, started_at: ctx.now().toISOString() };
  const updated = await updateDocument(ctx, doc.id, { ...settings, operation } as Partial<DocumentRecord>);
  const rows = await readDocumentRows(ctx, doc);
  const follows = (r: { tipologia_dei: string }) => !r.tipologia_dei || from.includes(r.tipologia_dei);
  const result = await repriceRows(ctx, updated, rows, (r) => (follows(r) ? { ...r, tipologia_dei: settings.tipologia_dei } : r));
  const document = await updateDocument(ctx, doc.id, { operation: null } as Partial<DocumentRecord>);
  return { ...result, document, rowCount: rows.length };
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
