import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { utils, write } from '@e965/xlsx';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const toscanaXmlPath = path.resolve(repoRoot, 'tests/fixtures/corpus/data/toscana-firenze-2025-excerpt.xml');

type Cell = ExcelJS.CellValue;

/** An .xlsx built in memory with exceljs: one entry per sheet, rows as given (null = empty row). */
export async function xlsxBytes(sheets: Array<{ name: string; rows: Array<Cell[] | null> }>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    s.rows.forEach((row, i) => {
      if (row) ws.getRow(i + 1).values = row;
    });
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A legacy .xls (BIFF8) built with SheetJS. */
export function xlsBytes(sheets: Array<{ name: string; rows: unknown[][] }>): Uint8Array {
  const wb = utils.book_new();
  for (const s of sheets) utils.book_append_sheet(wb, utils.aoa_to_sheet(s.rows), s.name);
  return new Uint8Array(write(wb, { bookType: 'biff8', type: 'array' }) as ArrayBuffer);
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** The Windows-1252 bytes of 0x80–0x9F the fixtures use, from the code page chart. */
const CP1252_HIGH: Record<string, number> = { '€': 0x80, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u2013': 0x96, '\u2014': 0x97 };

/** Windows-1252 for the Latin-1 range and a few typographic signs, by hand (TextEncoder only writes UTF-8). */
export function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => {
    const c = ch.codePointAt(0)!;
    if (ch in CP1252_HIGH) return CP1252_HIGH[ch];
    if (c > 0xff || (c >= 0x80 && c < 0xa0)) throw new Error(`not in the fixture charset: ${ch}`);
    return c;
  }));
}
