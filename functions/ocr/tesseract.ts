/**
 * tesseract.js with the Italian model from node_modules: nothing is ever downloaded (the
 * machines running Computa locally have no network). tesseract.js runs its WebAssembly engine in
 * a worker thread of its own, also from inside our analysis thread; one engine reads one page at
 * a time, so a document costs at most one core.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TessBlock } from './ocr-words.ts';
import { OcrUnavailableError } from '../errors.ts';

const require = createRequire(import.meta.url);

/** Tesseract settings, measured on the corpus scans (see tests/bench/ocr.ts). */
export const TESSERACT_PARAMETERS = {
  // Sparse text: finds every word of a ruled table without guessing columns of prose.
  tessedit_pageseg_mode: '11',
  preserve_interword_spaces: '1',
} as const;

/** Folder holding ita.traineddata.gz (the "best_int" LSTM model: smaller and faster than "best"). */
export function italianModelDir(): string {
  const pkg = require.resolve('@tesseract.js-data/ita/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/** Characters a second reading may return, per kind of word. */
export const WHITELIST = {
  code: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-/',
  number: "0123456789,.'-",
  ordinal: '0123456789/',
  /** m² / m³ read alone: the superscript comes back as a plain 2 or 3. */
  unit: 'm23',
  /** The superscript of m² / m³ alone, enlarged. */
  superscript: '23',
  /** Any character: a short word the page layout dropped. */
  word: '',
} as const;

export interface OcrEngine {
  recognize(image: Buffer, dpi: number): Promise<{ blocks: TessBlock[] | null; confidence: number }>;
  /** Reads one word again, alone (single-line mode) and with only the characters it can hold. */
  reread(image: Buffer, dpi: number, kind: keyof typeof WHITELIST): Promise<{ text: string; confidence: number } | null>;
  close(): Promise<void>;
}

export { OcrUnavailableError };

/** `overrides`: other Tesseract settings for the whole-page pass (the bench compares them). */
export async function createOcrEngine(overrides: Record<string, string> = {}): Promise<OcrEngine> {
  const pageParameters = { ...TESSERACT_PARAMETERS, ...overrides };
  let tesseract: typeof import('tesseract.js');
  let worker: Awaited<ReturnType<typeof tesseract.createWorker>>;
  try {
    tesseract = (await import('tesseract.js')).default ?? (await import('tesseract.js'));
    worker = await tesseract.createWorker('ita', tesseract.OEM.LSTM_ONLY, {
      langPath: italianModelDir(),
      gzip: true,
      // The model is read from node_modules each time: no cache file, no download, no network.
      cacheMethod: 'none',
      logger: () => undefined,
      errorHandler: () => undefined,
    }, {
      // The Italian model names a word list it does not ship ("ita.special-words"): without this
      // every document logs "failed to load"; nothing is lost, the list was never there.
      user_words_suffix: '',
    } as never);
    await worker.setParameters(pageParameters as unknown as Parameters<typeof worker.setParameters>[0]);
  } catch (err) {
    throw new OcrUnavailableError({ cause: err });
  }
  return {
    async recognize(image, dpi) {
      await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) } as never);
      const out = await worker.recognize(image, {}, { blocks: true, text: false, hocr: false, tsv: false } as never);
      return { blocks: out.data.blocks as unknown as TessBlock[] | null, confidence: out.data.confidence };
    },
    async reread(image, dpi, kind) {
      await worker.setParameters({ tessedit_pageseg_mode: kind === 'superscript' ? '10' : kind === 'word' || kind === 'unit' ? '8' : '7', tessedit_char_whitelist: WHITELIST[kind], user_defined_dpi: String(Math.round(dpi)) } as never);
      try {
        const out = await worker.recognize(image, {}, { blocks: true, text: false, hocr: false, tsv: false } as never);
        const words = ((out.data.blocks ?? []) as unknown as TessBlock[]).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
        if (words.length !== 1) return null;
        return { text: words[0].text, confidence: words[0].confidence };
      } finally {
        await worker.setParameters({ ...pageParameters, tessedit_char_whitelist: '' } as never);
      }
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
