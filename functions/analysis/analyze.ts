/**
 * PDF -> voci: text layer first, OCR for the pages that have none (when an OCR function is given),
 * then the layout parser. Never fills in rows it could not read: when nothing is readable the
 * outcome is a failure with an Italian reason and the list of unreadable pages. Each voce of the
 * result carries `verifica` (Italian reasons, empty when the invariants confirm it) and, where the
 * print has them, `capitoli`; `result.layout` is 'generale' for prints read by the general path.
 */
import { extractDocument, PdfReadError } from './pdf-text.ts';
import type { PageReader } from './page-reader.ts';
import { parseComputo, type ParseResult } from './parser/index.ts';
import type { PageWords } from './words.ts';

/** Returns the words of the given 1-based pages (e.g. Textract through wordsFromTextract). */
export type OcrFunction = (pageNumbers: number[]) => Promise<PageWords[]>;

export interface AnalyzeOptions {
  ocr?: OcrFunction;
  /** Called as each page is read, for the progress the user watches. */
  onProgress?: (pagesDone: number, pagesTotal: number) => void;
  /** Another thread that reads half of the pages (functions/analysis/page-reader.ts). */
  pageReader?: PageReader;
}

export interface AnalysisSuccess {
  ok: true;
  result: ParseResult;
  pageCount: number;
  /** Pages read through OCR. */
  ocrPages: number[];
  /** Pages without text even after OCR (their rows are missing: see result.warnings). */
  unreadablePages: number[];
}

export interface AnalysisFailure {
  ok: false;
  reason: string;
  pageCount: number;
  unreadablePages: number[];
}

export type AnalysisOutcome = AnalysisSuccess | AnalysisFailure;

export async function analyzePdf(pdf: Uint8Array, opts: AnalyzeOptions = {}): Promise<AnalysisOutcome> {
  let pages: PageWords[];
  try {
    pages = await extractDocument(pdf, { onProgress: opts.onProgress, pageReader: opts.pageReader });
  } catch (err) {
    if (err instanceof PdfReadError) return { ok: false, reason: err.reason, pageCount: 0, unreadablePages: [] };
    throw err;
  }

  // (A blank page has nothing to read: no OCR, never reported as unreadable.)
  const scanned = pages.filter(p => !p.hasTextLayer && !p.blank).map(p => p.page);
  let ocrPages: number[] = [];
  if (scanned.length && opts.ocr) {
    let read: PageWords[];
    try {
      read = await opts.ocr(scanned);
    } catch (err) {
      // OCR adapters report user-facing failures with an Italian `reason` (e.g. OcrError): pass it on.
      const reason = (err as { reason?: unknown })?.reason;
      if (typeof reason === 'string') return { ok: false, reason, pageCount: pages.length, unreadablePages: scanned };
      throw err;
    }
    pages = mergePages(pages, read);
    ocrPages = read.filter(p => p.hasTextLayer && scanned.includes(p.page)).map(p => p.page);
  }
  const unreadable = pages.filter(p => !p.hasTextLayer && !p.blank).map(p => p.page);
  const result = parseComputo(pages);

  if (!result.voci.length) {
    return { ok: false, reason: failureReason(unreadable, pages.length, Boolean(opts.ocr), result), pageCount: pages.length, unreadablePages: unreadable };
  }
  if (unreadable.length) {
    result.warnings.push(`${capitalise(pagesLabel(unreadable))} senza testo leggibile: le voci di ${unreadable.length > 1 ? 'queste pagine' : 'questa pagina'} non sono state lette.`);
  }
  return { ok: true, result, pageCount: pages.length, ocrPages, unreadablePages: unreadable };
}

/** OCR pages replace the empty text-layer pages with the same number. */
function mergePages(pages: PageWords[], ocr: PageWords[]): PageWords[] {
  const byPage = new Map(ocr.filter(p => p.hasTextLayer).map(p => [p.page, p]));
  return pages.map(p => (!p.hasTextLayer && byPage.has(p.page) ? byPage.get(p.page)! : p));
}

function failureReason(unreadable: number[], pageCount: number, hadOcr: boolean, result: ParseResult): string {
  if (unreadable.length) {
    const what = `Il documento non contiene testo leggibile (${pagesLabel(unreadable)} ${unreadable.length > 1 ? 'scansionate' : 'scansionata'})`;
    return hadOcr ? `${what}: l'OCR non ha restituito testo.` : `${what}: l'OCR non è disponibile in locale.`;
  }
  if (!pageCount) return 'Il PDF non contiene pagine.';
  if (result.layout === 'unknown') return 'Nessuna voce di computo riconosciuta: nessuna riga con quantità, prezzo unitario e importo (quantità × prezzo = importo) trovata nel documento.';
  return 'Nessuna voce di computo riconosciuta nel documento.';
}

/** "pagina 4", "pagine 1, 2, 3", "pagine 1-40, 42". */
export function pagesLabel(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 3) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return `${sorted.length === 1 ? 'pagina' : 'pagine'} ${parts.join(', ')}`;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
