/**
 * Computo parser entry point: one reader for every print.
 *
 *   words -> lines -> header (multi-line, with meanings) -> column model -> voce segmentation
 *   -> field assignment -> checks
 *
 * Summary, measurement-book and ledger sections are left out first (they never hold voci). The
 * stages are in generale.ts; layout knowledge is only named hints (hints.ts) and every distance a
 * named multiple of the font size (thresholds.ts). `layout` names the print family the header
 * recognises (hints: LAYOUT_FAMILIES), 'generale' for any other print: it never changes the reading.
 */
import type { PageWords } from '../words.ts';
import { parseGenerale } from './generale.ts';
import { computoPages } from './sections.ts';
import type { ParseResult } from './types.ts';

export type { Box, Capitoli, Layout, ParsedVoce, ParseResult } from './types.ts';
export { sumTotals } from './voce.ts';
export { parseGenerale } from './generale.ts';

export function parseComputo(pages: readonly PageWords[]): ParseResult {
  const text = computoPages(pages.filter(p => p.hasTextLayer));
  if (!text.length) return { layout: 'unknown', voci: [], document_total: null, warnings: [] };
  const general = parseGenerale(text);
  if (general.voci.length) return general;
  return {
    layout: 'unknown',
    voci: [],
    document_total: general.document_total,
    warnings: ['Impaginazione non riconosciuta: nessuna riga con quantità, prezzo e importo (quantità × prezzo = importo) trovata.'],
  };
}
