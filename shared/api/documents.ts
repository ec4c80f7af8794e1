/** Documents (spec 7 "Documents"): functions/handlers/documents.ts. */
import { z } from 'zod';
import { envelope, idPath, ifMatchHeaders, intLike, listOf, message, queryString, requiredText, resourceOf, textWithin, whenMissing, type RouteContract } from './common.ts';
import { EXPORT_FORMAT_INVALID } from '../domain/export-formats.ts';
import { DOCUMENT_STATUSES } from '../domain/status.ts';
import { cleanTitle, TEXT_FIELDS } from '../domain/text.ts';
import { parseIntestazione } from '../domain/intestazione.ts';
import { CHANGED_MEANWHILE_DETAIL } from '../domain/row-versions.ts';
import { EXPORT_FORMAT_NAMES, type ExportFormat } from '../domain/export-formats.ts';
import { MAPPING_FIELDS, type ColumnMapping, type MappingField } from '../domain/column-mapping.ts';
import { recordedOperation } from './operations.ts';
import { document, documentRow, intestazione, documentTotals, exampleDocument, exampleRow, exampleTotals } from './records.ts';

/** A whole number out of a query string, or the default (paging never refuses). */
const wholeOr = (raw: string | undefined, fallback: number) => Number.parseInt(raw ?? String(fallback), 10) || fallback;

/** `page` (from 1) and `per_page` (from 1 to `maxPerPage`, `perPage` when absent or not a number). */
export const pageQuery = (defaults: { perPage: number; maxPerPage: number }) => ({
  page: queryString('Pagina, da 1', '1')
    .optional()
    .transform((raw) => Math.max(1, wholeOr(raw, 1))),
  per_page: queryString(`Elementi per pagina (massimo ${defaults.maxPerPage})`, String(defaults.perPage))
    .optional()
    .transform((raw) => Math.min(defaults.maxPerPage, Math.max(1, wholeOr(raw, defaults.perPage)))),
});

export const documentsQuery = z.object({
  ...pageQuery({ perPage: 10, maxPerPage: 100 }),
  search: queryString('Cerca nel nome del file e nella provincia', 'firenze')
    .optional()
    .transform((q) => q?.trim().toLowerCase() || undefined),
});
export const documentsList = listOf('documents', document, {
  page: z.number().int(),
  per_page: z.number().int(),
  counts: z.object({ total: z.number().int(), completed: z.number().int(), processing: z.number().int(), failed: z.number().int() }),
});
export type DocumentsList = z.infer<typeof documentsList>;

export const documentResponse = envelope(resourceOf('documents', document));
export const documentStatusResponse = envelope(resourceOf('documents', document), z.object({ message }));

export const documentRowsList = listOf('rows', documentRow, { page: z.number().int(), per_page: z.number().int(), totals: documentTotals });
export type DocumentRowsList = z.infer<typeof documentRowsList>;

/** Province and DEI typology of a computo (whether the typology exists is the service's check: it reads the list). */
export const uploadFields = z.object({
  provincia: requiredText('La provincia è obbligatoria.').max(80, 'Provincia non valida'),
  tipologia_dei: requiredText('La tipologia del prezzario DEI è obbligatoria.'),
});
const mappingColumn = z.number().int().nullable();
/** A spreadsheet's column mapping (shared/domain/column-mapping.ts): one 0-based column or null per field. */
export const columnMapping = z.object(
  Object.fromEntries(MAPPING_FIELDS.map((field) => [field, mappingColumn])) as Record<MappingField, typeof mappingColumn>,
) satisfies z.ZodType<ColumnMapping>;
export { MAPPING_FIELDS, MAPPING_LABELS, type ColumnMapping, type MappingField } from '../domain/column-mapping.ts';
const columnMappingField = z.string().optional().meta({ description: 'Per un foglio di calcolo: le colonne confermate dall\u2019utente, JSON di {codice, descrizione, unita_di_misura, quantita, unitario, totale}' });
export const uploadBody = uploadFields.extend({ column_mapping: columnMappingField });
export const previewBody = z.object({ column_mapping: columnMappingField });
export const computoPreview = z.object({
  format: z.enum(['pdf', 'xpwe', 'six', 'leeno', 'xlsx', 'xls', 'ods']),
  certain: z.boolean(),
  sheet: z.string().nullable(),
  header_row: z.number().int().nullable(),
  columns: z.array(z.string()),
  mapping: columnMapping.nullable(),
  preview: z.array(
    z.object({
      tariffa: z.string(),
      descrizione: z.string(),
      unita_di_misura: z.string(),
      quantita: z.number(),
      unitario: z.number(),
      totale: z.number(),
      verifica: z.array(z.string()),
    }),
  ),
  total_rows: z.number().int(),
  error: z.string().nullable(),
  /** Why the columns are not certain (each point where header, content and product disagree). */
  doubts: z.array(z.string()).default([]),
});
export type ComputoPreview = z.infer<typeof computoPreview>;
export const previewResponse = envelope(computoPreview);
export const uploadResponse = envelope(
  z.object({ type: z.literal('success'), data: z.object({ document_id: z.number().int(), filename: z.string(), status: z.string() }), message }),
);
export type UploadResponse = z.infer<typeof uploadResponse>;

export const presignBody = z.object({
  filename: requiredText('Per favore, seleziona un file PDF.'),
  size: z.union([z.number(), z.string()], whenMissing('Il file è vuoto.')).meta({ description: 'Byte del file' }).transform((size, ctx) => {
    const n = Number(size);
    if (!Number.isFinite(n) || n <= 0) ctx.addIssue({ code: 'custom', message: 'Il file è vuoto.' });
    return n;
  }),
  content_type: z.string().optional(),
});
export const presignResponse = envelope(
  z.object({ upload_id: z.string(), upload_url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expires_in: z.number().int() }),
);
export const completeBody = uploadFields.extend({
  upload_id: requiredText('Caricamento non trovato'),
  filename: z
    .string()
    .optional()
    .transform((name) => (name?.trim() ? name : 'documento.pdf')),
  column_mapping: columnMappingField,
});

export const rowCountResponse = envelope(z.object({ row_count: z.number().int() }));
export const statusBody = z.object({ status: z.enum(DOCUMENT_STATUSES, { error: 'Seleziona uno stato valido' }) });
export const removeResponse = envelope(z.object({ id: z.number().int(), message }));
export const updateTotalBody = z.object({ refresh: z.boolean().optional().meta({ description: 'false: solo i totali, senza ricalcolare i prezzi' }) });
/** refresh false: `{ document, totals }`; otherwise also the re-pricing report and a message. */
export const updateTotalResponse = envelope(
  z.object({
    document,
    totals: documentTotals,
    updated: z.number().int().optional(),
    not_found: z.number().int().optional(),
    manual: z.number().int().optional(),
    skipped: z.number().int().optional(),
    errors: z.number().int().optional(),
    not_found_codes: z.array(z.string()).optional(),
    message: message.optional(),
    operation: recordedOperation.optional(),
  }),
);
export type UpdateTotalResponse = z.infer<typeof updateTotalResponse>;
export const settingsBody = uploadFields;
/** PUT /api/documents/{id}/settings: the re-pricing report, the document and its totals. */
export const settingsResponse = envelope(
  z.object({
    document,
    totals: documentTotals,
    updated: z.number().int(),
    not_found: z.number().int(),
    manual: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    not_found_codes: z.array(z.string()),
    operation: recordedOperation.optional(),
    message,
  }),
);
export type SettingsResponse = z.infer<typeof settingsResponse>;
/** The heading as stored (each field cleaned, within its limit: shared/domain/intestazione.ts) and the version read. */
export const intestazioneBody = intestazione
  .partial()
  .extend({
    base_version: z.number().int().optional().meta({ description: 'La `version` del documento letta dal modulo: se il documento è cambiato nel frattempo, 412 (come If-Match)' }),
  })
  .transform(({ base_version, ...fields }, ctx) => {
    const parsed = parseIntestazione(fields);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return { base_version, intestazione: parsed.value };
  });
/** If-Match of a document write: a value that is not a version is a 412. */
export const documentIfMatch = ifMatchHeaders(CHANGED_MEANWHILE_DETAIL);
export const intestazioneResponse = envelope(resourceOf('documents', document), z.object({ message }));

const NO_TITLE = 'Inserisci un titolo per il nuovo documento';
const NO_ROWS = 'Seleziona almeno una riga da duplicare';
export const duplicateBody = z.object({
  new_title: z
    .string(whenMissing(NO_TITLE))
    .transform(cleanTitle)
    .refine((title) => title.length > 0, NO_TITLE)
    .superRefine(textWithin(TEXT_FIELDS.documentTitle)),
  row_ids: z
    .array(intLike, whenMissing(NO_ROWS))
    .min(1, NO_ROWS)
    .transform((ids) => ids.map(Number)),
});
export const duplicateResponse = envelope(z.object({ success: z.literal(true), new_document_id: z.number().int(), message }));
export type DuplicateResponse = z.infer<typeof duplicateResponse>;

export { EXPORT_FORMATS, EXPORT_FORMAT_INVALID, EXPORT_FORMAT_NAMES, exportFilename, isExportFormat, type ExportFormat } from '../domain/export-formats.ts';

export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMAT_NAMES as [ExportFormat, ...ExportFormat[]], { error: EXPORT_FORMAT_INVALID }).default('xlsx').meta({ description: 'xlsx (predefinito), xpwe (PriMus), six (SIX XML, UNI 11337), pdf (stampa A4)', example: 'xpwe' }),
});

const idError = { 400: 'Identificativo non valido', 404: 'Documento non trovato' } as const;

export const documentRoutes = {
  'POST /api/upload': {
    summary: 'Carica un computo: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls) (multipart, fino a 6 MB: oltre, usare /api/upload/presign)',
    body: uploadBody,
    bodyType: 'multipart',
    files: { file: 'Il computo metrico (PDF, .xpwe, .xml, .ods, .xlsx, .xls)' },
    status: 201,
    response: uploadResponse,
    requestExample: { provincia: 'FIRENZE', tipologia_dei: 'urbanizzazione' },
    example: { data: { type: 'success', data: { document_id: 12, filename: 'computo-scuola.pdf', status: 'processing' }, message: 'Documento caricato: analisi in corso' } },
    errors: { 400: 'Per favore, seleziona un file PDF.', 413: 'La richiesta supera la dimensione massima consentita (6 MB).' },
  },
  'POST /api/upload/preview': {
    summary: 'Anteprima di un computo strutturato: per un foglio di calcolo, le colonne scelte (da confermare o correggere) e le prime voci. Non salva nulla',
    body: previewBody,
    bodyType: 'multipart',
    files: { file: 'Il computo (.xlsx, .xls, .ods, .xpwe, .xml)' },
    response: previewResponse,
    requestExample: { column_mapping: '{"codice":0,"descrizione":1,"unita_di_misura":2,"quantita":3,"unitario":4,"totale":5}' },
    example: {
      data: {
        format: 'xlsx',
        certain: false,
        sheet: 'Foglio1',
        header_row: 1,
        columns: ['Art.', 'Lavori', 'Mis.', 'Q.', '\u20ac/u', '\u20ac'],
        mapping: { codice: 0, descrizione: 1, unita_di_misura: 2, quantita: 3, unitario: 4, totale: 5 },
        preview: [{ tariffa: 'B.01', descrizione: 'Scavo a sezione obbligata', unita_di_misura: 'm\u00b3', quantita: 40, unitario: 18.5, totale: 740, verifica: [] }],
        total_rows: 1,
        error: null,
      },
    },
    errors: { 400: 'Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)', 413: 'File troppo grande. Dimensione massima: 50MB' },
  },
  'POST /api/upload/presign': {
    summary: 'Indirizzo temporaneo dove il browser carica (PUT) un PDF troppo grande per l\u2019API',
    body: presignBody,
    response: presignResponse,
    requestExample: { filename: 'computo-grande.pdf', size: 24_000_000, content_type: 'application/pdf' },
    example: { data: { upload_id: 'tmp/uploads/7/0b6f.pdf', upload_url: 'https://bucket.s3.amazonaws.com/tmp/uploads/7/0b6f.pdf?X-Amz-Signature=abc', method: 'PUT', headers: { 'content-type': 'application/pdf' }, expires_in: 900 } },
    errors: { 400: 'Il file è vuoto.' },
  },
  'POST /api/upload/complete': {
    summary: 'Registra un PDF caricato con /api/upload/presign: stessi controlli ed esito di /api/upload',
    body: completeBody,
    status: 201,
    response: uploadResponse,
    requestExample: { upload_id: 'tmp/uploads/7/0b6f.pdf', filename: 'computo-grande.pdf', provincia: 'FIRENZE', tipologia_dei: 'urbanizzazione' },
    example: { data: { type: 'success', data: { document_id: 13, filename: 'computo-grande.pdf', status: 'processing' }, message: 'Documento caricato: analisi in corso' } },
    errors: { 400: 'La provincia è obbligatoria.', 404: 'Caricamento non trovato', 413: 'Il file è troppo grande.' },
  },
  'GET /api/documents': {
    summary: 'I documenti dell\u2019utente (tutti, per un amministratore), pagina per pagina',
    query: documentsQuery,
    response: documentsList,
    example: { data: [{ id: '12', type: 'documents', attributes: exampleDocument }], meta: { 'total-count': 1, page: 1, per_page: 10, counts: { total: 1, completed: 1, processing: 0, failed: 0 } } },
  },
  'GET /api/documents/{id}': {
    summary: 'Un documento',
    params: idPath,
    response: documentResponse,
    example: { data: { id: '12', type: 'documents', attributes: exampleDocument } },
    errors: idError,
  },
  'GET /api/documents/{id}/rows': {
    summary: 'Le righe (voci) di un documento, con i totali',
    params: idPath,
    query: z.object(pageQuery({ perPage: 50_000, maxPerPage: 50_000 })),
    response: documentRowsList,
    example: { data: [{ id: '501', type: 'rows', attributes: exampleRow }], meta: { 'total-count': 1, page: 1, per_page: 50000, totals: exampleTotals } },
    errors: idError,
  },
  'GET /api/documents/{id}/row-count': {
    summary: 'Quante righe ha un documento',
    params: idPath,
    response: rowCountResponse,
    example: { data: { row_count: 1 } },
    errors: idError,
  },
  'PUT /api/documents/{id}/status': {
    summary: 'Cambia lo stato di un documento',
    params: idPath,
    body: statusBody,
    response: documentStatusResponse,
    requestExample: { status: 'completed' },
    example: { data: { id: '12', type: 'documents', attributes: exampleDocument }, meta: { message: 'Stato documento aggiornato a: Completato' } },
    errors: { ...idError, 400: 'Seleziona uno stato valido' },
  },
  'DELETE /api/documents/{id}': {
    summary: 'Elimina un documento, le sue righe e il file',
    params: idPath,
    response: removeResponse,
    example: { data: { id: 12, message: 'Documento eliminato con successo' } },
    errors: idError,
  },
  'GET /document/{id}/download': {
    summary: 'Il file originale (PDF, XPWE, SIX, ODS, Excel), col nome con cui è stato caricato (oltre 4 MB: redirect 302 a un indirizzo temporaneo)',
    params: idPath,
    produces: 'application/pdf',
    errors: { ...idError, 404: 'File originale non trovato' },
  },
  'POST /api/documents/{id}/update-total': {
    summary: 'Ricalcola i prezzi di riferimento di tutte le righe (refresh) e i totali',
    params: idPath,
    body: updateTotalBody,
    response: updateTotalResponse,
    requestExample: { refresh: true },
    example: { data: { updated: 1, not_found: 0, manual: 0, skipped: 0, errors: 0, not_found_codes: [], document: exampleDocument, totals: exampleTotals, message: 'Prezzi aggiornati: 1' } },
    errors: idError,
  },
  'PUT /api/documents/{id}/settings': {
    summary: 'Corregge provincia e tipologia DEI del documento: ogni riga viene prezzata di nuovo (i prezzi manuali restano); il cambio si può annullare (POST /api/documents/{id}/undo, `operation`)',
    params: idPath,
    body: settingsBody,
    response: settingsResponse,
    requestExample: { provincia: 'FIRENZE', tipologia_dei: 'urbanizzazione' },
    example: {
      data: {
        updated: 1,
        not_found: 0,
        manual: 0,
        skipped: 0,
        errors: 0,
        not_found_codes: [],
        document: exampleDocument,
        totals: exampleTotals,
        message: 'Provincia e tipologia aggiornate. Prezzi di riferimento trovati per 1 riga su 1.',
      },
    },
    errors: { ...idError, 400: 'La provincia è obbligatoria.' },
  },
  'PUT /api/documents/{id}/intestazione': {
    summary: 'L\u2019intestazione della stampa del documento (PDF): oggetto, committente, luogo, data, progettista',
    description:
      'Ogni campo è testo (spazi e a capo ridotti a uno spazio); un campo non inviato resta vuoto. Scrittura condizionata sulla versione del documento: con If-Match o `base_version` una versione non più attuale dà 412; senza, la scrittura riprova sulla versione appena letta.',
    params: idPath,
    body: intestazioneBody,
    headers: documentIfMatch,
    response: intestazioneResponse,
    requestExample: { oggetto: 'Scuola primaria G. Pascoli: adeguamento sismico', committente: 'Comune di Lucca', luogo: 'Lucca', data: '28/11/2026', progettista: 'Ing. Maria Rossi', base_version: 3 },
    example: { data: { id: '12', type: 'documents', attributes: exampleDocument }, meta: { message: 'Intestazione della stampa salvata' } },
    errors: { ...idError, 400: 'I campi dell\u2019intestazione devono essere testo.' },
    versioned: true,
  },
  'GET /api/documents/{id}/export': {
    summary: 'Esporta il documento: Excel (documento_{id}.xlsx, predefinito), PriMus XPWE (documento_{id}.xpwe), SIX (documento_{id}.xml) o PDF da stampare (documento_{id}.pdf)',
    description:
      'Con format=xlsx (o senza format) un foglio Excel con tutte le righe e i totali; xpwe un file PriMus XPWE che PriMus e LeenO importano (application/xml); six un file SIX, UNI 11337 (application/xml); pdf la stampa A4 del computo (application/pdf). Le righe modificate sono esportate come modificate; le righe da verificare sono segnate in ogni formato.',
    params: idPath,
    query: exportQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    errors: { ...idError, 400: 'Formato di esportazione non valido. Formati disponibili: xlsx (Excel), xpwe (PriMus), six (SIX XML), pdf (stampa).' },
  },
  'POST /api/documents/{id}/duplicate-rows': {
    summary: 'Le righe scelte diventano un nuovo documento',
    params: idPath,
    body: duplicateBody,
    status: 201,
    response: duplicateResponse,
    requestExample: { new_title: 'Lotto 2', row_ids: [501, 502] },
    example: { data: { success: true, new_document_id: 14, message: 'Documento "Lotto 2" creato con 2 righe' } },
    errors: { ...idError, 400: 'Seleziona almeno una riga da duplicare', 404: 'Righe selezionate non trovate' },
  },
} satisfies Record<string, RouteContract>;
