import { isDocumentStatus } from '../../shared/domain/status.ts';
import {
  createDocument,
  MAX_PDF_BYTES,
  PDF_TOO_LARGE,
  presentDocument,
  presentTotals,
  tmpUploadKey,
  validateUploadFields,
  listDocumentsFor,
  requireDocumentFor,
  countRows,
  readDocumentRows,
} from '../services/documents.ts';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { binary, created, list, listOfJson, ok, resource } from '../http/respond.ts';
import { boundedText, idParam, pageParams, positiveInt, requiredString } from '../http/validate.ts';
import { cleanFilename, cleanTitle, pdfFilename, TEXT_FIELDS } from '../../shared/domain/text.ts';
import { formatInteger } from '../../shared/format.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';
import { storedFile, takeUpload, uploadUrl } from '../services/uploads.ts';
import { statusLabel } from '../../shared/domain/status.ts';
import { changeSettings, deleteDocument, refreshPrices, refreshTotals, setStatusByHand } from '../services/document-operations.ts';
import { rowResourceJson } from '../http/row-json.ts';
import { recordOperation, rowChange, undoableOperations, undoLatest } from '../services/operations.ts';
import { EXPORT_FORMAT_INVALID, isExportFormat } from '../../shared/domain/export-formats.ts';
import { duplicateDocument } from '../services/duplicate.ts';
import { loadComparison, parseWith, presentComparison, recordChoice } from '../services/comparison.ts';
import { setSoglia, verifyDocument } from '../services/verification.ts';
import { parseSoglia, SOGLIA_ERROR } from '../../shared/domain/verification/index.ts';
import { etagOf, ifMatchVersion } from '../../shared/domain/row-versions.ts';
import { CHANGED_MEANWHILE_DETAIL, PreconditionFailedError } from '../errors.ts';
import { saveIntestazione } from '../services/intestazione.ts';
import { parseIntestazione } from '../../shared/domain/intestazione.ts';
import { ACCEPTED_NAME, storedContentType } from '../analysis/import/upload.ts';
import { parseFile } from '../analysis/parse-jobs.ts';
import { exportAnswer } from '../http/export-answer.ts';

/** Files up to this size are streamed by the API; larger ones by a short-lived presigned URL. */
const INLINE_DOWNLOAD_BYTES = 4 * 1024 * 1024;

const uploadResult = (doc: { id: number; filename: string; status: string }) =>
  created({ type: 'success', data: { document_id: doc.id, filename: doc.filename, status: doc.status }, message: 'Documento caricato: analisi in corso' });

/** POST /api/upload: multipart {file, provincia, tipologia_dei, column_mapping?}, for integrators and small files. */
const upload = defineRoute('POST /api/upload', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const file = req.files.file;
  if (!file) throw new ValidationError('Per favore, seleziona un file PDF.');
  const fields = await validateUploadFields(ctx, req.body);
  // Read on an analysis thread, not on the one answering requests (analysis/parse-jobs.ts).
  const checked = await parseFile(ctx, { kind: 'upload-check', bytes: file.data, filename: file.filename, mapping: req.body.column_mapping });
  const doc = await createDocument(ctx, principal, { bytes: checked.bytes, filename: file.filename || 'documento.pdf', ...checked.value, ...fields });
  return uploadResult(doc);
});

/** POST /api/upload/preview: multipart {file, column_mapping?}: the columns chosen for a spreadsheet computo and its first voci. Nothing is stored. */
const preview = defineRoute('POST /api/upload/preview', async (req, ctx) => {
  requirePrincipal(req);
  const file = req.files.file;
  if (!file) throw new ValidationError('Per favore, seleziona un file PDF.');
  const { value: result } = await parseFile(ctx, { kind: 'computo-preview', bytes: file.data, mapping: req.body.column_mapping });
  return ok({
    ...result,
    preview: result.preview.map((v) => ({
      tariffa: v.tariffa,
      descrizione: v.descrizione,
      unita_di_misura: v.unita_di_misura,
      quantita: v.quantita,
      unitario: v.unitario,
      totale: v.totale,
      verifica: v.verifica,
    })),
  });
});

/** POST /api/upload/presign: where the browser PUTs a file too large for the API. */
const presign = defineRoute('POST /api/upload/presign', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const filename = requiredString(req.body.filename, 'Per favore, seleziona un file PDF.');
  const size = Number(req.body.size);
  if (!Number.isFinite(size) || size <= 0) throw new ValidationError('Il file è vuoto.');
  if (size > MAX_PDF_BYTES) throw new PayloadTooLargeError(PDF_TOO_LARGE);
  if (!ACCEPTED_NAME.test(filename) && req.body.content_type !== 'application/pdf') {
    throw new ValidationError('Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)');
  }
  const key = tmpUploadKey(principal.id);
  const type = /\.pdf$/i.test(filename) || req.body.content_type === 'application/pdf' ? 'application/pdf' : 'application/octet-stream';
  const url = await uploadUrl(ctx, key, type, size);
  return ok({ upload_id: key, upload_url: url, method: 'PUT', headers: { 'content-type': type }, expires_in: 900 });
});

/** POST /api/upload/complete: registers a presigned upload; same checks and outcome as /api/upload. */
const complete = defineRoute('POST /api/upload/complete', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const key = requiredString(req.body.upload_id, 'Caricamento non trovato');
  if (!key.startsWith(`tmp/uploads/${principal.id}/`) || key.includes('..')) throw new NotFoundError('Caricamento non trovato');
  const fields = await validateUploadFields(ctx, req.body);
  return takeUpload(ctx, key, MAX_PDF_BYTES, PDF_TOO_LARGE, async (upload) => {
    const filename = typeof req.body.filename === 'string' && req.body.filename.trim() ? req.body.filename : 'documento.pdf';
    // The file stays in the store: the parse reads it by key, off this thread, and the store copies it.
    const checked = await parseFile(ctx, { kind: 'upload-check', key: upload.key, filename, mapping: req.body.column_mapping });
    const doc = await createDocument(ctx, principal, { stored: upload, filename, ...checked.value, ...fields });
    return uploadResult(doc);
  });
});

const list_ = defineRoute('GET /api/documents', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const { page, perPage } = pageParams(req.query, { perPage: 10, maxPerPage: 100 });
  const all = await listDocumentsFor(ctx, principal);
  const q = req.query.search?.trim().toLowerCase();
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
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  return ok(resource('documents', presentDocument(doc)));
});

const rows = defineRoute('GET /api/documents/{id}/rows', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  const { page, perPage } = pageParams(req.query, { perPage: 50_000, maxPerPage: 50_000 });
  const all = await readDocumentRows(ctx, doc);
  const items = all.slice((page - 1) * perPage, page * perPage).map(rowResourceJson);
  return listOfJson(items, all.length, { page, per_page: perPage, totals: presentTotals(doc, all) });
});

const rowCount = defineRoute('GET /api/documents/{id}/row-count', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  return ok({ row_count: await countRows(ctx, doc.id) });
});

const setStatus = defineRoute('PUT /api/documents/{id}/status', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  const status = req.body.status;
  if (!isDocumentStatus(status)) throw new ValidationError('Seleziona uno stato valido');
  const updated = await setStatusByHand(ctx, doc, status);
  return ok(resource('documents', presentDocument(updated)), { message: `Stato documento aggiornato a: ${statusLabel(status)}` });
});

const remove = defineRoute('DELETE /api/documents/{id}', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
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
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  const file = { key: doc.file_key, size: doc.file_size, filename: originalName(doc), contentType: storedContentType(doc.file_key) };
  const stored = await storedFile(ctx, file, INLINE_DOWNLOAD_BYTES);
  if ('bytes' in stored) return binary(Buffer.from(stored.bytes), file.contentType, file.filename);
  return { statusCode: 302, headers: { location: stored.url, 'cache-control': 'no-store' } };
});

/** POST /api/documents/{id}/update-total {refresh}: re-prices every row (refresh) and re-totals, in one call. */
const updateTotal = defineRoute('POST /api/documents/{id}/update-total', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  if (req.body.refresh === false) {
    const { document, totals } = await refreshTotals(ctx, doc);
    return ok({ document: presentDocument(document), totals: { ...totals, document_total: document.document_total } });
  }
  const changes: ReturnType<typeof rowChange>[] = [];
  const result = await refreshPrices(ctx, doc, (before, after) => changes.push(rowChange(before, after)));
  // A settings change left unfinished is finished instead, and journaled as itself.
  const operation = 'operation' in result && result.operation ? result.operation : await recordOperation(ctx, doc.id, requirePrincipal(req), 'prezzi', changes);
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
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
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
  const format = req.query.format ?? 'xlsx';
  if (!isExportFormat(format)) throw new ValidationError(EXPORT_FORMAT_INVALID);
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  // Built off the thread that answers requests and streamed from there (services/export-jobs.ts, http/export-answer.ts).
  return exportAnswer(ctx, { kind: 'document-export', documentId: doc.id, format, now: ctx.now().toISOString() });
});

/** POST /api/documents/{id}/duplicate-rows {row_ids, new_title}: the chosen rows as a new document. */
const duplicateRows = defineRoute('POST /api/documents/{id}/duplicate-rows', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const source = await requireDocumentFor(ctx, idParam(req.params), principal);
  const title = typeof req.body.new_title === 'string' ? cleanTitle(req.body.new_title) : '';
  if (!title) throw new ValidationError('Inserisci un titolo per il nuovo documento');
  boundedText(title, TEXT_FIELDS.documentTitle);
  const ids = req.body.row_ids;
  if (!Array.isArray(ids) || !ids.length) throw new ValidationError('Seleziona almeno una riga da duplicare');
  const wanted = new Set(ids.map(Number));
  const rows = (await readDocumentRows(ctx, source)).filter((r) => wanted.has(r.id));
  if (rows.length !== wanted.size) throw new NotFoundError('Righe selezionate non trovate');
  const copy = await duplicateDocument(ctx, principal, source, title, rows);
  return created({ success: true, new_document_id: copy.id, message: `Documento "${copy.filename}" creato con ${formatInteger(rows.length)} righe` });
});

/** GET /api/documents/{id}/comparison?with=2,3: the document against one to five others, voce by voce. */
const comparison = defineRoute('GET /api/documents/{id}/comparison', async (req, ctx) => {
  const id = idParam(req.params);
  const loaded = await loadComparison(ctx, requirePrincipal(req), id, parseWith(req.query.with, id));
  return ok(presentComparison(loaded));
});

/** GET /api/documents/{id}/comparison/export?with=2,3: the comparison as confronto_{id}.xlsx. */
const comparisonExport = defineRoute('GET /api/documents/{id}/comparison/export', async (req, ctx) => {
  const id = idParam(req.params);
  const principal = requirePrincipal(req);
  const withIds = parseWith(req.query.with, id);
  // Access checked here (404 for a document the caller may not read); the comparison and its workbook are built off the thread that answers requests.
  await Promise.all([id, ...withIds].map((d) => requireDocumentFor(ctx, d, principal)));
  return exportAnswer(ctx, { kind: 'comparison-export', principal, firstId: id, withIds, now: ctx.now().toISOString() });
});

const CHOICE_ACTIONS = ['abbina', 'separa', 'ripristina'] as const;
const PAIR_ROWS = 'Indica le due voci da abbinare o separare';

/** PUT /api/documents/{id}/comparison/pairs {azione, righe: [a, b]}: a pairing choice, kept on the document. */
const comparisonPairs = defineRoute('PUT /api/documents/{id}/comparison/pairs', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const doc = await requireDocumentFor(ctx, idParam(req.params), principal);
  const action = CHOICE_ACTIONS.find((a) => a === req.body.azione);
  if (!action) throw new ValidationError('Azione non valida: abbina, separa o ripristina');
  const rows = req.body.righe;
  if (!Array.isArray(rows) || rows.length !== 2) throw new ValidationError(PAIR_ROWS);
  const ids = rows.map((r) => positiveInt(r, PAIR_ROWS)) as [number, number];
  const scelte = await recordChoice(ctx, principal, doc, action, ids);
  const message = action === 'abbina' ? 'Voci abbinate' : action === 'separa' ? 'Voci separate' : 'Abbinamento automatico ripristinato';
  return ok({ scelte, message });
});

/** The document's version as the answer's ETag (to send back in If-Match). */
const withEtag = (res: ReturnType<typeof ok>, version: number | undefined) => ({ ...res, headers: { ...res.headers, etag: etagOf(version) } });

/** A threshold sent (query or body): a percentage, else 400. */
function sogliaParam(value: unknown): number {
  const soglia = parseSoglia(value);
  if (soglia === null) throw new ValidationError(SOGLIA_ERROR);
  return soglia;
}

/** GET /api/documents/{id}/verification[?soglia=20]: the review, with the document's threshold unless one is given. */
const verification = defineRoute('GET /api/documents/{id}/verification', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  const { result } = await verifyDocument(ctx, doc, req.query.soglia !== undefined ? sogliaParam(req.query.soglia) : undefined);
  return withEtag(ok(result), doc.version);
});

/** PUT /api/documents/{id}/verification {soglia}: keeps the threshold on the document (If-Match honoured), answers the review. */
const setVerificationThreshold = defineRoute('PUT /api/documents/{id}/verification', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  const soglia = sogliaParam(req.body.soglia);
  const expected = ifMatchVersion(req.headers['if-match']);
  if (Number.isNaN(expected)) throw new PreconditionFailedError(CHANGED_MEANWHILE_DETAIL);
  const updated = await setSoglia(ctx, doc, soglia, expected);
  const { result } = await verifyDocument(ctx, updated);
  return withEtag(ok(result), updated.version);
});

/** PUT /api/documents/{id}/intestazione {oggetto, committente, luogo, data, progettista}: the printout's heading, conditional on the version read. */
const setIntestazione = defineRoute('PUT /api/documents/{id}/intestazione', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  const { base_version: base, ...fields } = req.body;
  const parsed = parseIntestazione(fields);
  if ('error' in parsed) throw new ValidationError(parsed.error);
  const header = ifMatchVersion(req.headers['if-match']);
  if (Number.isNaN(header)) throw new PreconditionFailedError(CHANGED_MEANWHILE_DETAIL);
  if (base !== undefined && !Number.isInteger(base)) throw new ValidationError('base_version deve essere un numero intero.');
  const updated = await saveIntestazione(ctx, doc, parsed.value, header ?? base);
  return withEtag(ok(resource('documents', presentDocument(updated)), { message: 'Intestazione della stampa salvata' }), updated.version);
});

/** GET /api/documents/{id}/operations: what "Annulla" can undo, newest first. */
const operations = defineRoute('GET /api/documents/{id}/operations', async (req, ctx) => {
  const entries = await undoableOperations(ctx, requirePrincipal(req), idParam(req.params));
  return ok(entries.map(({ id, tipo, descrizione, data, utente }) => ({ id, tipo, descrizione, data, utente })));
});

/** POST /api/documents/{id}/undo {operation_id?}: the most recent operation undone (409 when it cannot be). */
const undo = defineRoute('POST /api/documents/{id}/undo', async (req, ctx) => {
  const result = await undoLatest(ctx, requirePrincipal(req), idParam(req.params), req.body.operation_id);
  const { id, tipo, descrizione, data, utente } = result.operation;
  return ok(
    { success: true, operation: { id, tipo, descrizione, data, utente }, message: result.message },
    { document: presentDocument(result.document), totals: result.totals },
  );
});

/** GET /api/documents/{id}/verification/export: the review as a printable PDF report, verifica_{id}.pdf. */
const verificationExport = defineRoute('GET /api/documents/{id}/verification/export', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, idParam(req.params), requirePrincipal(req));
  return exportAnswer(ctx, { kind: 'verification-export', documentId: doc.id, now: ctx.now().toISOString() });
});

export const actions = {
  comparison,
  comparisonExport,
  comparisonPairs,
  verification,
  setVerificationThreshold,
  setIntestazione,
  verificationExport,
  operations,
  undo,
  exportXlsx, duplicateRows, updateTotal, updateSettings, upload, preview, presign, complete, list: list_, get, rows, rowCount, setStatus, remove, download };
export const handler = resourceHandler(actions);
