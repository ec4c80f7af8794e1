/**
 * Generator core: seeded PRNG, exact money arithmetic, Italian number formatting, WinAnsi-safe
 * text and a small top-left-origin drawing layer over pdf-lib's standard fonts.
 */
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb, degrees } from 'pdf-lib';

// ---------------------------------------------------------------- PRNG

export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  real(lo: number, hi: number, dec: number): number;
  pick<T>(arr: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(arr: readonly T[]): T[];
  sample<T>(arr: readonly T[], k: number): T[];
}

export function hashStr(s: string): number {
  let h = 2166136261 >>> 0;
  for (const c of s) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

/** mulberry32. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: Rng = {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    real: (lo, hi, dec) => roundDec(lo + next() * (hi - lo), dec),
    pick: arr => arr[Math.floor(next() * arr.length)],
    chance: p => next() < p,
    shuffle<T>(arr: readonly T[]): T[] {
      const a = [...arr];
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [a[i], a[j]] = [a[j], a[i]];
      }
      return a;
    },
    sample: (arr, k) => r.shuffle(arr).slice(0, k),
  };
  return r;
}

// ---------------------------------------------------------------- exact arithmetic

/** Rounds half away from zero ("round half up" on the magnitude) to `dec` decimals, via the decimal string. */
export function roundDec(v: number, dec = 2): number {
  const sign = v < 0 ? -1 : 1;
  const s = Math.abs(v).toFixed(Math.min(dec + 6, 20));
  const [i, f = ''] = s.split('.');
  const scaled = BigInt(i + f.slice(0, dec).padEnd(dec, '0'));
  const next = f.charAt(dec);
  const r = next !== '' && Number(next) >= 5 ? scaled + 1n : scaled;
  return sign * Number(r) / 10 ** dec;
}

function toScaled(v: number, dec: number): bigint {
  // v already has at most `dec` decimals
  return BigInt(Math.round(Math.abs(v) * 10 ** dec)) * (v < 0 ? -1n : 1n);
}

/** round-half-up(product of `values`, 2), computed exactly; each value has at most 3 decimals. */
export function mulRound2(values: readonly number[]): number {
  let p = 1n;
  let scale = 0;
  for (const v of values) {
    p *= toScaled(v, 3);
    scale += 3;
  }
  const neg = p < 0n;
  if (neg) p = -p;
  const div = 10n ** BigInt(scale - 2);
  let q = p / div;
  if ((p % div) * 2n >= div) q += 1n;
  return (neg ? -1 : 1) * Number(q) / 100;
}

/** Exact sum of 2-decimal amounts. */
export function sum2(values: readonly number[]): number {
  let s = 0n;
  for (const v of values) s += toScaled(v, 2);
  return Number(s) / 100;
}

/** Italian format: `thou` between groups of three digits, decimal comma. */
export function fmt(v: number, dec: number, thou: string): string {
  const [int, frac] = Math.abs(v).toFixed(dec).split('.');
  return (v < 0 ? '-' : '') + int.replace(/\B(?=(\d{3})+(?!\d))/g, thou) + (dec ? ',' + frac : '');
}

// ---------------------------------------------------------------- WinAnsi-safe text

const WIN_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const REPLACE: Record<string, string> = { '≥': '>=', '≤': '<=', 'Ø': 'Ø', '÷': '÷', '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u2009': ' ', '\u202f': ' ', 'Ω': 'Ohm', 'λ': 'lambda', 'µ': 'µ', 'α': 'a', 'β': 'b', 'Δ': 'D' };

/** Keeps only characters the standard fonts can encode (WinAnsi); the truth uses the same text. */
export function winAnsi(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_EXTRA.includes(ch)) out += ch;
    else if (REPLACE[ch] !== undefined) out += REPLACE[ch];
    else if (ch === '\n' || ch === '\t') out += ' ';
  }
  return out.replace(/\u00a0/g, ' ');
}

// ---------------------------------------------------------------- drawing

export type FontFamily = 'Helvetica' | 'Times' | 'Courier';
export const FONT_NAMES: Record<FontFamily, string> = { Helvetica: 'Helvetica', Times: 'Times-Roman', Courier: 'Courier' };

export interface Fonts {
  reg: PDFFont;
  bold: PDFFont;
  ital: PDFFont;
}

export async function loadFonts(pdf: PDFDocument, family: FontFamily): Promise<Fonts> {
  const map = {
    Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.HelveticaOblique],
    Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold, StandardFonts.TimesRomanItalic],
    Courier: [StandardFonts.Courier, StandardFonts.CourierBold, StandardFonts.CourierOblique],
  }[family];
  const [reg, bold, ital] = await Promise.all(map.map(f => pdf.embedFont(f)));
  return { reg, bold, ital };
}

export interface TextOpts {
  bold?: boolean;
  ital?: boolean;
  size?: number;
  align?: 'left' | 'right' | 'center';
  underline?: boolean;
  grey?: boolean;
}

const glyphWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * Advance width of `s` as drawn: pdf-lib's widthOfTextAtSize subtracts kerning pairs, but drawText
 * does not kern, so positions computed from it would drift from the glyphs actually drawn.
 */
export function advance(f: PDFFont, s: string, size: number): number {
  let m = glyphWidths.get(f);
  if (!m) glyphWidths.set(f, (m = new Map()));
  let w = 0;
  for (const ch of s) {
    let g = m.get(ch);
    if (g === undefined) m.set(ch, (g = f.widthOfTextAtSize(ch, 1000)));
    w += g;
  }
  return (w * size) / 1000;
}

/** Words of `s` with their character offsets (spaces are not drawn). */
function wordRuns(s: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const m of s.matchAll(/\S+/g)) out.push([m[0], m.index ?? 0]);
  return out;
}

/** Stands for a narrow no-break space (U+202F): printed as a gap between separately drawn digit groups. */
export const NARROW = '\u202f';
const NARROW_GAP = 0.16;

export const A4P = { w: 595.28, h: 841.89 };

/** A PDF being drawn with y measured from the top of the page. */
export class Sheet {
  readonly pages: PDFPage[] = [];
  /**
   * A landscape sheet can also be printed the way some drivers do it: a portrait page with
   * `/Rotate 90` and the content drawn turned by 90°, so it displays as landscape.
   */
  rotated = false;
  /** How text is split into show-text operations: whole strings, one per word, or one per glyph. */
  runs: 'line' | 'word' | 'char' = 'line';
  /**
   * Order of the text operations in the content stream: as laid out (rows), column by column (as
   * report engines that draw one field at a time do), or reversed. The page looks the same.
   */
  order: 'rows' | 'columns' | 'reverse' = 'rows';
  private pending: Array<{ page: PDFPage; x: number; y: number; call: number; seq: number; draw: () => void }> = [];
  private calls = 0;

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    public size: number,
    readonly pw: number,
    readonly ph: number,
  ) {}

  static async create(family: FontFamily, size: number, landscape: boolean, rotated = false): Promise<Sheet> {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const fonts = await loadFonts(pdf, family);
    const s = new Sheet(pdf, fonts, size, landscape ? A4P.h : A4P.w, landscape ? A4P.w : A4P.h);
    s.rotated = landscape && rotated;
    return s;
  }

  get pageNo(): number {
    return this.pages.length;
  }

  get page(): PDFPage {
    return this.pages[this.pages.length - 1];
  }

  addPage(): PDFPage {
    const p = this.rotated ? this.pdf.addPage([this.ph, this.pw]) : this.pdf.addPage([this.pw, this.ph]);
    if (this.rotated) p.setRotation(degrees(90));
    this.pages.push(p);
    return p;
  }

  font(o: TextOpts = {}): PDFFont {
    return o.bold ? this.fonts.bold : o.ital ? this.fonts.ital : this.fonts.reg;
  }

  width(s: string, o: TextOpts = {}): number {
    const size = o.size ?? this.size;
    const parts = s.split(NARROW);
    return parts.reduce((w, p) => w + advance(this.font(o), p, size), 0) + (parts.length - 1) * size * NARROW_GAP;
  }

  /** Draws `s` with its baseline at `y` (from the top); `x` is the left, right or centre edge per `align`. */
  text(s: string, x: number, y: number, o: TextOpts = {}, page: PDFPage = this.page): void {
    if (!s) return;
    const size = o.size ?? this.size;
    const f = this.font(o);
    const w = this.width(s, o);
    const left = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x;
    if (left < -0.01 || left + w > this.pw + 0.01 || y < 0 || y > this.ph) throw new Error(`generator: "${s}" drawn outside the page`);
    const color = o.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0);
    // A narrow thousands space is not in WinAnsi: the digit groups are drawn apart instead.
    let px = left;
    const call = this.calls++;
    for (const part of s.split(NARROW)) {
      // Some producers (spreadsheet exports, old drivers) place every word or every glyph on its own.
      const runs: Array<[string, number]> =
        this.runs === 'line' ? [[part, 0]] : this.runs === 'word' ? wordRuns(part) : [...part].map((c, i) => [c, i]);
      for (const [run, start] of runs) {
        if (!run.trim()) continue;
        const dx = start === 0 ? 0 : advance(f, this.runs === 'char' ? [...part].slice(0, start).join('') : part.slice(0, start), size);
        // rotated: displayed (X, Y from top) is user space (u = Y, v = X), text turned 90° anticlockwise
        const at = px + dx; // captured now: drawing may be deferred (see `order`)
        const draw = this.rotated
          ? () => page.drawText(run, { x: y, y: at, size, font: f, color, rotate: degrees(90) })
          : () => page.drawText(run, { x: at, y: this.ph - y, size, font: f, color });
        if (this.order === 'rows') draw();
        else this.pending.push({ page, x: left, y, call, seq: this.pending.length, draw });
      }
      px += advance(f, part, size) + size * NARROW_GAP;
    }
    if (o.underline) this.line(left, y + 1.2, left + w, y + 1.2, 0.5, page);
  }

  line(x0: number, y0: number, x1: number, y1: number, thickness = 0.5, page: PDFPage = this.page): void {
    if (this.rotated) page.drawLine({ start: { x: y0, y: x0 }, end: { x: y1, y: x1 }, thickness, color: rgb(0, 0, 0) });
    else page.drawLine({ start: { x: x0, y: this.ph - y0 }, end: { x: x1, y: this.ph - y1 }, thickness, color: rgb(0, 0, 0) });
  }

  rect(x: number, y: number, w: number, h: number, o: { fill?: number; border?: number } = {}, page: PDFPage = this.page): void {
    const box = this.rotated ? { x: y, y: x, width: h, height: w } : { x, y: this.ph - y - h, width: w, height: h };
    page.drawRectangle({
      ...box,
      color: o.fill !== undefined ? rgb(o.fill, o.fill, o.fill) : undefined,
      borderColor: o.border ? rgb(0, 0, 0) : undefined,
      borderWidth: o.border ?? 0,
    });
  }

  /** Greedy word wrap to `width` points; a word longer than the width is cut. */
  wrap(s: string, width: number, o: TextOpts = {}): string[] {
    const words = s.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let cur = '';
    for (let w of words) {
      while (this.width(w, o) > width) {
        // hard-cut an over-long word
        let k = w.length - 1;
        while (k > 1 && this.width(w.slice(0, k), o) > width) k--;
        if (cur) {
          lines.push(cur);
          cur = '';
        }
        lines.push(w.slice(0, k));
        w = w.slice(k);
      }
      const t = cur ? `${cur} ${w}` : w;
      if (this.width(t, o) <= width) cur = t;
      else {
        if (cur) lines.push(cur);
        cur = w;
      }
    }
    if (cur) lines.push(cur);
    return lines;
  }

  async save(): Promise<Uint8Array> {
    if (this.pending.length) {
      const pageIndex = new Map(this.pages.map((p, i) => [p, i]));
      const key = (a: (typeof this.pending)[number]): number[] =>
        // one text() call is one field: fields move as a whole, the runs inside keep their order
        this.order === 'columns' ? [pageIndex.get(a.page)!, Math.round(a.x / 20), a.y, a.call, a.seq] : [pageIndex.get(a.page)!, -a.call, a.seq];
      const cmp = (a: number[], b: number[]): number => {
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
        return 0;
      };
      const all = this.pending.map(p => ({ p, k: key(p) })).sort((a, b) => cmp(a.k, b.k));
      this.pending = [];
      for (const { p } of all) p.draw();
    }
    return this.pdf.save({ useObjectStreams: false });
  }
}
