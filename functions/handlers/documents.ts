/**
 * The `documents` resource (one Lambda): documents themselves here; uploads, comparison,
 * verification and undo in their own files, whose actions this module serves too.
 */
import {
  presentDocument,
  presentTotals,
  validateUploadFields,
  listDocumentsFor,
  requireDocumentFor,
  countRows,
  readDocumentRows,
} from '../services/documents.ts';
import { NotFoundError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { binary, created, INLINE_FILE_BYTES, list, listOfJson, ok, redirectTo, resource } from '../http/respond.ts';
import { cleanFilename, pdfFilename } from '../../shared/domain/text.ts';
import { formatInteger } from '../../shared/format.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';
import { storedFile } from '../services/uploads.ts';
import { statusLabel } from '../../shared/domain/status.ts';
import { changeSettings, deleteDocument, refreshPrices, refreshTotals, setStatusByHand } from '../services/document-operations.ts';
import { rowResourceJson } from '../http/row-json.ts';
import { duplicateDocument } from '../services/duplicate.ts';
import { saveIntestazione } from '../services/intestazione.ts';
import { storedContentType } from '../analysis/import/upload.ts';
import { exportAnswer } from '../http/export-answer.ts';
import { withEtag } from './answers.ts';
import { actions as uploadActions } from './uploads.ts';
import { actions as comparisonActions } from './comparison.ts';
import { actions as verificationActions } from './verification.ts';
import { actions as undoActions } from './undo.ts';

const list_ = defineRoute('GET /api/documents', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const { page, per_page: perPage, search: q } = req.query;
  const all = await listDocumentsFor(ctx, principal);
  const matching = q ? all.filter((d) => `${d.filename} ${d.provincia}`.toLowerCase().includes(q)) : all;
  const items = matching.slice((page - 1) * perPage, page * perPage).map(presentDocument);
  return list('documents', items, matching.length, {
    page,
    per_page: perPage,
    counts: {
      total: all.length,
      completed: all.filter((d) => d.status === 'completed').length,
      processing: all.filter((d) => d.status === 'processing').length,
      failed: all.filter((d) => d.status === 'failed').length,
    },
  });
});

const get = defineRoute('GET /api/documents/{id}', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  return ok(resource('documents', presentDocument(doc)));
});

const rows = defineRoute('GET /api/documents/{id}/rows', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const { page, per_page: perPage } = req.query;
  const all = await readDocumentRows(ctx, doc);
  const items = all.slice((page - 1) * perPage, page * perPage).map(rowResourceJson);
  return listOfJson(items, all.length, { page, per_page: perPage, totals: presentTotals(doc, all) });
});

const rowCount = defineRoute('GET /api/documents/{id}/row-count', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  return ok({ row_count: await countRows(ctx, doc.id) });
});

const setStatus = defineRoute('PUT /api/documents/{id}/status', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const { status } = req.body;
  const updated = await setStatusByHand(ctx, doc, status);
  return ok(resource('documents', presentDocument(updated)), { message: `Stato documento aggiornato a: ${statusLabel(status)}` });
});

const remove = defineRoute('DELETE /api/documents/{id}', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  await deleteDocument(ctx, doc);
  return ok({ id: doc.id, message: 'Documento eliminato con successo' });
});

/**
 * A PDF keeps its name with ".pdf"; any other original keeps the name it was uploaded with. A
 * name stored before names were cleaned still downloads: its lone surrogates and bidi controls
 * are replaced here too.
 */
/** A duplicate's title is stored as typed ("/" included): the file downloads under its safe base name ("../../etc/passwd" -> "passwd.pdf"). */
const originalName = (doc: { filename: string; file_key: string }) => {
  const base = cleanFilename(doc.filename);
  return /\.pdf$/i.test(doc.file_key) ? pdfFilename(base) : base;
};

/** GET /document/{id}/download: the original, under the name it was uploaded with. */
const download = defineRoute('GET /document/{id}/download', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const file = { key: doc.file_key, size: doc.file_size, filename: originalName(doc), contentType: storedContentType(doc.file_key) };
  // Up to INLINE_FILE_BYTES in the answer's body; larger by a short-lived presigned URL.
  const stored = await storedFile(ctx, file, INLINE_FILE_BYTES);
  if ('bytes' in stored) return binary(Buffer.from(stored.bytes), file.contentType, file.filename);
  return redirectTo(stored.url);
});

/** POST /api/documents/{id}/update-total {refresh}: re-prices every row (refresh) and re-totals, in one call. */
const updateTotal = defineRoute('POST /api/documents/{id}/update-total', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  if (req.body.refresh === false) {
    const { document, totals } = await refreshTotals(ctx, doc);
    return ok({ document: presentDocument(document), totals: { ...totals, document_total: document.document_total } });
  }
  // A settings change left unfinished is finished instead, and journaled as itself.
  const { operation, ...result } = await refreshPrices(ctx, doc, requirePrincipal(req));
  return ok({
    ...result.report,
    ...(operation ? { operation } : {}),
    document: presentDocument(result.document),
    totals: { ...result.totals, document_total: result.document.document_total },
    message: result.report.updated ? `Prezzi aggiornati: ${formatInteger(result.report.updated)}` : 'Nessun prezzo è stato aggiornato',
  });
});

/**
 * PUT /api/documents/{id}/settings {provincia, tipologia_dei}: a province or typology chosen
 * wrongly at upload is corrected, and every row is priced again by the rules (manual prices
 * stay). Rows that followed the document's typology follow the new one; rows given another
 * typology by hand keep it.
 */
const updateSettings = defineRoute('PUT /api/documents/{id}/settings', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const { provincia, tipologia_dei } = await validateUploadFields(ctx, req.body);
  const result = await changeSettings(ctx, doc, { provincia, tipologia_dei }, requirePrincipal(req).username);
  return ok({
    ...result.report,
    ...(result.operation ? { operation: result.operation } : {}),
    document: presentDocument(result.document),
    totals: { ...result.totals, document_total: result.document.document_total },
    message: `Provincia e tipologia aggiornate. Prezzi di riferimento trovati per ${formatInteger(result.report.updated)} ${result.report.updated === 1 ? 'riga' : 'righe'} su ${formatInteger(result.rowCount)}.`,
  });
});

/**
 * GET /api/documents/{id}/export?format=xlsx|xpwe|six|pdf: the document's rows as they are now
 * (edits included) as documento_{id}.xlsx (default), .xpwe (PriMus), .xml (SIX) or .pdf (stampa).
 */
const exportXlsx = defineRoute('GET /api/documents/{id}/export', async (req, ctx) => {
  const { format } = req.query;
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  // Built off the thread that answers requests and streamed from there (services/export-jobs.ts, http/export-answer.ts).
  return exportAnswer(ctx, { kind: 'document-export', documentId: doc.id, format, now: ctx.now().toISOString() });
});

/** POST /api/documents/{id}/duplicate-rows {row_ids, new_title}: the chosen rows as a new document. */
const duplicateRows = defineRoute('POST /api/documents/{id}/duplicate-rows', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const source = await requireDocumentFor(ctx, req.params.id, principal);
  const { new_title: title, row_ids: ids } = req.body;
  const wanted = new Set(ids);
  const rows = (await readDocumentRows(ctx, source)).filter((r) => wanted.has(r.id));
  if (rows.length !== wanted.size) throw new NotFoundError('Righe selezionate non trovate');
  const copy = await duplicateDocument(ctx, principal, source, title, rows);
  return created({ success: true, new_document_id: copy.id, message: `Documento "${copy.filename}" creato con ${formatInteger(rows.length)} righe` });
});

/** PUT /api/documents/{id}/intestazione {oggetto, committente, luogo, data, progettista}: the printout's heading, conditional on the version read. */
const setIntestazione = defineRoute('PUT /api/documents/{id}/intestazione', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const { base_version: base, intestazione } = req.body;
  const updated = await saveIntestazione(ctx, doc, intestazione, req.headers['if-match'] ?? base);
  return withEtag(ok(resource('documents', presentDocument(updated)), { message: 'Intestazione della stampa salvata' }), updated.version);
});

export const actions = {
  ...uploadActions,
  ...comparisonActions,
  ...verificationActions,
  ...undoActions,
  list: list_,
  get,
  rows,
  rowCount,
  setStatus,
  remove,
  download,
  updateTotal,
  updateSettings,
  exportXlsx,
  duplicateRows,
  setIntestazione,
};
export const handler = resourceHandler(actions);
