/**
 * The analysis of a structured computo, in the shape of the PDF analysis (functions/analysis/
 * analyze.ts), so the worker writes, prices and totals its rows the same way.
 */
import type { AnalysisOutcome } from '../analyze.ts';
import { ImportError } from './common.ts';
import { detectFormat, importComputo, validMapping } from './index.ts';

/** True for the files this module reads (not a PDF). */
export function isStructured(bytes: Uint8Array): boolean {
  const f = detectFormat(bytes);
  return f !== null && f !== 'pdf';
}

/** `mapping`: the stored JSON of the columns the user confirmed, for a spreadsheet. */
export function analyzeStructured(bytes: Uint8Array, mapping: Uint8Array | null | undefined): AnalysisOutcome {
  try {
    const columns = mapping ? validMapping(JSON.parse(new TextDecoder().decode(mapping))) : null;
    const result = importComputo(bytes, columns);
    return { ok: true, result, pageCount: 0, ocrPages: [], unreadablePages: [] };
  } catch (err) {
    if (err instanceof ImportError) return { ok: false, reason: err.reason, pageCount: 0, unreadablePages: [] };
    throw err;
  }
}
