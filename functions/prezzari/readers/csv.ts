import { HeaderSearch, HEADER_SEARCH_ROWS, isUsableHeader, mapHeader, TableReader } from './table.ts';
import type { ReadResult } from './types.ts';

/**
 * Records of a delimited text (RFC 4180 style): quoted fields with "" escapes and line breaks
 * inside quotes, CRLF / LF / CR line ends. A quote in the middle of an unquoted field is kept
 * as text (as spreadsheet programs do).
 */
export function* csvRecords(text: string, sep: string): Generator<string[]> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            field += text.slice(i);
            i = n;
            break;
          }
          field += text.slice(i, q);
          if (text[q + 1] === '"') {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        // anything between the closing quote and the separator is kept
        while (i < n && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      } else {
        let j = i;
        while (j < n && text[j] !== sep && text[j] !== '\n' && text[j] !== '\r') j++;
        field = text.slice(i, j);
        i = j;
      }
      record.push(field);
      if (i < n && text[i] === sep) {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    yield record;
  }
}

const SEPARATORS = [';', '\t', ','] as const;

/**
 * Picks the separator with which a header is found in the first 30 records (header lines hold
 * no decimal commas, so a ';' file with "12,50" prices is not mistaken for ','); when several
 * work, the one recognising more columns, ';' first on ties. Without any header, the one that
 * splits the first line into most fields (for the error message).
 */
export function detectSeparator(text: string): string {
  let best: { sep: string; score: number } | null = null;
  let widest = { sep: ';', fields: 0 };
  for (const sep of SEPARATORS) {
    let k = 0;
    for (const rec of csvRecords(text, sep)) {
      if (++k > HEADER_SEARCH_ROWS) break;
      if (k === 1 && rec.length > widest.fields) widest = { sep, fields: rec.length };
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
    warnings: m.warnings(),
  };
}
