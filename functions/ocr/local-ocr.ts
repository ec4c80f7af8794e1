/**
 * The local OCR: the analysis's `OcrFunction` on `npm start`, where Textract is not available.
 * Page image from pdf.js (page-image.ts) -> tesseract.js (tesseract.ts) -> PageWords in points
 * (ocr-words.ts). Pages are read one after the other with one engine.
 */
import type { OcrFunction } from '../analysis/analyze.ts';
import type { PageWords } from '../analysis/words.ts';
import { crop, openPageImages, toPgm, type PageImage } from './page-image.ts';
import { linesOf, normaliseToken, pageWordsFromOcr, type TessBlock } from './ocr-words.ts';
import { createOcrEngine, type OcrEngine } from './tesseract.ts';

export interface LocalOcrOptions {
  /** Called before each page is read (done = pages finished so far) and once at the end. */
  onPage?: (done: number, total: number) => void;
  /** An engine to reuse (bench); otherwise one is started and stopped per call. */
  engine?: OcrEngine;
  /** Per page timings, for the bench. */
  onPageRead?: (info: { page: number; ms: number; skew: number; words: number; rereads: number }) => void;
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
        const { blocks } = await engine.recognize(toPgm(image.width, image.height, image.grey), image.dpi);
        const rereads = await rereadDoubtful(engine, image, blocks);
        const words = pageWordsFromOcr(image, blocks);
        options.onPageRead?.({ page: n, ms: Date.now() - started, skew: words.skew, words: words.words.length, rereads });
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

/** Below this confidence a code or a number is read a second time, alone. */
const REREAD_BELOW = 80;
const MAX_REREADS_PER_PAGE = 40;

const isCodeLike = (t: string) => t.length >= 5 && /[A-Za-z]/.test(t) && /\d/.test(t) && /[._]/.test(t) && !/[,\s]/.test(t);
const NUMBER = /^-?\d{1,3}(?:'?\d{3})*,\d{2,3}$|^-?\d+,\d{2,3}$/;

/**
 * Codes and amounts matter most and are where a page read in one go slips (a speck before a code,
 * the ´ thousands mark): a doubtful one is cut out and read again in single-line mode with only
 * the characters it can hold. The second reading replaces the first only when it is surer.
 * Words are changed in place; returns how many were read again.
 */
export async function rereadDoubtful(engine: OcrEngine, image: PageImage, blocks: TessBlock[] | null): Promise<number> {
  let count = 0;
  for (const line of linesOf(blocks)) {
    for (const w of line.words) {
      if (count >= MAX_REREADS_PER_PAGE) return count;
      if (w.confidence >= REREAD_BELOW) continue;
      const text = normaliseToken(w.text.trim());
      const kind = isCodeLike(text) ? 'code' : NUMBER.test(text) ? 'number' : null;
      if (!kind) continue;
      const pad = Math.max(3, Math.round((w.bbox.y1 - w.bbox.y0) * 0.3));
      const part = crop(image.grey, image.width, image.height, w.bbox.x0 - pad, w.bbox.y0 - pad, w.bbox.x1 + pad, w.bbox.y1 + pad);
      count++;
      const again = await engine.reread(toPgm(part.width, part.height, part.grey), image.dpi, kind);
      if (!again) continue;
      const next = normaliseToken(again.text.trim());
      const fits = kind === 'code' ? isCodeLike(next) && Math.abs(next.length - text.length) <= 2 : NUMBER.test(next);
      if (fits && again.confidence > w.confidence) {
        w.text = next;
        w.confidence = again.confidence;
      }
    }
  }
  return count;
}
