import { apiCall } from '@/lib/api-client.ts';
import { previewResponse, type ColumnMapping, type ComputoPreview } from '@shared/api/documents.ts';

export { MAPPING_FIELDS, MAPPING_LABELS } from '@shared/api/documents.ts';
export type { ColumnMapping, ComputoPreview };

/** What the upload picker accepts: PDF and the structured computi (the server reads the content). */
export const COMPUTO_ACCEPT = 'application/pdf,.pdf,.xpwe,.xml,.ods,.xlsx,.xls';
const ACCEPTED_NAME = /\.(?:pdf|xpwe|xml|ods|xlsx|xls)$/i;
/** Spreadsheets may need their columns confirmed before the upload. */
export const isSpreadsheet = (file: File) => /\.(?:ods|xlsx|xls)$/i.test(file.name);
/** The preview goes through the API route, which takes about 6 MB. */
export const MAX_PREVIEW_BYTES = 5 * 1024 * 1024;
export const MAX_COMPUTO_BYTES = 52_428_800;


/** 'Per favore, seleziona un file PDF.' etc.: null when the file can be sent. */
export function validateComputoFile(file: File | null): string | null {
  if (!file) return 'Per favore, seleziona un file PDF.';
  if (file.type !== 'application/pdf' && !ACCEPTED_NAME.test(file.name)) return 'Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)';
  if (file.size > MAX_COMPUTO_BYTES) return 'File troppo grande. Dimensione massima: 50MB';
  return null;
}

/** POST /api/upload/preview: the columns chosen for a spreadsheet computo and its first voci (nothing is stored). */
export async function previewComputo(file: File, mapping: ColumnMapping | null, signal?: AbortSignal): Promise<ComputoPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (mapping) form.append('column_mapping', JSON.stringify(mapping));
  const res = await apiCall(previewResponse, '/api/upload/preview', { method: 'POST', body: form, signal });
  return res.data;
}
