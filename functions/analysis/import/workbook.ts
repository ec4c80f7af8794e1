/**
 * Spreadsheets (.xlsx, .xls, .ods) through @e965/xlsx (SheetJS): cached values of formulas,
 * which columns are hidden (the only style read), no HTML. Zips are checked against the inflate budget first (zip.ts).
 */
import { read, utils } from '@e965/xlsx';
import { ImportError } from './common.ts';
import { checkZipBudget } from './zip.ts';

export const NOT_A_SPREADSHEET = 'Il file non è un foglio di calcolo leggibile (.xlsx, .xls, .ods) o è danneggiato.';
export const EMPTY_SPREADSHEET = 'Il foglio di calcolo non contiene dati.';
/** Rows read per sheet at most. */
export const MAX_SHEET_ROWS = 200_000;
const MAX_COLUMNS = 200;

export type Cell = string | number | boolean | null;
export interface Sheet {
  name: string;
  rows: Cell[][];
  /** 0-based columns the file hides: nobody reading the sheet sees them. */
  hidden?: ReadonlySet<number>;
}

export function readSheets(bytes: Uint8Array, kind: 'xlsx' | 'xls' | 'ods'): Sheet[] {
  if (kind !== 'xls') checkZipBudget(bytes);
  let wb: ReturnType<typeof read>;
  try {
    wb = read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellText: false, cellStyles: true, cellDates: false, cellNF: false, sheetRows: MAX_SHEET_ROWS });
  } catch {
    throw new ImportError(NOT_A_SPREADSHEET);
  }
  const sheets: Sheet[] = [];
  for (const name of wb.SheetNames ?? []) {
    const ws = wb.Sheets[name];
    if (!ws || !ws['!ref']) continue;
    const range = utils.decode_range(ws['!ref']);
    range.s.r = 0;
    range.s.c = 0;
    range.e.c = Math.min(range.e.c, MAX_COLUMNS - 1);
    const rows = utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: true, range });
    const hidden = new Set((ws['!cols'] ?? []).flatMap((c, i) => (c?.hidden ? [i] : [])));
    sheets.push({ name, hidden, rows: rows.map((r) => (Array.isArray(r) ? r.map((c: unknown) => (c instanceof Date ? c.toISOString().slice(0, 10) : (c as Cell))) : [])) });
  }
  if (!sheets.length) throw new ImportError(EMPTY_SPREADSHEET);
  return sheets;
}

export const cellString = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c).replace(/[\s\u00a0]+/g, ' ').trim());
