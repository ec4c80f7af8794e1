/**
 * A generic printed table report on A4 (pdf-lib, Liberation Sans embedded: functions/export/fonts.ts,
 * text selectable): a header block
 * repeated on every page (title and lines such as document, province, lists, date), the column
 * header on every page, rows whose text cells wrap within their column, full-width headings
 * (chapters), bold total lines, a closing block (e.g. a legend) and "Pagina N di M" at the foot of
 * every page. With `carry` a running sum of one column is carried from page to page ("A riportare"
 * at the foot, "Riporto" under the column titles); with `signatures` the report ends with the place
 * and date and a signature line for each signer. A page left with nothing but its header is not
 * kept. Knows nothing of computi: the stampa of a computo and other reports (a verification report)
 * give it their columns and lines.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { formatNumber } from '../../shared/format.ts';
import { fontBytes } from './fonts.ts';

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
  | { kind: 'row'; cells: string[]; note?: string; marked?: boolean; amount?: number | null }
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
  /** A column whose rows' `amount` is carried from page to page ("A riportare" / "Riporto"). */
  carry?: number;
  /** After the closing: "{place and date}" and a signature line per signer (role, name). */
  signatures?: { placeDate: string; signers: Array<{ role: string; name: string }> };
  /** Document metadata. */
  author?: string;
  subject?: string;
  now?: Date;
  /** Stops the drawing (AbortError) when it fires: checked every LINES_PER_TURN lines. */
  signal?: AbortSignal;
}

/** Lines drawn between two turns of the event loop, where a stop (the client left) is heard. */
const LINES_PER_TURN = 250;

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
/** The "A riportare" / "Riporto" line. */
const CARRY_HEIGHT = LINE + 2 * PAD;

const REPLACE: Record<string, string> = { '\u2300': 'Ø', '\u2205': 'Ø', '\u2009': ' ', '\u202f': ' ', '\u00a0': ' ' };

/**
 * Text the embedded font can draw: tabs and line breaks are spaces, control characters go, a
 * character the font lacks becomes a near equivalent or "?". Without `glyphs`, every character
 * is kept.
 */
export function printable(text: string, glyphs?: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '\t' || ch === '\n' || ch === '\r') out += ' ';
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) continue;
    else if (!glyphs || glyphs.has(c)) out += ch;
    else if (REPLACE[ch] !== undefined && [...REPLACE[ch]].every((r) => glyphs.has(r.codePointAt(0)!))) out += REPLACE[ch];
    else out += '?';
  }
  return out;
}

/** Words of `text` in lines no wider than `width`; a word longer than a line is cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => textWidth(font, s, size) <= width;
  for (const word of printable(text, glyphsOf(font)).split(/ +/).filter(Boolean)) {
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

const advances = new WeakMap<PDFFont, Map<string, number>>();
/**
 * The width of `text` at `size`: the sum of its characters' advances, each measured once per font
 * (measuring a whole string through fontkit's layout on every call made a 10,000-row report take
 * a minute; the table's text is not kerned).
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let cache = advances.get(font);
  if (!cache) advances.set(font, (cache = new Map()));
  let w = 0;
  for (const ch of text) {
    let a = cache.get(ch);
    if (a === undefined) cache.set(ch, (a = font.widthOfTextAtSize(ch, 1000)));
    w += a;
  }
  return (w * size) / 1000;
}

const glyphSets = new WeakMap<PDFFont, ReadonlySet<number>>();
/** The code points an embedded font draws (all of them for a standard font). */
function glyphsOf(font: PDFFont): ReadonlySet<number> | undefined {
  let set = glyphSets.get(font);
  if (!set) {
    try {
      set = new Set(font.getCharacterSet());
    } catch {
      return undefined;
    }
    glyphSets.set(font, set);
  }
  return set;
}

/** Liberation Sans, subset into the file. */
async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  pdf.registerFontkit(fontkit);
  const embed = (face: 'reg' | 'bold' | 'ital') => pdf.embedFont(fontBytes(face), { subset: true });
  const [reg, bold, ital] = await Promise.all([embed('reg'), embed('bold'), embed('ital')]);
  return { reg, bold, ital };
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
  const report = new TableReport(pdf, spec, await embedFonts(pdf));
  report.header();
  const bodyHeight = report.y - report.bottom;
  for (const [i, line] of spec.lines.entries()) {
    if (spec.signal && i % LINES_PER_TURN === LINES_PER_TURN - 1) {
      await new Promise((resolve) => setImmediate(resolve));
      spec.signal.throwIfAborted();
    }
    if (line.kind === 'heading') report.heading(line);
    else if (line.kind === 'total') report.total(line);
    else report.row(line, bodyHeight);
  }
  report.carried = null; // the table has ended: nothing more to carry
  report.closing();
  report.signatures();
  report.dropEmptyLastPage();
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
  /** Room for the footer (and the "A riportare" line of a carried column). */
  readonly bottom: number;
  page!: PDFPage;
  y = 0;
  /** The carried column's running sum while the table runs; null when nothing is carried. */
  carried: number | null;
  /** Whether the page holds anything beyond its header. */
  filled = false;

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
    this.carried = spec.carry === undefined ? null : 0;
    this.bottom = MARGIN + 18 + (this.carried === null ? 0 : CARRY_HEIGHT);
  }

  text(s: string, x: number, yy: number, font: PDFFont, size: number, color: RGB = BLACK) {
    this.page.drawText(s, { x, y: yy, font, size, color });
  }

  cellOf(value: string, i: number, font: PDFFont): Cell {
    const col = this.spec.columns[i];
    const inner = this.widths[i] - 2 * PAD;
    const t = printable(value, glyphsOf(font));
    if (col.wrap) return { lines: wrapText(t, font, FONT_SIZE, inner), size: FONT_SIZE };
    // A code or a number stays on one line: smaller type when it does not fit, wrapped only beyond that.
    for (let size = FONT_SIZE; size >= 5.5; size -= 0.5) if (textWidth(font, t, size) <= inner) return { lines: [t], size };
    return { lines: wrapText(t, font, 5.5, inner), size: 5.5 };
  }

  drawCells(cells: Cell[], top: number, font: PDFFont, color: (i: number) => RGB) {
    cells.forEach((cell, i) => {
      const col = this.spec.columns[i];
      cell.lines.forEach((l, k) => {
        const w = textWidth(font, l, cell.size);
        const x = col.align === 'right' ? this.xs[i] + this.widths[i] - PAD - w : this.xs[i] + PAD;
        this.text(l, x, top - PAD - FONT_SIZE - k * LINE, font, cell.size, color(i));
      });
    });
  }

  /** A new page: the title, the header lines and the column titles (and the sum carried from the page before). */
  header() {
    const { spec, fonts, usable } = this;
    const carrying = this.page !== undefined && this.carried !== null && this.filled;
    if (carrying) this.carryLine('A riportare');
    this.page = this.pdf.addPage([this.pw, this.ph]);
    this.filled = false;
    this.y = this.ph - MARGIN;
    this.text(printable(spec.title, glyphsOf(fonts.bold)), MARGIN, this.y - 11, fonts.bold, 11);
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
    if (carrying) this.carryLine('Riporto');
  }

  /** "A riportare" / "Riporto": the carried column's sum so far, in italics, right-aligned in its column. */
  carryLine(label: string) {
    const { fonts, xs, widths, usable } = this;
    const i = this.spec.carry!;
    const value = formatNumber(this.carried ?? 0);
    const top = this.y;
    this.text(label, xs[i] - PAD - textWidth(fonts.ital, label, FONT_SIZE), top - PAD - FONT_SIZE, fonts.ital, FONT_SIZE);
    this.text(value, xs[i] + widths[i] - PAD - textWidth(fonts.ital, value, FONT_SIZE), top - PAD - FONT_SIZE, fonts.ital, FONT_SIZE);
    this.y -= CARRY_HEIGHT;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + usable, y: this.y }, thickness: 0.5, color: GRID });
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
    this.filled = true;
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
    this.filled = true;
    if (line.strong) this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: usable, height: h, color: HEADING_FILL });
    ls.forEach((l, k) => this.text(l, xs[first] - PAD - textWidth(fonts.bold, l, FONT_SIZE), this.y - PAD - FONT_SIZE - k * LINE, fonts.bold, FONT_SIZE));
    for (const [i, c] of values) {
      const w = textWidth(fonts.bold, c.lines[0], c.size);
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
      this.filled = true;
      if (start === 0 && this.carried !== null) this.carried += line.amount ?? 0;
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
      this.filled = true;
      ls.forEach((l) => {
        this.text(l, MARGIN, this.y - SMALL, this.fonts.reg, SMALL);
        this.y -= LINE - 1;
      });
    }
  }

  /** The place and date, then side by side a signature line per signer with the role above and the name below. */
  signatures() {
    const sig = this.spec.signatures;
    if (!sig) return;
    const { fonts, usable } = this;
    const height = 5 * LINE + 40;
    this.room(height);
    this.filled = true;
    this.y -= 2 * LINE;
    this.text(printable(sig.placeDate, glyphsOf(fonts.reg)), MARGIN, this.y - FONT_SIZE, fonts.reg, FONT_SIZE);
    const slot = usable / Math.max(sig.signers.length, 1);
    const width = Math.min(200, slot - 20);
    sig.signers.forEach((s, k) => {
      const x = MARGIN + usable - (sig.signers.length - k) * slot + (slot - width) / 2;
      const centred = (t: string, font: PDFFont, yy: number) => {
        const p = printable(t, glyphsOf(font));
        this.text(p, x + (width - textWidth(font, p, FONT_SIZE)) / 2, yy, font, FONT_SIZE);
      };
      centred(s.role, fonts.bold, this.y - FONT_SIZE);
      const lineY = this.y - 2 * LINE - 34;
      this.page.drawLine({ start: { x, y: lineY }, end: { x: x + width, y: lineY }, thickness: 0.6, color: BLACK });
      if (s.name) centred(s.name, fonts.reg, lineY - LINE);
    });
    this.y -= height - 2 * LINE;
  }

  /** A last page that holds nothing but its header (a table that ended exactly at a page's foot) is removed. */
  dropEmptyLastPage() {
    const count = this.pdf.getPageCount();
    if (!this.filled && count > 1) this.pdf.removePage(count - 1);
  }

  /** "Pagina N di M" on every page. */
  pageNumbers() {
    const pages = this.pdf.getPages();
    pages.forEach((p, i) => {
      const label = `Pagina ${i + 1} di ${pages.length}`;
      p.drawText(label, { x: this.pw - MARGIN - textWidth(this.fonts.reg, label, SMALL), y: MARGIN, font: this.fonts.reg, size: SMALL });
    });
  }
}
