/**
 * Computo parser entry point: recognises the layout family from its column header and hands the
 * pages to that family's parser.
 */
import type { PageWords } from '../words.ts';
import { looksLikePrimus, parsePrimus } from './primus.ts';
import { looksLikeStr, parseStr } from './str.ts';
import { looksLikeTabella, parseTabella } from './tabella.ts';
import type { Layout, ParseResult } from './types.ts';

export type { Box, Layout, ParsedVoce, ParseResult } from './types.ts';
export { sumTotals } from './voce.ts';

/** Pages looked at to recognise the layout: the header is on the first computo page. */
const DETECT_PAGES = 8;

export function detectLayout(pages: readonly PageWords[]): Layout {
  const text = pages.filter(p => p.hasTextLayer).slice(0, DETECT_PAGES);
  if (looksLikePrimus(text)) return 'primus';
  if (looksLikeStr(text)) return 'str';
  if (looksLikeTabella(text)) return 'tabella';
  return 'unknown';
}

export function parseComputo(pages: readonly PageWords[]): ParseResult {
  const text = pages.filter(p => p.hasTextLayer);
  switch (detectLayout(text)) {
    case 'primus':
      return parsePrimus(text);
    case 'str':
      return parseStr(text);
    case 'tabella':
      return parseTabella(text);
    default:
      return {
        layout: 'unknown',
        voci: [],
        document_total: null,
        warnings: text.length
          ? ['Impaginazione non riconosciuta: intestazione delle colonne del computo non trovata.']
          : [],
      };
  }
}
