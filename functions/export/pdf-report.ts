/**
 * A generic printed table report on A4 (pdf-lib, standard fonts, text selectable): a header block
 * repeated on every page (title and lines such as document, province, lists, date), the column
 * header on every page, rows whose text cells wrap within their column, full-width headings
 * (chapters), bold total lines, a closing block (e.g. a legend) and "Pagina N di M" at the foot of
 * every page. Knows nothing of computi: the stampa of a computo and other reports (a verification
 * report) give it their columns and lines.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export interface ReportColumn {
  header: string;
  /** Width in points; the widths are scaled to fill the printable width. */
  width: number;
  align?: 'left' | 'right';
  /** Text wraps over several lines (otherwise it is shrunk, then wrapped, only when it cannot fit). */
  wrap?: boolean;
}

export type ReportLine =
  /** One table row; `note` is printed in small red italics under the row, `marked` prints the row's first cell in red. */
  | { kind: 'row'; cells: string[]; note?: string; marked?: boolean }
  /** A full-width title (a chapter). */
  | { kind: 'heading'; text: string; level?: number }
  /** A bold line: `label` spans the columns before the first value given; values sit in their columns. */
  | { kind: 'total'; label: string; values: Record<number, string>; strong?: boolean };

export interface ReportSpec {
  title: string;
  /** Under the title, on every page. */
  headerLines: string[];
  columns: ReportColumn[];
  lines: ReportLine[];
  /** After the table (legend, notes), in small type. */
  closing?: string[];
  landscape?: boolean;
  /** Document metadata. */
  author?: string;
  subject?: string;
  now?: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;
const FONT_SIZE = 8;
const SMALL = 7;
const LINE = 10;
const PAD = 3;
const GRID = rgb(0.75, 0.75, 0.78);
const HEAD_FILL = rgb(0.19, 0.18, 0.51);
const HEADING_FILL = rgb(0.92, 0.92, 0.96);
const RED = rgb(0.75, 0.05, 0.05);
const BLACK = rgb(0, 0, 0);

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const REPLACE: Record<string, string> = { '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u2009': ' ', '\u202f': ' ', '\u00a0': ' ', '≥': '>=', '≤': '<=', '\u2192': '->', '≠': 'diverso da' };

/** Text the standard fonts can draw (WinAnsi): others are replaced by a near equivalent or "?". */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '\t' || ch === '\n' || ch === '\r') out += ' ';
    else if (REPLACE[ch] !== undefined) out += REPLACE[ch];
    else if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa1 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) out += ch;
    else if (c >= 0x20) out += '?';
  }
  return out;
}

/** Words of `text` in lines no wider than `width`; a word longer than a line is cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of printable(text).split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

interface Fonts {
  reg: PDFFont;
  bold: PDFFont;
  ital: PDFFont;
}

interface Cell {
  lines: string[];
  size: number;
}

export async function buildTableReport(spec: ReportSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(spec.title));
  pdf.setCreator('Computa');
  pdf.setProducer('Computa');
  if (spec.author) pdf.setAuthor(printable(spec.author));
  if (spec.subject) pdf.setSubject(printable(spec.subject));
  if (spec.now) {
    pdf.setCreationDate(spec.now);
    pdf.setModificationDate(spec.now);
  }
  const fonts: Fonts = { reg: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold), ital: await pdf.embedFont(StandardFonts.HelveticaOblique) };
  const report = new TableReport(pdf, spec, fonts);
  report.header();
  const bodyHeight = report.y - report.bottom;
  for (const line of spec.lines) {
    if (line.kind === 'heading') report.heading(line);
    else if (line.kind === 'total') report.total(line);
    else report.row(line, bodyHeight);
  }
  report.closing();
  report.pageNumbers();
  return pdf.save();
}

/** Draws a report's pages: the page being filled and how far down it is (`y`). */
class TableReport {
  readonly pw: number;
  readonly ph: number;
  readonly usable: number;
  readonly widths: number[];
  readonly xs: number[];
  /** Room for the footer. */
  readonly bottom = MARGIN + 18;
  page!: PDFPage;
  y = 0;

  constructor(
    readonly pdf: PDFDocument,
    readonly spec: ReportSpec,
    readonly fonts: Fonts,
  ) {
    [this.pw, this.ph] = spec.landscape ? [A4[1], A4[0]] : A4;
    this.usable = this.pw - 2 * MARGIN;
    const scale = this.usable / spec.columns.reduce((s, c) => s + c.width, 0);
    this.widths = spec.columns.map((c) => c.width * scale);
    this.xs = this.widths.reduce<number[]>((acc, w, i) => [...acc, acc[i] + w], [MARGIN]);
  }

  text(s: string, x: number, yy: number, font: PDFFont, size: number, color: RGB = BLACK) {
    this.page.drawText(s, { x, y: yy, font, size, color });
  }

  cellOf(value: string, i: number, font: PDFFont): Cell {
    const col = this.spec.columns[i];
    const inner = this.widths[i] - 2 * PAD;
    const t = printable(value);
    if (col.wrap) return { lines: wrapText(t, font, FONT_SIZE, inner), size: FONT_SIZE };
    // A code or a number stays on one line: smaller type when it does not fit, wrapped only beyond that.
    for (let size = FONT_SIZE; size >= 5.5; size -= 0.5) if (font.widthOfTextAtSize(t, size) <= inner) return { lines: [t], size };
    return { lines: wrapText(t, font, 5.5, inner), size: 5.5 };
  }

  drawCells(cells: Cell[], top: number, font: PDFFont, color: (i: number) => RGB) {
    cells.forEach((cell, i) => {
      const col = this.spec.columns[i];
      cell.lines.forEach((l, k) => {
        const w = font.widthOfTextAtSize(l, cell.size);
        const x = col.align === 'right' ? this.xs[i] + this.widths[i] - PAD - w : this.xs[i] + PAD;
        this.text(l, x, top - PAD - FONT_SIZE - k * LINE, font, cell.size, color(i));
      });
    });
  }

  /** A new page: the title, the header lines and the column titles. */
  header() {
    const { spec, fonts, usable } = this;
    this.page = this.pdf.addPage([this.pw, this.ph]);
    this.y = this.ph - MARGIN;
    this.text(printable(spec.title), MARGIN, this.y - 11, fonts.bold, 11);
    this.y -= 16;
    for (const l of spec.headerLines) {
      for (const w of wrapText(l, fonts.reg, FONT_SIZE, usable)) {
        this.text(w, MARGIN, this.y - FONT_SIZE, fonts.reg, FONT_SIZE);
        this.y -= LINE;
      }
    }
    this.y -= 4;
    const heads = spec.columns.map((c, i) => ({ lines: wrapText(c.header, fonts.bold, FONT_SIZE, this.widths[i] - 2 * PAD), size: FONT_SIZE }));
    const h = Math.max(...heads.map((c) => c.lines.length)) * LINE + 2 * PAD - 2;
    this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: usable, height: h, color: HEAD_FILL });
    this.drawCells(heads, this.y, fonts.bold, () => rgb(1, 1, 1));
    this.y -= h;
  }

  /** Starts a new page when `height` does not fit on this one. */
  room(height: number) {
    if (this.y - height < this.bottom) this.header();
  }

  heading(line: Extract<ReportLine, { kind: 'heading' }>) {
    const { fonts, usable } = this;
    const ls = wrapText(line.text, fonts.bold, FONT_SIZE, usable - 2 * PAD);
    const h = ls.length * LINE + 2 * PAD - 2;
    this.room(h + 2 * LINE); // a heading never ends a page alone
    this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: usable, height: h, color: HEADING_FILL });
    ls.forEach((l, k) => this.text(l, MARGIN + PAD + (line.level ?? 0) * 6, this.y - PAD - FONT_SIZE - k * LINE, fonts.bold, FONT_SIZE));
    this.y -= h;
  }

  total(line: Extract<ReportLine, { kind: 'total' }>) {
    const { fonts, usable, xs, widths, spec } = this;
    const first = Math.min(...Object.keys(line.values).map(Number), spec.columns.length);
    const labelWidth = xs[first] - MARGIN - 2 * PAD;
    const ls = wrapText(line.label, fonts.bold, FONT_SIZE, labelWidth);
    const values = Object.entries(line.values).map(([i, v]) => [Number(i), this.cellOf(v, Number(i), fonts.bold)] as const);
    const h = Math.max(ls.length, ...values.map(([, c]) => c.lines.length)) * LINE + 2 * PAD - 2;
    this.room(h);
    if (line.strong) this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: usable, height: h, color: HEADING_FILL });
    ls.forEach((l, k) => this.text(l, xs[first] - PAD - fonts.bold.widthOfTextAtSize(l, FONT_SIZE), this.y - PAD - FONT_SIZE - k * LINE, fonts.bold, FONT_SIZE));
    for (const [i, c] of values) {
      const w = fonts.bold.widthOfTextAtSize(c.lines[0], c.size);
      c.lines.forEach((l, k) => this.text(l, spec.columns[i].align === 'right' ? xs[i] + widths[i] - PAD - w : xs[i] + PAD, this.y - PAD - FONT_SIZE - k * LINE, fonts.bold, c.size));
    }
    this.y -= h;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + usable, y: this.y }, thickness: 0.5, color: GRID });
  }

  /** A table row; one taller than what is left goes to the next page, one taller than a page is split. */
  row(line: Extract<ReportLine, { kind: 'row' }>, bodyHeight: number) {
    const { fonts, widths, xs, usable, bottom } = this;
    const cells = line.cells.map((v, i) => this.cellOf(v, i, fonts.reg));
    const noteLines = line.note ? wrapText(line.note, fonts.ital, SMALL, widths.slice(1).reduce((s, w) => s + w, 0) - 2 * PAD) : [];
    const noteH = noteLines.length * (LINE - 1);
    const count = Math.max(...cells.map((c) => c.lines.length));
    const height = (n: number, withNote: boolean) => n * LINE + (withNote ? noteH : 0) + 2 * PAD - 2;
    let start = 0;
    for (;;) {
      const rest = count - start;
      const fit = Math.floor((this.y - bottom - 2 * PAD + 2) / LINE);
      const last = height(rest, true) <= this.y - bottom;
      if (!last && (fit < 3 || (start === 0 && height(rest, true) <= bodyHeight))) {
        this.header();
        continue;
      }
      const end = last ? count : start + fit;
      const chunk = cells.map((c) => ({ lines: c.lines.slice(start, end), size: c.size }));
      this.drawCells(chunk, this.y, fonts.reg, (i) => (i === 0 && line.marked ? RED : BLACK));
      if (last) {
        const noteTop = this.y - PAD - (end - start) * LINE;
        noteLines.forEach((l, k) => this.text(l, xs[1] + PAD, noteTop - SMALL - k * (LINE - 1), fonts.ital, SMALL, RED));
      }
      this.y -= height(end - start, last);
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + usable, y: this.y }, thickness: 0.3, color: GRID });
      if (last) break;
      start = end;
      this.header();
    }
  }

  /** After the table (legend, notes), in small type. */
  closing() {
    if (!this.spec.closing?.length) return;
    this.y -= 6;
    for (const para of this.spec.closing) {
      const ls = wrapText(para, this.fonts.reg, SMALL, this.usable);
      this.room(ls.length * (LINE - 1));
      ls.forEach((l) => {
        this.text(l, MARGIN, this.y - SMALL, this.fonts.reg, SMALL);
        this.y -= LINE - 1;
      });
    }
  }

  /** "Pagina N di M" on every page. */
  pageNumbers() {
    const pages = this.pdf.getPages();
    pages.forEach((p, i) => {
      const label = `Pagina ${i + 1} di ${pages.length}`;
      p.drawText(label, { x: this.pw - MARGIN - this.fonts.reg.widthOfTextAtSize(label, SMALL), y: MARGIN, font: this.fonts.reg, size: SMALL });
    });
  }
}
