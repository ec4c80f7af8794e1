import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { read as readXls, utils as xlsUtils } from '@e965/xlsx';
import { HeaderSearch, HEADER_SEARCH_ROWS, TableReader } from './table.ts';
import { NOT_EXCEL, PriceFileError, type ReadResult } from './types.ts';

/*
 * Two libraries, measured (issue 28): SheetJS (@e965/xlsx) is the only one that reads legacy .xls
 * (BIFF) and .ods (LeenO computi, analysis/import/workbook.ts), so it stays. For .xlsx, the price
 * lists' usual format, exceljs's streaming reader is kept: on a 10 MB list (the upload limit,
 * 380,000 voci) it read in 19–26 s with 500–550 MB of peak RSS growth, SheetJS in 29–38 s with
 * 780 MB (two runs each, 2 shared cores), and the API Lambda has 1,024 MB. exceljs also writes the
 * exports (export/formats.ts, services/comparison.ts), with the styles SheetJS's community build lacks.
 */

function result(table: TableReader, format: 'xlsx' | 'xls', sheet: string): ReadResult {
  const m = table.mapper!;
  return {
    rows: m.rows,
    format,
    sheet,
    headerRow: table.headerRow,
    recognised: m.recognised(),
    missing: m.missing(),
    skipped: m.skipped,
    titleRows: m.titleRows,
    warnings: m.warnings(),
  };
}

/**
 * .xlsx through exceljs's streaming reader: rows are mapped as they are parsed and only the
 * PriceRows are kept. Sheets are tried in file order; the first one with a header in its first
 * 30 rows is read, the others are skipped (the reader drains them).
 */
export async function readXlsx(bytes: Uint8Array, maxRows: number): Promise<ReadResult> {
  const search = new HeaderSearch();
  const stream = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const ws of reader) {
      sheets++;
      const name = (ws as unknown as { name?: string }).name ?? `Foglio ${sheets}`;
      const table = new TableReader(search, maxRows);
      for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        // exceljs rows are 1-based sparse arrays
        const cells = Array.isArray(values) ? values.slice(1) : [];
        if (!table.push(cells, row.number)) break;
      }
      if (table.mapper) return result(table, 'xlsx', name);
    }
  } catch (e) {
    if (e instanceof PriceFileError) throw e;
    // Unusual but valid workbooks (sheet parts not named sheetN.xml, …) and broken zips:
    // let SheetJS have a go, it raises the Excel error if it cannot read it either.
    return readWithSheetJs(bytes, maxRows, 'xlsx');
  } finally {
    stream.destroy();
  }
  if (!sheets) return readWithSheetJs(bytes, maxRows, 'xlsx');
  throw search.error();
}

/** Legacy .xls (BIFF) through SheetJS; also the fallback for .xlsx exceljs cannot stream. */
export function readWithSheetJs(bytes: Uint8Array, maxRows: number, format: 'xlsx' | 'xls'): ReadResult {
  let wb: ReturnType<typeof readXls>;
  try {
    wb = readXls(bytes, { type: 'array', dense: true, cellDates: false, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw new PriceFileError(NOT_EXCEL);
  }
  if (!wb.SheetNames?.length) throw new PriceFileError(NOT_EXCEL);
  const search = new HeaderSearch();
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name];
    if (!ws || !ws['!ref']) continue;
    const start = xlsUtils.decode_range(ws['!ref']).s.r;
    const rows = xlsUtils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
    const table = new TableReader(search, maxRows);
    for (let i = 0; i < rows.length; i++) {
      const rowNumber = start + i + 1;
      if (!table.push(rows[i] ?? [], rowNumber)) break;
      if (!table.mapper && rowNumber >= HEADER_SEARCH_ROWS) break;
    }
    if (table.mapper) return result(table, format, name);
  }
  throw search.error();
}
