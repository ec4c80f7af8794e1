/** Uploading a computo (part of the `documents` resource: functions/handlers/documents.ts serves these actions). */
import { createDocument, presignUpload, validateUploadFields } from '../services/documents.ts';
import { ValidationError } from '../errors.ts';
import { created, ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';
import { takeUpload } from '../services/uploads.ts';
import { NotFoundError } from '../errors.ts';
import { MAX_PDF_BYTES, PDF_TOO_LARGE } from '../services/documents.ts';
import { parseFile } from '../services/parse-jobs.ts';
import type { UploadedFile } from '../http/types.ts';

const uploadResult = (doc: { id: number; filename: string; status: string }) =>
  created({ type: 'success', data: { document_id: doc.id, filename: doc.filename, status: doc.status }, message: 'Documento caricato: analisi in corso' });

/** The uploaded file. Hand check: multipart files travel beside the body, not in its zod schema. */
function fileOf(files: { file?: UploadedFile }): UploadedFile {
  if (!files.file) throw new ValidationError('Per favore, seleziona un file PDF.');
  return files.file;
}

/** POST /api/upload: multipart {file, provincia, tipologia_dei, column_mapping?}, for integrators and small files. */
const upload = defineRoute('POST /api/upload', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const file = fileOf(req.files);
  const fields = await validateUploadFields(ctx, req.body);
  // Read on an analysis thread, not on the one answering requests (services/parse-jobs.ts).
  const checked = await parseFile(ctx, { kind: 'upload-check', bytes: file.data, filename: file.filename, mapping: req.body.column_mapping });
  const doc = await createDocument(ctx, principal, { bytes: checked.bytes, filename: file.filename || 'documento.pdf', ...checked.value, ...fields });
  return uploadResult(doc);
});

/** POST /api/upload/preview: multipart {file, column_mapping?}: the columns chosen for a spreadsheet computo and its first voci. Nothing is stored. */
const preview = defineRoute('POST /api/upload/preview', async (req, ctx) => {
  requirePrincipal(req);
  const file = fileOf(req.files);
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
const presign = defineRoute('POST /api/upload/presign', async (req, ctx) => ok(await presignUpload(ctx, requirePrincipal(req), req.body)));

/** POST /api/upload/complete: registers a presigned upload; same checks and outcome as /api/upload. */
const complete = defineRoute('POST /api/upload/complete', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const { upload_id: key, filename, column_mapping: mapping } = req.body;
  // Hand check: whose upload it is depends on the caller.
  if (!key.startsWith(`tmp/uploads/${principal.id}/`) || key.includes('..')) throw new NotFoundError('Caricamento non trovato');
  const fields = await validateUploadFields(ctx, req.body);
  return takeUpload(ctx, key, MAX_PDF_BYTES, PDF_TOO_LARGE, async (upload) => {
    // The file stays in the store: the parse reads it by key, off this thread, and the store copies it.
    const checked = await parseFile(ctx, { kind: 'upload-check', key: upload.key, filename, mapping });
    const doc = await createDocument(ctx, principal, { stored: upload, filename, ...checked.value, ...fields });
    return uploadResult(doc);
  });
});

export const actions = { upload, preview, presign, complete };
