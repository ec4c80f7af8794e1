/**
 * Price-list file readers: bytes in, PriceRows out (no DB, no S3).
 *
 * The format is taken from the content, never from the name: .xlsx (zip with
 * xl/workbook.xml), .xls (OLE2 compound file), XML (Regione Toscana EASY / PRT) or delimited
 * text (CSV with ';', ',' or tab). The name only matters to refuse a file that claims to be
 * Excel and is not. Every problem the user can fix is a PriceFileError with an Italian detail.
 */
import { NO_PRICES, structuredComputoRefusal } from '../../../shared/domain/price-file.ts';
import { decodeWindows1252, isWindows1252Label } from './cp1252.ts';
import { readCsv } from './csv.ts';
import { readPrezzarioXml } from './prezzario-xml.ts';
import { DEFAULT_MAX_ROWS, NOT_EXCEL, PriceFileError, type ReadOptions, type ReadResult } from './types.ts';
import { readWithSheetJs, readXlsx } from './workbook.ts';

export { PriceFileError, DEFAULT_MAX_ROWS } from './types.ts';
export type { PriceRow, PriceField, PriceFileFormat, ReadResult, ReadOptions } from './types.ts';
export { describeLevels } from './describe.ts';

/** XML is read whole into a string: refuse beyond this. */
const MAX_XML_BYTES = 200 * 1024 * 1024;

const UNSUPPORTED = 'Formato del file non riconosciuto: sono supportati Excel (.xlsx, .xls), CSV e XML (Regione Toscana).';

type Detected = 'xlsx' | 'xls' | 'zip' | 'ods' | 'text' | 'binary' | 'empty';

function startsWith(bytes: Uint8Array, sig: readonly number[]): boolean {
  if (bytes.length < sig.length) return false;
  return sig.every((b, i) => bytes[i] === b);
}

function contains(bytes: Uint8Array, ascii: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(ascii, 0, 'latin1') >= 0;
}

function detectContent(bytes: Uint8Array): Detected {
  if (!bytes.length) return 'empty';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // Entry names are stored uncompressed in the local headers and the central directory.
    if (contains(bytes, 'xl/workbook.xml') || contains(bytes, 'xl/workbook.bin')) return 'xlsx';
    if (contains(bytes, 'application/vnd.oasis.opendocument.spreadsheet')) return 'ods';
    return 'zip';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'text'; // UTF-16 with BOM
  // Text has no NUL bytes (UTF-8, Windows-1252); PDFs, images and other binaries do early on.
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return 'binary';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'binary'; // %PDF
  return 'text';
}

/** The encoding named in an XML declaration, if any. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 200)).toString('latin1');
  const m = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(head);
  return m ? m[1].toLowerCase() : null;
}

/**
 * Shown with the preview (and after a CSV data import) when the encoding was guessed: the
 * user checks what was read.
 */
export const ENCODING_GUESSED =
  'Codifica del file non dichiarata: letto come Windows-1252. Controlla che i caratteri accentati e il simbolo \u20ac siano corretti.';

/**
 * Text from bytes: UTF-16 by BOM; UTF-8 (BOM or not) when the bytes are valid UTF-8;
 * otherwise Windows-1252 (what Excel writes for "CSV (separato da ;)" on Italian Windows),
 * with a warning as that is a guess, or the encoding an XML declaration names.
 * Windows-1252 is decoded by table (cp1252.ts), never by Node's TextDecoder.
 */
export function decodeText(bytes: Uint8Array, warnings: string[] = []): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  const declared = declaredEncoding(bytes);
  if (declared && !/^utf-?8$/.test(declared)) {
    if (isWindows1252Label(declared)) return decodeWindows1252(bytes);
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // unknown label: fall through to the detection below
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    warnings.push(declared && /^utf-?8$/.test(declared) ? 'Il file dichiara la codifica UTF-8 ma non lo è: letto come Windows-1252.' : ENCODING_GUESSED);
    return decodeWindows1252(bytes);
  }
}

function claimsExcel(filename: string): boolean {
  return /\.(xlsx|xlsm|xls)$/i.test(filename.trim());
}

/** XML computi (PriMus XPWE, SIX with measurements) are refused: they are not price lists. */
function refuseXmlComputo(body: string): void {
  const head = body.slice(0, 65_536);
  if (/<PweDocumento[\s>]/.test(head)) throw new PriceFileError(structuredComputoRefusal('XPWE'));
  if (/<(?:\w+:)?Documento[\s>]/.test(head) && /<(?:\w+:)?prvRilevazione[\s>/]/.test(body)) throw new PriceFileError(structuredComputoRefusal('SIX'));
}

async function readAny(bytes: Uint8Array, filename: string, maxRows: number): Promise<ReadResult> {
  const kind = detectContent(bytes);
  if (kind === 'empty') throw new PriceFileError('Il file è vuoto.');
  if (kind === 'xlsx') return readXlsx(bytes, maxRows);
  if (kind === 'xls') return readWithSheetJs(bytes, maxRows, 'xls');
  if (claimsExcel(filename)) throw new PriceFileError(NOT_EXCEL);
  if (kind === 'ods') throw new PriceFileError('Il formato OpenDocument (.ods) non è supportato: salvare il file come Excel (.xlsx).');
  if (kind === 'zip' || kind === 'binary') throw new PriceFileError(UNSUPPORTED);

  const warnings: string[] = [];
  const text = decodeText(bytes, warnings);
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('<')) {
    if (bytes.byteLength > MAX_XML_BYTES) throw new PriceFileError('Il file XML è troppo grande (massimo 200 MB).');
    refuseXmlComputo(body);
    const res = readPrezzarioXml(body, maxRows);
    return { ...res, warnings: [...warnings, ...res.warnings] };
  }
  const res = readCsv(body, maxRows);
  return { ...res, warnings: [...warnings, ...res.warnings] };
}

/**
 * Reads a price list, or refuses (PriceFileError, Italian) a file that is not one: no code or
 * price column, a computo (quantities and amounts, XPWE, SIX with measurements), no price at all.
 */
export async function readPriceFile(bytes: Uint8Array, filename: string, opts: ReadOptions = {}): Promise<ReadResult> {
  const res = await readAny(bytes, filename, opts.maxRows ?? DEFAULT_MAX_ROWS);
  if (res.rows.length && res.rows.every((r) => r.prezzo === null && r.prezzo_senza_sg === null)) throw new PriceFileError(NO_PRICES);
  return res;
}
