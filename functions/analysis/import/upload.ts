/**
 * What the upload routes need from the importers: which file it is (by content), whether it is
 * a computo we can read (the whole import runs before anything is stored: a refused file
 * creates nothing), and under which extension and media type the original is kept.
 */
import { PayloadTooLargeError, ValidationError } from '../../errors.ts';
import { FILE_TOO_LARGE, ImportError, MAX_COMPUTO_BYTES, type ComputoFormat } from './common.ts';
import { validMapping } from './excel.ts';
import type { ColumnMapping } from '../../../shared/domain/column-mapping.ts';
import { checkSize, importComputo, previewComputo, type ComputoPreview } from './index.ts';

/** Extensions the upload accepts (the picker's list; the content decides what the file is). */
export const ACCEPTED_EXTENSIONS = ['pdf', 'xpwe', 'xml', 'ods', 'xlsx', 'xls'] as const;
export const ACCEPTED_NAME = /\.(?:pdf|xpwe|xml|ods|xlsx|xls)$/i;

const STORED: Record<Exclude<ComputoFormat, 'leeno'>, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  xpwe: { extension: 'xpwe', contentType: 'application/xml' },
  six: { extension: 'xml', contentType: 'application/xml' },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  xls: { extension: 'xls', contentType: 'application/vnd.ms-excel' },
  ods: { extension: 'ods', contentType: 'application/vnd.oasis.opendocument.spreadsheet' },
};

/** The media type of a stored original, from its key's extension. */
export function storedContentType(key: string): string {
  const ext = /\.([a-z]+)$/i.exec(key)?.[1]?.toLowerCase();
  return Object.values(STORED).find((s) => s.extension === ext)?.contentType ?? 'application/pdf';
}

function asHttp(err: unknown): never {
  if (err instanceof ImportError) {
    if (err.reason === FILE_TOO_LARGE) throw new PayloadTooLargeError(err.reason, { cause: err });
    throw new ValidationError(err.reason, { cause: err });
  }
  throw err;
}

/** A column mapping sent as a JSON text field (multipart) or an object; null when absent. */
export function parseMappingField(value: unknown): ColumnMapping | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    return validMapping(typeof value === 'string' ? JSON.parse(value) : value);
  } catch (err) {
    if (err instanceof SyntaxError) throw new ValidationError('Associazione delle colonne non valida.');
    return asHttp(err);
  }
}

export interface CheckedUpload {
  format: Exclude<ComputoFormat, 'leeno'>;
  file: { extension: string; contentType: string };
  columnMapping: ColumnMapping | null;
}

/** For anything but a PDF (which the PDF checks handle): the file imports, or it is refused. */
export function checkComputoUpload(bytes: Uint8Array, rawMapping: unknown): CheckedUpload {
  if (bytes.length > MAX_COMPUTO_BYTES) throw new PayloadTooLargeError(FILE_TOO_LARGE);
  try {
    const format = checkSize(bytes);
    const columnMapping = format === 'pdf' ? null : parseMappingField(rawMapping);
    if (format !== 'pdf') importComputo(bytes, columnMapping);
    return { format, file: STORED[format], columnMapping };
  } catch (err) {
    return asHttp(err);
  }
}

export function previewUpload(bytes: Uint8Array, rawMapping: unknown): ComputoPreview {
  try {
    return previewComputo(bytes, parseMappingField(rawMapping));
  } catch (err) {
    return asHttp(err);
  }
}
