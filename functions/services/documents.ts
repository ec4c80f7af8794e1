import { quadroManodopera } from '../../shared/domain/manodopera.ts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../config/context.ts';
import { documentTotals, isCongruent } from '../../shared/domain/totals.ts';
import { cleanFilename } from '../../shared/domain/text.ts';
import { PayloadTooLargeError, ValidationError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { copyBlob, presignPut, putBlob } from '../storage/blobs.ts';
import { ACCEPTED_NAME } from '../analysis/import/upload.ts';
import { newDocumentId, putDocument, updateDocument, type DocumentRecord } from '../storage/repositories/documents.ts';
import { knownTipologia } from './tipologie.ts';
import { runtimePorts } from './runtime-ports.ts';
import type { RowRecord } from '../storage/repositories/rows.ts';

import { MAX_PDF_BYTES, PDF_TOO_LARGE } from '../analysis/pdf-text.ts';

/** The upload limits are the PDF reading's (analysis/pdf-text.ts); the upload routes read them here. */
export { MAX_PDF_BYTES, PDF_TOO_LARGE };

export interface UploadFields {
  provincia: string;
  tipologia_dei: string;
}

/** The province and typology of a computo, as the contract parsed them; the typology must exist (it reads the list). */
export async function validateUploadFields(ctx: AppContext, body: UploadFields): Promise<UploadFields> {
  return { provincia: body.provincia, tipologia_dei: await knownTipologia(ctx, body.tipologia_dei) };
}

const NOT_ACCEPTED = 'Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)';

/**
 * Where the browser PUTs a file too large for the API: refused beyond the size limit (413) or
 * when neither its name nor its type is one the reader takes (the server's own limits).
 */
export async function presignUpload(ctx: AppContext, principal: Principal, file: { filename: string; size: number; content_type?: string }) {
  if (file.size > MAX_PDF_BYTES) throw new PayloadTooLargeError(PDF_TOO_LARGE);
  const pdf = /\.pdf$/i.test(file.filename) || file.content_type === 'application/pdf';
  if (!ACCEPTED_NAME.test(file.filename) && !pdf) throw new ValidationError(NOT_ACCEPTED);
  const key = tmpUploadKey(principal.id);
  const type = pdf ? 'application/pdf' : 'application/octet-stream';
  const url = await presignPut(ctx, key, type, file.size);
  return { upload_id: key, upload_url: url, method: 'PUT' as const, headers: { 'content-type': type }, expires_in: 900 };
}

/** The stored name of an upload: the shared rule (shared/domain/text.ts). */
export const safeFilename = cleanFilename;

export const originalKey = (id: number, extension = 'pdf') => `documents/${id}/original.${extension}`;
/** The column mapping the user confirmed for a spreadsheet computo (read by the analysis). */
export const columnMappingKey = (id: number) => `documents/${id}/column-mapping.json`;

/** The original of a new document: its bytes, or an object already in the store (copied there, never downloaded). */
export type NewOriginal = { bytes: Uint8Array; stored?: undefined } | { stored: { key: string; size: number }; bytes?: undefined };

/**
 * Stores the original, creates the document as `processing` and queues its analysis. The
 * multipart upload and the presigned one both end here.
 */
export async function createDocument(
  ctx: AppContext,
  principal: Principal,
  input: NewOriginal & { filename: string; pages: number; file?: { extension: string; contentType: string }; columnMapping?: unknown } & UploadFields,
): Promise<DocumentRecord> {
  const id = await newDocumentId(ctx);
  const doc: DocumentRecord = {
    id,
    filename: safeFilename(input.filename),
    upload_date: ctx.now().toISOString(),
    provincia: input.provincia,
    tipologia_dei: input.tipologia_dei,
    username: principal.username,
    user_id: principal.id,
    status: 'processing',
    status_reason: null,
    file_key: originalKey(id, input.file?.extension),
    file_size: input.stored ? input.stored.size : input.bytes.length,
    pages_total: input.pages,
    pages_done: 0,
    document_total: null,
    document_total_db: null,
    sum_totale: null,
    row_count: 0,
    layout: null,
    unreadable_pages: [],
    warnings: [],
    completed_at: null,
  };
  const contentType = input.file?.contentType ?? 'application/pdf';
  const metadata = { filename: encodeURIComponent(doc.filename) };
  if (input.stored) await copyBlob(ctx, input.stored.key, doc.file_key, { contentType, metadata });
  else await putBlob(ctx, doc.file_key, input.bytes, contentType, metadata);
  if (input.columnMapping) await putBlob(ctx, columnMappingKey(id), new TextEncoder().encode(JSON.stringify(input.columnMapping)), 'application/json');
  await putDocument(ctx, doc);
  try {
    const { enqueue } = runtimePorts(ctx);
    if (!enqueue) throw new Error('no analysis queue configured');
    await enqueue({ documentId: id });
  } catch (err) {
    await updateDocument(ctx, id, { status: 'failed', status_reason: 'Impossibile avviare l\u2019analisi del documento. Riprova più tardi.' });
    throw err;
  }
  return doc;
}

export const tmpUploadKey = (userId: number) => `tmp/uploads/${userId}/${randomUUID()}.pdf`;

/** The document as the API shows it: stored fields plus the totals the screens read. */
export function presentDocument(doc: DocumentRecord) {
  const congruent = isCongruent(doc.sum_totale, doc.document_total);
  const { file_key: _k, user_id: _u, rows_version: _v, operation: _o, rows_claim: _rc, ...stored } = doc;
  // The comparison's pairing choices are read by the comparison, not shown with the document.
  const { comparison_choices: _c, comparison_version: _cv, ...rest } = stored as typeof stored & { comparison_choices?: unknown; comparison_version?: unknown };
  return { ...rest, congruent };
}

export function presentTotals(doc: DocumentRecord, rows: RowRecord[]) {
  return { ...documentTotals(rows, doc.document_total), document_total: doc.document_total, manodopera: quadroManodopera(rows) };
}

/** The documents a caller may see, and their rows, as the handlers read them. */
export { listDocumentsFor, requireDocumentFor } from '../storage/repositories/documents.ts';
export { countRows, readDocumentRows } from '../storage/repositories/rows.ts';
