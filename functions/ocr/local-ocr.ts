/**
 * The local OCR: the analysis's `OcrFunction` on `npm start`, where Textract is not available.
 * Page image from pdf.js (page-image.ts) -> tesseract.js (tesseract.ts) -> PageWords in points
 * (ocr-words.ts). Pages are read one after the other with one engine.
 */
import type { OcrFunction } from '../analysis/analyze.ts';
import type { PageWords } from '../analysis/words.ts';
import { crop, enlarge, openPageImages, shrink, toPgm, type PageImage } from './page-image.ts';
import { linesOf, normaliseToken, pageWordsFromOcr, type TessBlock } from './ocr-words.ts';
import { createOcrEngine, type OcrEngine } from './tesseract.ts';
import type { PageGate } from './gate.ts';

export interface LocalOcrOptions {
  /** Called before each page is read (done = pages finished so far) and once at the end. */
  onPage?: (done: number, total: number) => void;
  /** An engine to reuse (bench); otherwise one is started and stopped per call. */
  engine?: OcrEngine;
  /** Taken around each page's recognition (one OCR page at a time across threads, locally). */
  gate?: PageGate;
  /** Per page timings, for the bench. */
  onPageRead?: (info: { page: number; ms: number; skew: number; words: number; rereads: number; missed: number; pageMs: number }) => void;
}

export function localOcr(pdf: Uint8Array, options: LocalOcrOptions = {}): OcrFunction {
  return async (pageNumbers: number[]): Promise<PageWords[]> => {
    const images = await openPageImages(pdf);
    const engine = options.engine ?? (await createOcrEngine());
    const out: PageWords[] = [];
    try {
      for (let i = 0; i < pageNumbers.length; i++) {
        options.onPage?.(i, pageNumbers.length);
        const n = pageNumbers[i];
        const started = Date.now();
        const image = await images.read(n);
        if (!image) {
          out.push({ page: n, width: 0, height: 0, words: [], hasTextLayer: false });
          continue;
        }
        const release = options.gate ? await options.gate() : () => undefined;
        let blocks: TessBlock[] | null;
        let pageMs: number;
        let rereads: number;
        let missed: number;
        try {
          const read = Date.now();
          blocks = await recognisePage(engine, image);
          tightenTallWords(image, blocks);
          pageMs = Date.now() - read;
          rereads = await rereadDoubtful(engine, image, blocks);
          missed = await readMissedWords(engine, image, blocks);
        } finally {
          release();
        }
        const words = pageWordsFromOcr(image, blocks);
        options.onPageRead?.({ page: n, ms: Date.now() - started, skew: words.skew, words: words.words.length, rereads, missed, pageMs });
        const { skew: _skew, ...page } = words;
        out.push(page);
      }
      options.onPage?.(pageNumbers.length, pageNumbers.length);
      return out;
    } finally {
      if (!options.engine) await engine.close().catch(() => undefined);
      await images.close().catch(() => undefined);
    }
  };
}

/**
 * A word box much taller than the page's words took in ink that is not the word: a speck, a table
 * rule or a letter of the line above ("11.429,34" boxed from the description line to its own row).
 * Such a box puts the word between two rows and the reader loses it. The box is cut to the band of
 * rows holding most of its ink. Boxes are changed in place; returns how many were cut.
 */
export function tightenTallWords(image: Pick<PageImage, 'grey' | 'width' | 'height'>, blocks: TessBlock[] | null): number {
  const words = linesOf(blocks).flatMap((l) => l.words);
  if (words.length < 5) return 0;
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const H = heights[heights.length >> 1];
  let cut = 0;
  for (const w of words) {
    const { x0, y0, x1, y1 } = w.bbox;
    if (y1 - y0 <= 1.6 * H) continue;
    const xa = Math.max(0, Math.floor(x0));
    const xb = Math.min(image.width, Math.ceil(x1));
    const ya = Math.max(0, Math.floor(y0));
    const yb = Math.min(image.height, Math.ceil(y1));
    // Bands of consecutive rows with ink (a one-row gap does not split a band).
    const bands: Array<{ from: number; to: number; ink: number }> = [];
    let current: { from: number; to: number; ink: number } | null = null;
    for (let y = ya; y < yb; y++) {
      let ink = 0;
      for (let x = xa; x < xb; x++) if (image.grey[y * image.width + x] < 128) ink++;
      if (ink > 0) {
        if (current && y - current.to <= 2) {
          current.to = y + 1;
          current.ink += ink;
        } else bands.push((current = { from: y, to: y + 1, ink }));
      }
    }
    if (bands.length < 2) continue;
    const best = bands.reduce((a, b) => (b.ink > a.ink ? b : a));
    if (best.to - best.from < 0.5 * H || best.to - best.from > 1.6 * H) continue;
    w.bbox.y0 = best.from;
    w.bbox.y1 = best.to;
    cut++;
  }
  return cut;
}

/** Below this confidence a code or a number is read a second time, alone. */
const REREAD_BELOW = 80;
const MAX_REREADS_PER_PAGE = 40;

const separators = (t: string) => t.replace(/[A-Za-z0-9]/g, '');
const isCodeLike = (t: string) => t.length >= 5 && /[A-Za-z]/.test(t) && /\d/.test(t) && /[._]/.test(t) && !/\s/.test(t) && !/,\d{2,3}$/.test(t);
const alnum = (t: string) => t.replace(/[^A-Za-z0-9]/g, '');
/** A code's marks with a comma counted as the dot it stands for. */
const codeMarks = (t: string) => separators(t).replace(/,/g, '.');
/** A part of over 5 characters after the first mark: two parts whose dot was lost ("W01002"). */
const lostDot = (t: string) => t.split(/[._,]/).slice(1).some((p) => p.length > 5);
/** A short run of digits and marks: a progressive number "N / EP" misread ("#5", "1/2"). */
const ORDINAL_LIKE = /^(?=.*\d)[\d#/|!lI{}()]{1,9}$/;
const NUMBER = /^-?\d{1,3}(?:'?\d{3})*,\d{2,3}$|^-?\d+,\d{2,3}$/;

/**
 * Codes and amounts matter most and are where a page read in one go slips (a speck before a code,
 * the ´ thousands mark): a doubtful one is cut out and read again in single-line mode with only
 * the characters it can hold. The second reading replaces the first only when it is surer.
 * Words are changed in place; returns how many were read again.
 */
export async function rereadDoubtful(engine: OcrEngine, image: PageImage, blocks: TessBlock[] | null, only?: ReadonlySet<object>): Promise<number> {
  let count = 0;
  const all = linesOf(blocks).flatMap((l) => l.words);
  for (const line of linesOf(blocks)) {
    for (const w of line.words) {
      if (only && !only.has(w)) continue;
      const text = normaliseToken(w.text.trim());
      // "me": the superscript fused with the m; its "2" may also come back as a word of its own.
      // Also "m2?" / "im?": the superscript read with a doubt, or a rule glued before the m.
      const unitLike = /^[|il!]?m(?:[²³?e]|[23]\?)?$/.test(text);
      if (unitLike && (!/^[|il!]?m$/.test(text) || hasSuperscriptWord(all, w))) {
        // The page read the superscript as a word of its own: it joins the unit, its reading counts.
        const apart = /^[|il!]?m(e)?$/.test(text) ? takeSuperscriptWord(all, w) : null;
        const bare = text.replace(/^[|il!]/, '').replace(/^m([23])\?$/, 'm$1');
        const pageReading = apart ? `m${apart}` : bare;
        // The superscript of m² / m³ is a few pixels: read alone, both readings must agree.
        if (count >= MAX_REREADS_PER_PAGE) continue;
        count++;
        const pad = Math.max(3, Math.round((w.bbox.y1 - w.bbox.y0) * 0.2));
        const part = crop(image.grey, image.width, image.height, w.bbox.x0 - pad, w.bbox.y0 - pad, w.bbox.x1 + pad, w.bbox.y1 + pad);
        const again = await engine.reread(toPgm(part.width, part.height, part.grey), image.dpi, 'unit');
        const sup = await readSuperscript(engine, image, w.bbox);
        // Confidences of whitelisted single-word readings say little (often 0): the readings must agree.
        w.text = unitFromReadings(pageReading, again?.text.trim() ?? '', sup);
        continue;
      }
      // A letter O touching a zero in a code is how the line reader doubles or swaps them ("WO01").
      // So is a comma for a dot, or a dot lost between two parts.
      const suspicious = isCodeLike(text) && (/O0|0O/.test(text) || text.includes(',') || lostDot(text));
      if ((w.confidence >= REREAD_BELOW && !suspicious) || count >= MAX_REREADS_PER_PAGE) continue;
      // A short unsure word at the left edge may be a progressive number read as letters ("2 / 1"
      // as "apt"): computi print "N / EP" in their first column.
      const shortUnsure = w.confidence < 60 && text.length >= 2 && text.length <= 5 && !/[,]/.test(text) && w.bbox.x0 < image.width * 0.2;
      const kind = isCodeLike(text) ? 'code' : NUMBER.test(text) ? 'number' : ORDINAL_LIKE.test(text) || shortUnsure ? 'ordinal' : null;
      if (!kind) continue;
      count++;
      // The margin around the cut changes what a lone small word reads as: progressive numbers get three tries.
      for (const margin of kind === 'ordinal' ? [0.2, 0.3, 0.45] : [0.2]) {
        const pad = Math.max(3, Math.round((w.bbox.y1 - w.bbox.y0) * margin));
        const part = crop(image.grey, image.width, image.height, w.bbox.x0 - pad, w.bbox.y0 - pad, w.bbox.x1 + pad, w.bbox.y1 + pad);
        const again = await engine.reread(toPgm(part.width, part.height, part.grey), image.dpi, kind);
        if (!again) continue;
        const next = normaliseToken(again.text.trim());
        const fits =
          // ...or gains the dot a wrapped code ends its line with ("TOS25_17.N05" + "." / "002.013").
          kind === 'code'
            ? (isCodeLike(next) && Math.abs(next.length - text.length) <= 2 && codeMarks(next) === codeMarks(text) && (!text.includes(',') || alnum(next) === alnum(text))) ||
              // A dot put back, or a comma read as one: the letters and digits must stay the same.
              (lostDot(text) && !lostDot(next) && alnum(next) === alnum(text) && codeMarks(next).length === codeMarks(text).length + 1) ||
              next === `${text.replace(/,$/, '')}.`
          : kind === 'number' ? NUMBER.test(next)
          // Letters become a number only as a whole "N/EP" read with some confidence.
          : /\d/.test(text) ? /^\d{1,4}(\/\d{1,4})?$/.test(next) : /^\d{1,4}\/\d{1,4}$/.test(next) && again.confidence >= 60;
        // Whitelisted readings report low confidences: a surer one wins, and so does the one that
        // clears a doubled O/0, or that makes a progressive number ("2/1") out of marks ("#5").
        const clears = (suspicious && !/O0|0O/.test(next) && !next.includes(',') && !lostDot(next)) || (kind === 'ordinal' && !/^\d+(\/\d+)?$/.test(text)) || (kind === 'code' && next === `${text.replace(/,$/, '')}.`);
        if (fits && (again.confidence > w.confidence || clears)) {
          w.text = next;
          w.confidence = again.confidence;
          break;
        }
      }
    }
  }
  return count;
}

type TessWord = TessBlock['paragraphs'][number]['lines'][number]['words'][number];

/** A lone "2"/"3" just right of a unit word, no lower than it: the unit's superscript read apart. */
function superscriptWord(words: readonly TessWord[], unit: TessWord): TessWord | undefined {
  const h = unit.bbox.y1 - unit.bbox.y0;
  return words.find((o) => {
    if (o === unit || !/^[23²³]$/.test(o.text.trim())) return false;
    const gap = o.bbox.x0 - unit.bbox.x1;
    const overlaps = o.bbox.y0 < unit.bbox.y1 && o.bbox.y1 > unit.bbox.y0;
    return overlaps && gap >= -1 && gap <= 0.6 * h && o.bbox.y1 <= unit.bbox.y1 + 0.1 * h;
  });
}

const hasSuperscriptWord = (words: readonly TessWord[], unit: TessWord) => superscriptWord(words, unit) !== undefined;

/** Joins the superscript word to the unit's box (so the readings alone see it) and empties it; returns what it read. */
function takeSuperscriptWord(words: readonly TessWord[], unit: TessWord): '2' | '3' | null {
  const o = superscriptWord(words, unit);
  if (!o) return null;
  const read = /^[2²]$/.test(o.text.trim()) ? '2' : '3';
  unit.bbox.x1 = Math.max(unit.bbox.x1, o.bbox.x1);
  unit.bbox.y0 = Math.min(unit.bbox.y0, o.bbox.y0);
  o.text = '';
  return read;
}

const MAX_MISSED_PER_PAGE = 40;

/**
 * Tesseract's page layout drops lone short words: a unit "m" alone in its column, a "1" alone
 * in a cell. Ink that no recognised word covers is grouped into word-sized clusters here, and each
 * cluster is read alone; what reads confidently is added to the page as a word of its own.
 */
export async function readMissedWords(engine: OcrEngine, image: PageImage, blocks: TessBlock[] | null): Promise<number> {
  const words = linesOf(blocks).flatMap((l) => l.words);
  if (!words.length) return 0;
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const H = heights[heights.length >> 1];
  const clusters = uncoveredClusters(image, words.map((w) => w.bbox), H);
  const found: TessBlock['paragraphs'][number]['lines'] = [];
  let count = 0;
  for (const c of clusters) {
    if (count >= MAX_MISSED_PER_PAGE) break;
    count++;
    const pad = Math.round(H * 0.4);
    const part = crop(image.grey, image.width, image.height, c.x0 - pad, c.y0 - pad, c.x1 + pad, c.y1 + pad);
    const again = await engine.reread(toPgm(part.width, part.height, part.grey), image.dpi, 'word');
    if (!again || again.confidence < 70 || !/^[\p{L}\d²³][\p{L}\d²³.,'´/-]*$/u.test(again.text)) continue;
    found.push({ words: [{ text: again.text, confidence: again.confidence, bbox: c }], bbox: c });
  }
  if (found.length && blocks) {
    blocks.push({ paragraphs: [{ lines: found }] });
    // A unit found here ("m" beside its superscript read apart) gets the unit readings too.
    await rereadDoubtful(engine, image, blocks, new Set(found.flatMap((l) => l.words)));
  }
  return count;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Word-sized groups of dark pixels outside every recognised word's box. */
export function uncoveredClusters(image: Pick<PageImage, 'grey' | 'width' | 'height'>, covered: readonly Box[], H: number): Box[] {
  const { grey, width, height } = image;
  const seen = new Uint8Array(width * height);
  for (const b of covered) {
    const x0 = Math.max(0, Math.floor(b.x0) - 2);
    const x1 = Math.min(width, Math.ceil(b.x1) + 2);
    for (let y = Math.max(0, Math.floor(b.y0) - 2); y < Math.min(height, Math.ceil(b.y1) + 2); y++) seen.fill(1, y * width + x0, y * width + x1);
  }
  const comps: Array<Box & { n: number }> = [];
  const stack: number[] = [];
  for (let i = 0; i < grey.length; i++) {
    if (seen[i] || grey[i] >= 128) continue;
    seen[i] = 1;
    stack.push(i);
    let n = 0;
    let x0 = width, y0 = height, x1 = 0, y1 = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const q of [p - 1, p + 1, p - width, p + width]) {
        if (q < 0 || q >= grey.length || seen[q] || grey[q] >= 128) continue;
        if ((q === p - 1 && x === 0) || (q === p + 1 && x === width - 1)) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    const h = y1 - y0 + 1;
    const w = x1 - x0 + 1;
    // Letter-sized ink only: not specks, not table rules, not stamps.
    if (h < 0.35 * H || h > 1.4 * H || w > 2.5 * H || n < 0.04 * H * H) continue;
    comps.push({ x0, y0, x1: x1 + 1, y1: y1 + 1, n });
  }
  comps.sort((a, b) => a.x0 - b.x0);
  const clusters: Box[] = [];
  for (const c of comps) {
    const near = clusters.find((k) => c.x0 - k.x1 < 0.5 * H && c.x0 >= k.x0 && Math.min(k.y1, c.y1) - Math.max(k.y0, c.y0) > 0.3 * H);
    if (near) {
      near.x1 = Math.max(near.x1, c.x1);
      near.y0 = Math.min(near.y0, c.y0);
      near.y1 = Math.max(near.y1, c.y1);
    } else clusters.push({ x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 });
  }
  return clusters;
}

/**
 * The superscript of a unit word (m² / m³), read on its own and enlarged: at 150-200 dpi it is
 * about 6 pixels tall, too small for the line reader to tell 2 from 3. Returns '2', '3' or null.
 */
export async function readSuperscript(engine: OcrEngine, image: PageImage, box: Box): Promise<'2' | '3' | null> {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(image.height, Math.ceil(box.y1));
  const h = y1 - y0;
  if (h < 4 || x1 - x0 < 4) return null;
  // The "m" has ink in the lower part of the box; the superscript is right of its last column.
  const lowFrom = y0 + Math.floor(h * 0.65);
  let mRight = -1;
  for (let x = x0; x < x1; x++) {
    for (let y = lowFrom; y < y1; y++) if (image.grey[y * image.width + x] < 128) { mRight = x; break; }
  }
  if (mRight < 0 || x1 - mRight < 3) return null;
  const part = crop(image.grey, image.width, image.height, mRight + 2, y0 - 2, x1 + 2, y0 + Math.ceil(h * 0.75));
  const big = enlarge(part, 4, 12);
  const again = await engine.reread(toPgm(big.width, big.height, big.grey), image.dpi * 4, 'superscript');
  const d = again?.text.trim();
  return d === '2' || d === '3' ? d : null;
}

/**
 * m² or m³ from three readings: the page pass, the word read alone ("m2", "m3", sometimes "m23")
 * and the enlarged superscript. The superscript decides, but only with another reading on its
 * side (the line reader takes ³ for ² more often than not); without it, the two others must
 * agree. Otherwise "m?": the voce is flagged, never guessed.
 */
export function unitFromReadings(page: string, alone: string, superscript: '2' | '3' | null): string {
  const says = (reading: string, d: string) => reading === `m${d}` || reading === (d === '2' ? 'm²' : 'm³') || reading === 'm23';
  if (superscript) return says(page, superscript) || says(alone, superscript) ? normaliseToken(`m${superscript}`) : 'm?';
  const a = normaliseToken(page);
  return a !== 'm?' && a === normaliseToken(alone) ? a : 'm?';
}

/**
 * Finest resolution of the whole-page pass: finer scans (400-600 dpi) are shrunk to it. Not lower:
 * 200 dpi scans shrunk to 150 dpi cost a fifth less CPU but lost units and codes (bench:ocr went
 * from 96.7% to 74% exact voci, with 9 wrong and not flagged).
 */
export const PAGE_PASS_DPI = 300;

/**
 * The whole-page pass, on the scan shrunk to PAGE_PASS_DPI when it is finer; boxes come back in
 * the scan's own pixels, so the second readings cut their words from the full-resolution scan.
 */
export async function recognisePage(engine: OcrEngine, image: PageImage): Promise<TessBlock[] | null> {
  const factor = image.dpi > PAGE_PASS_DPI * 1.15 ? PAGE_PASS_DPI / image.dpi : 1;
  if (factor === 1) return (await engine.recognize(toPgm(image.width, image.height, image.grey), image.dpi)).blocks;
  const small = shrink(image, factor);
  const { blocks } = await engine.recognize(toPgm(small.width, small.height, small.grey), image.dpi * factor);
  const sx = image.width / small.width;
  const sy = image.height / small.height;
  const scale = (b: Box) => {
    b.x0 *= sx;
    b.x1 *= sx;
    b.y0 *= sy;
    b.y1 *= sy;
  };
  for (const line of linesOf(blocks)) {
    scale(line.bbox);
    for (const w of line.words) scale(w.bbox);
  }
  return blocks;
}
