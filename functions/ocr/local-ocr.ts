/**
 * The local OCR: the analysis's `OcrFunction` on `npm start`, where Textract is not available.
 * Page image from pdf.js (page-image.ts) -> tesseract.js (tesseract.ts) -> PageWords in points
 * (ocr-words.ts). Pages are read one after the other with one engine.
 */
import type { OcrFunction } from '../analysis/analyze.ts';
import type { PageWords } from '../analysis/words.ts';
import { openPageImages, toPgm } from './page-image.ts';
import { pageWordsFromOcr } from './ocr-words.ts';
import { createOcrEngine, type OcrEngine } from './tesseract.ts';

export interface LocalOcrOptions {
  /** Called before each page is read (done = pages finished so far) and once at the end. */
  onPage?: (done: number, total: number) => void;
  /** An engine to reuse (bench); otherwise one is started and stopped per call. */
  engine?: OcrEngine;
  /** Per page timings, for the bench. */
  onPageRead?: (info: { page: number; ms: number; skew: number; words: number }) => void;
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
        const words = pageWordsFromOcr(image, blocks);
        options.onPageRead?.({ page: n, ms: Date.now() - started, skew: words.skew, words: words.words.length });
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
