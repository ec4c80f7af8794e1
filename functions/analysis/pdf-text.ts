/**
 * PDF text layer -> positioned words, with pdf.js (legacy build, runs in Node without a canvas).
 *
 * pdf.js returns text *items*: runs of characters drawn with one font and one transform. An item
 * can hold several words (justified lines put the extra space into word spacing, letter-spaced
 * labels such as `R I P O R T O` are real spaces), so items are split into words here and each
 * word is placed by distributing the item's advance width over its characters.
 */
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import type { PageReader } from './page-reader.ts';
import type { PageWords, Word } from './words.ts';
import { PayloadTooLargeError, PdfReadError, ValidationError } from '../errors.ts';

/** Error with a user-facing Italian `reason` for PDFs that cannot be read. */
export { PdfReadError };

export const REASON_INVALID = 'Il file non è un PDF valido o è danneggiato.';
export const REASON_PASSWORD = 'Il PDF è protetto da password.';

export interface ExtractOptions {
  firstPage?: number;
  lastPage?: number;
  /**
   * Also read font names to flag bold/italic words. pdf.js only exposes them after building the
   * page's operator list, which costs about a third more time, so it is off by default.
   */
  fontStyles?: boolean;
}

export const CHUNK_SIZE = 15;

/** From this many pages a document is read on two threads (below it the hand-off costs more than it saves). */
export const SPLIT_FROM_PAGES = 6;

// ---------------------------------------------------------------- pdf.js loading

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDoc['getPage']>>;

let pdfjsPromise: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    const g = globalThis as Record<string, unknown>;
    // pdf.js 5 builds a DOMMatrix at import time. It takes it from @napi-rs/canvas when that loads
    // (keep it: page rendering needs the real one); otherwise a stub is enough for text.
    if (typeof g.DOMMatrix === 'undefined' && !canvasLoads()) g.DOMMatrix = DOMMatrixStub;
    // The legacy build bundles core-js, which swaps some built-ins process-wide for slower JS
    // versions (Array.prototype.push, JSON.parse/stringify) to cover edge cases pdf.js does not
    // need. Put the native ones back: pushes alone took a fifth of the extraction time.
    const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
    try {
      // Running the worker code in-process avoids worker-path problems (and works in bundles).
      if (!g.pdfjsWorker) g.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true, enumerable: false });
      JSON.parse = natives.parse;
      JSON.stringify = natives.stringify;
    }
  })();
  return pdfjsPromise;
}

/** Loads pdf.js ahead of the first document (a fresh thread pays its module load off the clock). */
export async function warmPdfJs(): Promise<void> {
  await loadPdfJs();
}

function canvasLoads(): boolean {
  try {
    createRequire(import.meta.url)('@napi-rs/canvas');
    return true;
  } catch {
    return false;
  }
}

/** Identity-only DOMMatrix: text extraction never renders, so nothing reads real values. */
class DOMMatrixStub {
  a = 1; b = 0; c = 0; d = 1; e = 0; f = 0;
}

async function openDocument(pdf: Uint8Array): Promise<PdfDoc> {
  const pdfjs = await loadPdfJs();
  // pdf.js may transfer (detach) the buffer it is given: always hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw toReadError(err);
  }
}

function toReadError(err: unknown): PdfReadError {
  if (err instanceof PdfReadError) return err;
  const name = (err as { name?: string })?.name;
  if (name === 'PasswordException') return new PdfReadError('password', REASON_PASSWORD, { cause: err });
  return new PdfReadError('invalid', REASON_INVALID, { cause: err });
}

// ---------------------------------------------------------------- public API

/** Extracts the words of pages `firstPage..lastPage` (1-based, inclusive; default all). */
export async function extractPages(pdf: Uint8Array, opts: ExtractOptions = {}): Promise<PageWords[]> {
  const doc = await openDocument(pdf);
  try {
    const [first, last] = clampRange(doc.numPages, opts.firstPage, opts.lastPage);
    return await extractRange(doc, first, last, opts.fontStyles ?? false);
  } finally {
    await doc.destroy();
  }
}

/**
 * Extracts a whole document. With a page reader (another thread) and enough pages, the second
 * half of the pages is read there while this thread reads the first half: both cores work on one
 * document. Documents over CHUNK_SIZE pages are read here as 15-page ranges of the same loaded
 * document in parallel, then merged in page order. A reader that fails for any reason other
 * than the PDF itself costs only time: its pages are read here.
 */
export async function extractDocument(
  pdf: Uint8Array,
  opts: { fontStyles?: boolean; onProgress?: (pagesDone: number, pagesTotal: number) => void; pageReader?: PageReader } = {},
): Promise<PageWords[]> {
  const doc = await openDocument(pdf);
  try {
    const total = doc.numPages;
    let done = 0;
    const onPage = () => opts.onProgress?.(++done, total);
    const fontStyles = opts.fontStyles ?? false;
    const split = opts.pageReader && !fontStyles && total >= SPLIT_FROM_PAGES ? Math.ceil(total / 2) : total;
    const elsewhere = split < total
      ? opts.pageReader!.read(pdf, split + 1, total).then(
          (pages) => ({ pages }),
          (error: unknown) => ({ pages: null, error }),
        )
      : null;
    const ranges = pageRanges(split, CHUNK_SIZE);
    const chunks = await Promise.all(ranges.map(([a, b]) => extractRange(doc, a, b, fontStyles, onPage)));
    const here = chunks.flat();
    if (!elsewhere) return here;
    const other = await elsewhere;
    if (other.pages && other.pages.length === total - split) {
      for (let i = 0; i < other.pages.length; i++) onPage();
      return [...here, ...other.pages];
    }
    return [...here, ...(await extractRange(doc, split + 1, total, fontStyles, onPage))];
  } finally {
    await doc.destroy();
  }
}

/** Number of pages, or PdfReadError. */
export async function countPages(pdf: Uint8Array): Promise<number> {
  const doc = await openDocument(pdf);
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/** Spec section 9: PDF size limit 50 MB. */
export const MAX_PDF_BYTES = 52_428_800;
export const PDF_TOO_LARGE = 'File troppo grande. Dimensione massima: 50MB';

/** Checks what the file IS (magic bytes, a readable PDF, not encrypted), not its name. */
export async function validatePdf(bytes: Uint8Array): Promise<number> {
  if (bytes.length === 0) throw new ValidationError('Il file è vuoto.');
  if (bytes.length > MAX_PDF_BYTES) throw new PayloadTooLargeError(PDF_TOO_LARGE);
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new ValidationError('Il file non è un PDF valido.');
  try {
    return await countPages(bytes);
  } catch (err) {
    if (err instanceof PdfReadError) throw new ValidationError(err.reason, { cause: err });
    throw new ValidationError(REASON_INVALID, { cause: err });
  }
}

/** [first, last] 1-based inclusive ranges of at most `size` pages. */
export function pageRanges(numPages: number, size = CHUNK_SIZE): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let a = 1; a <= numPages; a += size) out.push([a, Math.min(numPages, a + size - 1)]);
  return out;
}

export interface PdfChunk {
  firstPage: number;
  lastPage: number;
  bytes: Uint8Array;
}

/** Splits a PDF into standalone documents of at most `chunkSize` pages (e.g. one per Lambda/OCR job). */
export async function splitPdf(pdf: Uint8Array, chunkSize = CHUNK_SIZE): Promise<PdfChunk[]> {
  let src: PDFDocument;
  try {
    src = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch (err) {
    const encrypted = /encrypt/i.test(String((err as Error)?.message));
    throw encrypted
      ? new PdfReadError('password', REASON_PASSWORD, { cause: err })
      : new PdfReadError('invalid', REASON_INVALID, { cause: err });
  }
  if (src.isEncrypted) throw new PdfReadError('password', REASON_PASSWORD);
  const chunks: PdfChunk[] = [];
  for (const [a, b] of pageRanges(src.getPageCount(), chunkSize)) {
    const out = await PDFDocument.create({ updateMetadata: false });
    const pages = await out.copyPages(src, range(a - 1, b - 1));
    pages.forEach(p => out.addPage(p));
    chunks.push({ firstPage: a, lastPage: b, bytes: await out.save() });
  }
  return chunks;
}

// ---------------------------------------------------------------- page extraction

function clampRange(numPages: number, first = 1, last = numPages): [number, number] {
  const a = Math.max(1, Math.floor(first));
  const b = Math.min(numPages, Math.floor(last));
  return [a, b];
}

const range = (a: number, b: number): number[] => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);

async function extractRange(doc: PdfDoc, first: number, last: number, fontStyles: boolean, onPage?: () => void): Promise<PageWords[]> {
  const out: PageWords[] = [];
  // Sequential inside a range: ranges themselves run concurrently.
  for (const n of range(first, last)) {
    out.push(await extractPage(doc, n, fontStyles));
    onPage?.();
  }
  return out;
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

async function extractPage(doc: PdfDoc, pageNumber: number, fontStyles: boolean): Promise<PageWords> {
  let page: PdfPage;
  try {
    page = await doc.getPage(pageNumber);
  } catch (err) {
    throw toReadError(err);
  }
  const viewport = page.getViewport({ scale: 1 });
  // No Unicode normalisation: keep µ (micro sign), ligatures and the like as printed.
  const content = await page.getTextContent({ disableNormalization: true });
  const styles = fontStyles ? await readFontStyles(page, Object.keys(content.styles)) : undefined;
  const words: Word[] = [];
  let glue = false; // previous item ended on a glyph: a touching next item continues its word
  for (const raw of content.items) {
    const item = raw as Partial<TextItemLike>;
    if (typeof item.str !== 'string' || !item.transform) continue;
    if (!item.str.trim()) {
      glue = false;
      continue;
    }
    const before = words.length;
    placeItem(item as TextItemLike, viewport.transform, styles?.get(item.fontName ?? ''), words);
    if (glue && before > 0 && words.length > before && !/^\s/.test(item.str)) joinTouching(words, before);
    glue = !/\s$/.test(item.str);
  }
  const blank = words.length === 0 && !(await paintsImage(page));
  page.cleanup();
  return { page: pageNumber, width: viewport.width, height: viewport.height, words, hasTextLayer: words.length > 0, ...(blank ? { blank } : {}) };
}

// pdf.js operator codes that paint an image (OPS.paintImageMaskXObject, paintImageMaskXObjectGroup,
// paintImageXObject, paintInlineImageXObject, paintInlineImageXObjectGroup, paintImageXObjectRepeat,
// paintImageMaskXObjectRepeat, paintSolidColorImageMask).
const IMAGE_OPS = new Set([83, 84, 85, 86, 87, 88, 89, 90]);

/** A page without text is a scan when it paints an image; otherwise it is blank (or only rules). */
async function paintsImage(page: PdfPage): Promise<boolean> {
  const ops = await page.getOperatorList();
  return ops.fnArray.some(op => IMAGE_OPS.has(op));
}

type FontStyle = { bold: boolean; italic: boolean };

async function readFontStyles(page: PdfPage, fontIds: string[]): Promise<Map<string, FontStyle>> {
  // Font objects (with their PostScript names) reach the main thread with the operator list.
  await page.getOperatorList();
  const objs = page.commonObjs as unknown as { has(id: string): boolean; get(id: string): { name?: string } | null };
  const styles = new Map<string, FontStyle>();
  for (const id of fontIds) {
    const name = objs.has(id) ? (objs.get(id)?.name ?? '') : '';
    styles.set(id, { bold: /bold|black|heavy|semibold|demi/i.test(name), italic: /italic|oblique/i.test(name) });
  }
  return styles;
}

// ---------------------------------------------------------------- item -> words

/**
 * pdf.js starts a new item at a font change, even inside a word (`“L”` with the quotes from
 * another font). When the new item's first word touches the previous word on the same baseline,
 * the two are one word.
 */
function joinTouching(words: Word[], first: number): void {
  const prev = words[first - 1];
  const next = words[first];
  const size = next.y1 - next.y0;
  const sameLine = Math.abs(prev.y1 - next.y1) < 0.15 * size;
  const gap = next.x0 - prev.x1;
  if (!sameLine || gap > 0.08 * size || gap < -0.5 * size) return;
  prev.text += next.text;
  prev.x1 = Math.max(prev.x1, next.x1);
  prev.y0 = Math.min(prev.y0, next.y0);
  words.splice(first, 1);
}

/** A word inside an item, as horizontal offsets from the item origin. */
export interface ItemWord {
  text: string;
  start: number;
  end: number;
}

/** Typographic ligatures (ﬁ, ﬂ, ﬀ…) some producers (Chromium, InDesign) put in the text layer: read as their letters. */
const LIGATURES = /[\uFB00-\uFB06]/g;
const unligate = (text: string): string => text.replace(LIGATURES, (ch) => ch.normalize('NFKC'));

function placeItem(item: TextItemLike, vt: number[], style: FontStyle | undefined, out: Word[]): void {
  const [a, b, c, d, e, f] = multiply(vt, item.transform);
  const size = Math.hypot(c, d) || Math.hypot(a, b);
  const dirX = Math.hypot(a, b) ? a / Math.hypot(a, b) : 1;
  const dirY = Math.hypot(a, b) ? b / Math.hypot(a, b) : 0;
  const ascent = 0.8 * size;
  const descent = 0.2 * size;
  for (const w of splitItem(item.str, item.width, size)) {
    const xs = e + dirX * w.start;
    const xe = e + dirX * w.end;
    const ys = f + dirY * w.start;
    const word: Word = {
      text: unligate(w.text),
      x0: Math.min(xs, xe),
      y0: ys - ascent,
      x1: Math.max(xs, xe),
      y1: ys + descent,
    };
    if (style?.bold) word.bold = true;
    if (style?.italic) word.italic = true;
    out.push(word);
  }
}

/** m·n as pdf.js composes transforms (Util.transform): apply n, then m. */
export function multiply(m: readonly number[], n: readonly number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * Splits an item's string into words and estimates each word's horizontal extent.
 *
 * Characters get Helvetica/Arial advance widths (the metrics of the Liberation and most office
 * fonts). When the item is wider than that (justified text, word spacing), the surplus goes to
 * the spaces; when narrower (condensed fonts), everything is scaled down. Runs of three or more
 * single capitals separated by single spaces are letter-spaced labels and become one word
 * (`A   R I P O R T A R E` -> `A`, `RIPORTARE`).
 */
export function splitItem(str: string, width: number, fontSize: number): ItemWord[] {
  const chars = [...str];
  const adv = chars.map(ch => charWidth(ch) * fontSize);
  const isSpace = chars.map(ch => /\s/.test(ch));
  const nonSpace = adv.reduce((s, w, i) => (isSpace[i] ? s : s + w), 0);
  const spaces = adv.reduce((s, w, i) => (isSpace[i] ? s + w : s), 0);
  const spaceCount = isSpace.filter(Boolean).length;
  let glyphScale = 1;
  let spaceAdv = 0;
  if (width > 0 && width >= nonSpace + spaces && spaceCount > 0) {
    spaceAdv = (width - nonSpace) / spaceCount;
  } else {
    glyphScale = width > 0 && nonSpace + spaces > 0 ? width / (nonSpace + spaces) : 1;
  }

  // Tokens remember their character span so letter-spacing is judged on the text, not on widths.
  const tokens: Array<ItemWord & { from: number; to: number }> = [];
  let x = 0;
  let cur: (ItemWord & { from: number; to: number }) | null = null;
  chars.forEach((ch, i) => {
    const w = isSpace[i] && spaceAdv ? spaceAdv : adv[i] * glyphScale;
    if (isSpace[i]) {
      if (cur) tokens.push(cur);
      cur = null;
    } else if (cur) {
      cur.text += ch;
      cur.end = x + w;
      cur.to = i;
    } else {
      cur = { text: ch, start: x, end: x + w, from: i, to: i };
    }
    x += w;
  });
  if (cur) tokens.push(cur);
  return mergeLetterSpaced(tokens).map(({ text, start, end }) => ({ text, start, end }));
}

/**
 * Joins letter-spaced labels into one word: three or more single capitals one space apart,
 * set off from any other word by two or more spaces (`A   R I P O R T A R E` -> `A`, `RIPORTARE`),
 * so that ordinary text such as `classi A B C e D` is left alone.
 */
function mergeLetterSpaced<T extends ItemWord & { from: number; to: number }>(tokens: T[]): T[] {
  const gap = (a: T, b: T) => b.from - a.to - 1; // spaces between two tokens
  const out: T[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j + 1 < tokens.length && isCapital(tokens[j].text) && isCapital(tokens[j + 1].text) && gap(tokens[j], tokens[j + 1]) === 1) j++;
    const isolated = (i === 0 || gap(tokens[i - 1], tokens[i]) >= 2) && (j === tokens.length - 1 || gap(tokens[j], tokens[j + 1]) >= 2);
    if (j - i >= 2 && isolated) {
      out.push({ ...tokens[i], text: tokens.slice(i, j + 1).map(t => t.text).join(''), end: tokens[j].end, to: tokens[j].to });
      i = j + 1;
    } else {
      out.push(tokens[i]);
      i++;
    }
  }
  return out;
}

const isCapital = (s: string): boolean => /^\p{Lu}$/u.test(s);

// Helvetica advance widths (1/1000 em) for ASCII 32..126.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space ! " # $ % & ' ( ) * + , - . /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0-9 : ; < = > ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ A-O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P-Z [ \ ] ^ _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` a-o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p-z { | } ~
];

function charWidth(ch: string): number {
  let code = ch.charCodeAt(0);
  if (code < 32 || code > 126) {
    const base = ch.normalize('NFD').charCodeAt(0); // à -> a
    if (base >= 32 && base <= 126) code = base;
    else return /\s/.test(ch) ? 0.278 : 0.556;
  }
  return HELVETICA[code - 32] / 1000;
}
