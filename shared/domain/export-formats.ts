/** The formats a document exports to, shared by the API, the server and the web's Esporta menu. */

/** By format (GET /api/documents/{id}/export?format=): label for the Esporta menu, media type, file extension. */
export const EXPORT_FORMATS = {
  xlsx: { label: 'Excel', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  xpwe: { label: 'PriMus (XPWE)', contentType: 'application/xml; charset=utf-8', extension: 'xpwe' },
  six: { label: 'SIX (XML)', contentType: 'application/xml; charset=utf-8', extension: 'xml' },
  pdf: { label: 'PDF (stampa)', contentType: 'application/pdf', extension: 'pdf' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormat[];
export const isExportFormat = (value: unknown): value is ExportFormat => typeof value === 'string' && Object.hasOwn(EXPORT_FORMATS, value);
export const exportFilename = (id: number, format: ExportFormat) => `documento_${id}.${EXPORT_FORMATS[format].extension}`;
export const EXPORT_FORMAT_INVALID = 'Formato di esportazione non valido. Formati disponibili: xlsx (Excel), xpwe (PriMus), six (SIX XML), pdf (stampa).';
