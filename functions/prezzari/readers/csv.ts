import { HeaderSearch, HEADER_SEARCH_ROWS, isUsableHeader, mapHeader, TableReader } from './table.ts';
import { parse } from 'csv-parse/sync';
import { PriceFileError, type ReadResult } from './types.ts';

/**
 * Records of a delimited text, by csv-parse (RFC 4180: quoted fields with "" escapes and line
 * breaks inside quotes), with CRLF / LF / CR line ends mixed, rows of any width, and a quote
 * in the middle of an unquoted field kept as text (as spreadsheet programs do). `limit` stops
 * after that many records. A quote left open is a clear Italian error.
 */
function csvRecords(text: string, sep: string, limit?: number): string[][] {
  try {
    return parse(text, {
      delimiter: sep,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      max_record_size: MAX_RECORD_CHARS,
      ...(limit ? { to: limit } : {}),
    }) as string[][];
  } catch (err) {
    // No line number: csv-parse counts the line where it stopped, not where the quote opened.
    const code = (err as { code?: string }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED') throw new PriceFileError('Il file CSV non è valido: un campo tra virgolette non viene mai chiuso.', { cause: err });
    if (code === 'CSV_MAX_RECORD_SIZE') throw new PriceFileError(`Il file CSV non è valido: una riga supera ${MAX_RECORD_CHARS.toLocaleString('it-IT')} caratteri.`, { cause: err });
    throw new PriceFileError('Il file CSV non è valido.', { cause: err });
  }
}

/** One record longer than this is not a price list (a missing closing quote swallowing the file, say). */
const MAX_RECORD_CHARS = 1_000_000;

const SEPARATORS = [';', '\t', ','] as const;

/**
 * Picks the separator with which a header is found in the first 30 records (header lines hold
 * no decimal commas, so a ';' file with "12,50" prices is not mistaken for ','); when several
 * work, the one recognising more columns, ';' first on ties. Without any header, the one that
 * splits the first line into most fields (for the error message).
 */
function detectSeparator(text: string): string {
  let best: { sep: string; score: number } | null = null;
  let widest = { sep: ';', fields: 0 };
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  for (const sep of SEPARATORS) {
    const fields = firstLine.split(sep).length;
    if (fields > widest.fields) widest = { sep, fields };
    let records: string[][];
    try {
      records = csvRecords(text, sep, HEADER_SEARCH_ROWS);
    } catch {
      continue; // readCsv reports a broken file with the separator it settles on
    }
    for (const rec of records) {
      const h = mapHeader(rec);
      if (h && isUsableHeader(h)) {
        if (!best || h.cells.length > best.score) best = { sep, score: h.cells.length };
        break;
      }
    }
  }
  return best?.sep ?? widest.sep;
}

export function readCsv(text: string, maxRows: number): ReadResult {
  const sep = detectSeparator(text);
  const search = new HeaderSearch();
  const table = new TableReader(search, maxRows);
  let k = 0;
  for (const rec of csvRecords(text, sep)) {
    k++;
    if (!table.push(rec, k)) break;
  }
  const m = table.mapper;
  if (!m) throw search.error();
  return {
    rows: m.rows,
    format: 'csv',
    headerRow: table.headerRow,
    recognised: m.recognised(),
    missing: m.missing(),
    skipped: m.skipped,
    titleRows: m.titleRows,
    warnings: m.warnings(),
  };
}
