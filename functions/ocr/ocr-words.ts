/**
 * Tesseract's words (image pixels, possibly skewed) -> the shared PageWords model (PDF points,
 * top-left origin), so the one reader serves the text layer, Textract and local OCR alike.
 */
import type { PageWords, Word } from '../analysis/words.ts';
import { apply, type PageImage } from './page-image.ts';

/** The part of tesseract.js's recognize output read here (structurally typed). */
export interface TessBox { x0: number; y0: number; x1: number; y1: number }
export interface TessWord { text: string; confidence: number; bbox: TessBox }
export interface TessLine { words: TessWord[]; bbox: TessBox }
export interface TessBlock { paragraphs: Array<{ lines: TessLine[] }> }

/** An OCR word keeps its confidence (0-100) for the checks after parsing. */
export interface OcrWord extends Word {
  confidence: number;
}

/**
 * Skew of the scan in radians (positive = printed lines fall to the right, y growing downward),
 * by the projection-profile method: dark pixels projected along each candidate angle pile up in
 * the sharpest histogram when the angle follows the printed lines and table rules. Tesseract's
 * own baselines are whole pixels over short lines: too coarse for the ±0.5° a scanner adds.
 */
export function estimateSkew(grey: Uint8Array, width: number, height: number, maxDegrees = 2): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 2) {
      if (grey[row + x] < 110) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 500) return 0;
  // Whole-pixel bins: splitting a pixel between two bins would favour the angle 0 itself.
  const bins = new Float64Array(height + 2 * width + 2);
  const score = (angle: number): number => {
    const t = Math.tan(angle);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i] - xs[i] * t) + width]++;
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += bins[i] * bins[i];
    return s;
  };
  const deg = Math.PI / 180;
  let best = 0;
  let bestScore = score(0);
  for (const step of [0.1, 0.02, 0.005]) {
    const centre = best;
    const span = step === 0.1 ? maxDegrees : step * 5;
    for (let a = -span; a <= span + 1e-9; a += step) {
      const angle = centre + a * deg;
      const s = score(angle);
      if (s > bestScore * (1 + 1e-9)) {
        bestScore = s;
        best = angle;
      }
    }
  }
  return best;
}

export function linesOf(blocks: readonly TessBlock[] | null | undefined): TessLine[] {
  return (blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
}

/** Characters OCR reads for the thousands separator (´ ' ’) or puts between digit groups. */
const GROUP_MARKS = /(?<=\d)[´'’‘`/|](?=\d{3}(?:\D|$))/g;
/** Letters read for digits inside a number ("1O,00", "l2,50"). */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', '|': '1', S: '5', s: '5', B: '8', Z: '2', z: '2', g: '9' };

/**
 * Cleans what OCR does to printed numbers, and only to tokens that clearly are numbers (a decimal
 * comma with 2-3 digits after it): the thousands mark read as / or `, letters read for digits.
 * Everything else is left exactly as read.
 */
export function normaliseToken(text: string): string {
  let t = text.replace(/[‚]/g, ',');
  // A stray quote glued to a code or number ("‘A016.020.02"): specks read as punctuation.
  if (/^[‘’'`"„“”]+[A-Z0-9]/.test(t) && /\d/.test(t) && t.length > 3) t = t.replace(/^[‘’'`"„“”]+/, '');
  // A table rule or speck read as a mark glued before a code ("-A013.070.08", "_TOS25_01..."):
  // codes begin with a letter or a digit.
  if (/^[-–—_.,:;~]+[A-Z]{1,6}\d/.test(t) && /[._]/.test(t.replace(/^[-–—_.,:;~]+/, ''))) t = t.replace(/^[-–—_.,:;~]+/, '');
  // A colon or semicolon between two digits of a code is its dot ("A014:030.01").
  if (/^[A-Z]{1,6}\d/.test(t) && /\d[:;]\d/.test(t) && /\./.test(t)) t = t.replace(/(?<=\d)[:;](?=\d)/g, '.');
  // Superscripts come back as digits; "m?" marks a unit whose superscript could not be told (flagged later).
  if (/^m[²2]$/.test(t)) return 'm²';
  if (/^m[³3]$/.test(t)) return 'm³';
  if (t === 'm?') return t;
  // An abbreviation's last dot read as a comma ("U.M," for "U.M.": the header would not be found).
  if (/^(?:[A-Za-z]\.)+[A-Za-z],$/.test(t)) return t.slice(0, -1) + '.';
  // Table rules read as a bar glued to a word ("| cad", "cad|").
  t = t.replace(/^[|¦]+(?=\S)|(?<=\S)[|¦]+$/g, '');
  // DEI-style codes end in a lower-case letter; c, o, s, v, w, x, z look the same in both cases.
  if (/^[A-Z]\d{5}[COSVWXZ]$/.test(t)) return t.slice(0, -1) + t.slice(-1).toLowerCase();
  // A speck read as a mark before or after an amount ("20,00." / ".168,00"): amounts print none.
  t = t.replace(/^[.,:;'`´’‘]+(?=\d[\d.'´’]*,\d{2,3}$)/, '').replace(/(?<=^-?\d[\d.'´’]*,\d{2,3})[.,:;'`´’‘]+$/, '');
  const m = /^([-–]?)([0-9OoDQlIS|sBZzg´'’‘`/.]*[0-9][0-9OoDQlIS|sBZzg´'’‘`/.]*),([0-9OoDQlISsBZzg]{2,3})$/.exec(t);
  if (!m) return t;
  const digitsOnly = (s: string) => s.replace(/[OoDQlIS|sBZzg]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
  // At least half of the characters must already be digits, or it is a word with a comma.
  const raw = m[2] + m[3];
  const digits = raw.replace(/\D/g, '').length;
  if (digits < Math.ceil(raw.length / 2)) return t;
  const intPart = digitsOnly(m[2].replace(GROUP_MARKS, "'"));
  return `${m[1] ? '-' : ''}${intPart.replace(/[´'’‘`/|]/g, "'")},${digitsOnly(m[3])}`;
}

/**
 * Words of one OCR'd page in page points. Boxes are turned back by the scan's skew around the
 * image centre first, so a printed row keeps one baseline across the whole page.
 */
export function pageWordsFromOcr(image: PageImage & { skew?: number }, blocks: readonly TessBlock[] | null | undefined): PageWords & { words: OcrWord[]; skew: number } {
  const lines = linesOf(blocks);
  const skew = image.skew ?? estimateSkew(image.grey, image.width, image.height);
  const cos = Math.cos(-skew);
  const sin = Math.sin(-skew);
  const cx = image.width / 2;
  const cy = image.height / 2;
  const words: OcrWord[] = [];
  for (const line of lines) {
    for (const w of line.words) {
      const text = normaliseToken(w.text.trim());
      // A lone bar is a table rule, not a word.
      if (!text || /^[|¦]+$/.test(text)) continue;
      // Rotate the box centre, keep its size: words are short, their own tilt is negligible.
      const mx = (w.bbox.x0 + w.bbox.x1) / 2 - cx;
      const my = (w.bbox.y0 + w.bbox.y1) / 2 - cy;
      const rx = cx + mx * cos - my * sin;
      const ry = cy + mx * sin + my * cos;
      const hw = (w.bbox.x1 - w.bbox.x0) / 2;
      const hh = (w.bbox.y1 - w.bbox.y0) / 2;
      const [ax, ay] = apply(image.toPage, rx - hw, ry - hh);
      const [bx, by] = apply(image.toPage, rx + hw, ry + hh);
      words.push({
        text,
        x0: Math.min(ax, bx),
        y0: Math.min(ay, by),
        x1: Math.max(ax, bx),
        y1: Math.max(ay, by),
        confidence: w.confidence,
      });
    }
  }
  return { page: image.page, width: image.pageWidth, height: image.pageHeight, words, hasTextLayer: words.length > 0, skew };
}
