/**
 * What the spreadsheet families share: a document being written as an .xlsx with exceljs (printed
 * by LibreOffice Calc), its fonts, borders and page set-up, and Italian number formats.
 */
import ExcelJS from 'exceljs';
import type { Rng } from '../core.ts';
import type { PrintedVoce } from './truth.ts';
import type { OfficeModel } from './model.ts';

export const SHEET_FONTS = ['Liberation Sans', 'Liberation Sans Narrow', 'DejaVu Sans', 'Liberation Serif', 'DejaVu Sans Condensed'] as const;

/** A family's output before printing: the office file, and what the truth needs. */
export interface OfficeDoc {
  /** File name with extension (`.xlsx`, `.html`); `html` documents go through Writer as .docx. */
  file: string;
  data: Uint8Array | string;
  model: OfficeModel;
  printed: PrintedVoce[];
  thousands: string;
  font: string;
  imitates: string;
  variant: Record<string, unknown>;
  printedTotal: number;
}

export interface SheetLook {
  font: string;
  size: number;
  grid: boolean;
  landscape: boolean;
}

export function pickLook(rng: Rng, landscape: boolean): SheetLook {
  return { font: rng.pick(SHEET_FONTS), size: rng.pick([7, 8, 8, 9, 9, 10]), grid: rng.chance(0.5), landscape };
}

const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF000000' } };
export const ALL_BORDERS: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/** Applies font (and borders when the look has a grid) to the cells 1..ncol of `row`. */
export function styleRow(row: ExcelJS.Row, look: SheetLook, ncol: number, o: { bold?: boolean; italic?: boolean; fill?: string } = {}): void {
  for (let c = 1; c <= ncol; c++) {
    const cell = row.getCell(c);
    cell.font = { name: look.font, size: look.size, bold: o.bold, italic: o.italic };
    if (look.grid) cell.border = ALL_BORDERS;
    if (o.fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: o.fill } };
  }
}

export function newSheet(name: string, look: SheetLook, rng: Rng): { wb: ExcelJS.Workbook; ws: ExcelJS.Worksheet } {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'computa office generator';
  const ws = wb.addWorksheet(name);
  const m = rng.real(0.3, 0.8, 2);
  ws.pageSetup = {
    paperSize: 9,
    orientation: look.landscape ? 'landscape' : 'portrait',
    fitToPage: false,
    margins: { left: m, right: m, top: rng.real(0.4, 0.9, 2), bottom: rng.real(0.5, 0.9, 2), header: 0.3, footer: 0.3 },
  } as ExcelJS.PageSetup;
  return { wb, ws };
}

/** `#,##0.00` with optional € before/after; `dec` decimals. */
export function numFmt(dec: number, euro: 'none' | 'before' | 'after' = 'none'): string {
  const core = dec ? `#,##0.${'0'.repeat(dec)}` : '#,##0';
  return euro === 'before' ? `"€ "${core}` : euro === 'after' ? `${core}" €"` : core;
}

const CHAR_EM: Record<string, number> = {
  'Liberation Sans': 0.52,
  'Liberation Sans Narrow': 0.43,
  'DejaVu Sans': 0.6,
  'Liberation Serif': 0.48,
  'DejaVu Sans Condensed': 0.54,
};

/** Lines `text` takes in a wrapped column `width` (Excel character units) wide, estimated generously. */
export function wrappedLines(text: string, width: number, look: SheetLook): number {
  const colPt = (width * 7 + 5) * 0.75 - 4;
  const charPt = look.size * (CHAR_EM[look.font] ?? 0.6);
  let lines = 0;
  for (const part of text.split('\n')) lines += Math.max(1, Math.ceil((part.length * charPt * 1.12) / colPt));
  return lines;
}

/** A row height (points) that shows `lines` lines of the look's font. */
export const rowHeight = (lines: number, look: SheetLook): number => Math.ceil(lines * look.size * 1.2 + 3);

/** Sets the columns' widths and a print scale that fits them to the page width (never above 100 %). */
export function setWidths(ws: ExcelJS.Worksheet, widths: number[], look: SheetLook): void {
  ws.columns = widths.map(w => ({ width: w }));
  const m = ws.pageSetup.margins ?? { left: 0.5, right: 0.5 };
  const avail = ((look.landscape ? 297 : 210) / 25.4 - (m.left ?? 0.5) - (m.right ?? 0.5)) * 72;
  // LibreOffice converts column widths with its own default font: leave a margin so no column spills onto a page of its own
  const total = widths.reduce((a, w) => a + (w * 7 + 5) * 0.75, 0) * 1.3;
  ws.pageSetup.scale = Math.max(10, Math.min(100, Math.floor((avail / total) * 100)));
}

export async function xlsxBytes(wb: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
