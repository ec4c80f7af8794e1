/**
 * Structured computi: one importer per format, chosen by the file's content (the name only
 * tells .xml SIX from anything else when the content is ambiguous), all producing the voce
 * model of the PDF reader. Every refusal is an ImportError with its Italian reason.
 */
import { FILE_TOO_LARGE, ImportError, MAX_COMPUTO_BYTES, UNSUPPORTED_FORMAT, type ComputoFormat, type ImportResult } from './common.ts';
import { guessMapping, importTable, readTable, type HeaderGuess } from './excel.ts';
import type { ColumnMapping } from '../../../shared/domain/column-mapping.ts';
import { computoSheet, importLeeno } from './leeno.ts';
import { importSix } from './six.ts';
import { readSheets } from './workbook.ts';
import { xmlText } from './xml.ts';
import { importXpwe } from './xpwe.ts';
import type { ParsedVoce } from '../parser/types.ts';

export { ImportError, MAX_COMPUTO_BYTES, type ComputoFormat, type ImportResult } from './common.ts';
export { validMapping } from './excel.ts';

export const EMPTY_FILE = 'Il file è vuoto.';

type DetectedFormat = Exclude<ComputoFormat, 'leeno'>;

const startsWith = (b: Uint8Array, sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);

/** What the file is, from its first bytes: null when it is none of the accepted formats. */
export function detectFormat(bytes: Uint8Array): DetectedFormat | null {
  if (!bytes.length) return null;
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Entry names are stored uncompressed: an ODF package has content.xml, an OOXML one xl/.
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buf.includes('xl/workbook')) return 'xlsx';
    if (buf.includes('content.xml') || head.includes('application/vnd.oasis.opendocument.spreadsheet')) return 'ods';
    return 'xlsx';
  }
  const text = xmlText(bytes.subarray(0, 4096)).trimStart();
  if (text.startsWith('<')) {
    const sample = xmlText(bytes.subarray(0, 64 * 1024));
    if (/<PweDocumento[\s>]/.test(sample)) return 'xpwe';
    if (/<(?:\w+:)?Documento[\s>]/.test(sample)) return 'six';
    return null;
  }
  return null;
}

export function checkSize(bytes: Uint8Array): DetectedFormat {
  if (!bytes.length) throw new ImportError(EMPTY_FILE);
  if (bytes.length > MAX_COMPUTO_BYTES) throw new ImportError(FILE_TOO_LARGE);
  const format = detectFormat(bytes);
  if (!format) throw new ImportError(UNSUPPORTED_FORMAT);
  return format;
}

/** Reads a structured computo (not a PDF). `mapping` applies to Excel-style spreadsheets. */
export function importComputo(bytes: Uint8Array, mapping: ColumnMapping | null = null): ImportResult {
  const format = checkSize(bytes);
  switch (format) {
    case 'pdf':
      throw new ImportError(UNSUPPORTED_FORMAT);
    case 'xpwe':
      return importXpwe(bytes);
    case 'six':
      return importSix(bytes);
    default: {
      const sheets = readSheets(bytes, format);
      const blocks = !mapping ? computoSheet(sheets) : undefined;
      if (blocks) return importLeeno(blocks, format === 'ods' && blocks.name.trim().toUpperCase() === 'COMPUTO' ? 'leeno' : 'excel');
      return importTable(sheets, mapping);
    }
  }
}

export interface ComputoPreview {
  format: ComputoFormat;
  /** True: the columns are certain (or the format has no columns to choose) and the upload can go ahead. */
  certain: boolean;
  sheet: string | null;
  header_row: number | null;
  columns: string[];
  mapping: ColumnMapping | null;
  /** The first voci as they would be imported with `mapping`. */
  preview: ParsedVoce[];
  total_rows: number;
  /** Why the preview could not read voci with this mapping (the user corrects the columns). */
  error: string | null;
  /** Why the columns are not certain: each point where the evidence is not unanimous. */
  doubts: string[];
}

const PREVIEW_ROWS = 20;

/** What the upload shows before confirming: for a spreadsheet, the chosen columns and the first voci. */
export function previewComputo(bytes: Uint8Array, mapping: ColumnMapping | null = null): ComputoPreview {
  const format = checkSize(bytes);
  if (format === 'pdf' || format === 'xpwe' || format === 'six') {
    const result = format === 'pdf' ? null : importComputo(bytes);
    return { format, certain: true, sheet: null, header_row: null, columns: [], mapping: null, preview: result?.voci.slice(0, PREVIEW_ROWS) ?? [], total_rows: result?.voci.length ?? 0, error: null, doubts: [] };
  }
  const sheets = readSheets(bytes, format);
  const leeno = !mapping ? computoSheet(sheets) : undefined;
  if (leeno) {
    const result = importLeeno(leeno, format === 'ods' ? 'leeno' : 'excel');
    return { format: format === 'ods' ? 'leeno' : format, certain: true, sheet: leeno.name, header_row: null, columns: [], mapping: null, preview: result.voci.slice(0, PREVIEW_ROWS), total_rows: result.voci.length, error: null, doubts: [] };
  }
  const guess: HeaderGuess = guessMapping(sheets);
  const chosen = mapping ?? guess.mapping;
  const sheet = sheets.find((s) => s.name === guess.sheet)!;
  let result: ImportResult | null = null;
  let error: string | null = null;
  try {
    result = readTable(sheet, guess.headerRow, chosen);
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    error = err.reason;
  }
  return {
    format,
    certain: guess.certain && !mapping && !error,
    sheet: guess.sheet,
    header_row: guess.headerRow >= 0 ? guess.headerRow + 1 : null,
    columns: guess.columns,
    mapping: chosen,
    preview: result?.voci.slice(0, PREVIEW_ROWS) ?? [],
    total_rows: result?.voci.length ?? 0,
    error,
    doubts: mapping ? [] : guess.doubts,
  };
}
