/**
 * Row heights for the exported workbooks. Excel does not fit a row's height to wrapped text when
 * it opens a file (LibreOffice does, Excel keeps the default 15 pt and the text is cut or runs
 * over the next row), so each row is given the height of its tallest wrapped cell, estimated
 * from the text and the column's width: a column of width w holds about w × 1.25 characters of
 * 11 pt text (w counts the widest digit; average Italian text is narrower), 15 pt per line.
 */
const CHARS_PER_WIDTH = 1.25;
export const LINE_HEIGHT = 15;

/** Lines `text` takes in a column `width` wide (at least 1), word-wrapped, line breaks kept. */
export function wrappedLines(text: string, width: number): number {
  const perLine = Math.max(1, Math.floor(width * CHARS_PER_WIDTH));
  let lines = 0;
  for (const para of text.split(/\r?\n/)) {
    let line = 0;
    let count = 1;
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const len = [...word].length;
      if (line && line + 1 + len > perLine) {
        count++;
        line = 0;
      }
      if (len > perLine) {
        count += Math.floor((line + len - 1) / perLine);
        line = (line + len) % perLine;
      } else line += (line ? 1 : 0) + len;
    }
    lines += count;
  }
  return Math.max(1, lines);
}

/** The height (points) of a row whose wrapped cells are `cells` (text and column width). */
export function rowHeight(cells: ReadonlyArray<{ text: string; width: number }>): number {
  return Math.max(...cells.map((c) => wrappedLines(c.text, c.width)), 1) * LINE_HEIGHT;
}

/**
 * Characters a number takes in its cell's format ("#,##0.00 €", "+0.00%"): its integer digits with
 * thousands separators, sign, 2 decimals and the suffix. A column narrower than that shows "###".
 */
export function numberChars(value: number, format: string): number {
  const digits = Math.max(1, Math.floor(Math.abs(value)).toString().length);
  const grouped = format.includes('#,##') ? digits + Math.floor((digits - 1) / 3) : digits;
  const decimals = (/0\.(0+)/.exec(format)?.[1].length ?? 0) + (format.includes('##"') || format.endsWith('##') ? 2 : 0);
  const suffix = format.includes('€') ? 2 : format.includes('%') ? 1 : 0;
  return grouped + (decimals ? decimals + 1 : 0) + suffix + (value < 0 || format.startsWith('+') ? 1 : 0);
}

/** Each numeric column wide enough for its widest value (never narrower than it is), so no cell shows "###". */
export function fitNumberColumns(ws: { getColumn(c: number): { width?: number; eachCell(cb: (cell: { value: unknown; numFmt: string }) => void): void } }, columns: number[]): void {
  for (const c of columns) {
    const column = ws.getColumn(c);
    let widest = 0;
    column.eachCell((cell) => {
      const v = typeof cell.value === 'number' ? cell.value : typeof (cell.value as { result?: unknown } | null)?.result === 'number' ? (cell.value as { result: number }).result : null;
      if (v !== null && cell.numFmt) widest = Math.max(widest, numberChars(v, cell.numFmt));
    });
    // 1.1: the digits of the default font are a little wider than the unit of a column's width.
    column.width = Math.max(column.width ?? 8, Math.ceil(widest * 1.1) + 2);
  }
}
