/**
 * Computo parser entry point.
 *
 * Known layout families (PriMus/DEI, STR Vision, spreadsheet tables) have a fast path, recognised
 * from their column header. Every reading then goes through the invariant checks (checks.ts). A
 * print that matches no family, or whose fast-path reading the checks do not confirm, is read by
 * the general path (generale.ts) and the reading the invariants confirm best is kept.
 */
import type { PageWords } from '../words.ts';
import { applyChecks, confidence, isClean } from './checks.ts';
import { computoPages, parseGenerale } from './generale.ts';
import { looksLikePrimus, parsePrimus } from './primus.ts';
import { looksLikeStr, parseStr } from './str.ts';
import { looksLikeTabella, parseTabella } from './tabella.ts';
import type { Layout, ParseResult } from './types.ts';

export type { Box, Capitoli, Layout, ParsedVoce, ParseResult } from './types.ts';
export { sumTotals } from './voce.ts';
export { parseGenerale } from './generale.ts';

/** Pages looked at to recognise the layout: the header is on the first computo page. */
const DETECT_PAGES = 8;

/** Fast paths, in the order they are tried: a hint is a recogniser plus a reader. */
const FAST_PATHS: ReadonlyArray<{ layout: Layout; looksLike: (p: readonly PageWords[]) => boolean; parse: (p: readonly PageWords[]) => ParseResult }> = [
  { layout: 'primus', looksLike: looksLikePrimus, parse: parsePrimus },
  { layout: 'str', looksLike: looksLikeStr, parse: parseStr },
  { layout: 'tabella', looksLike: looksLikeTabella, parse: parseTabella },
];

export function detectLayout(pages: readonly PageWords[]): Layout {
  const text = pages.filter(p => p.hasTextLayer).slice(0, DETECT_PAGES);
  for (const f of FAST_PATHS) if (f.looksLike(text)) return f.layout;
  return text.length ? 'generale' : 'unknown';
}

export function parseComputo(pages: readonly PageWords[]): ParseResult {
  // Summary / measurement-book / ledger sections never hold voci, whatever their columns look like.
  const text = computoPages(pages.filter(p => p.hasTextLayer));
  if (!text.length) return { layout: 'unknown', voci: [], document_total: null, warnings: [] };
  const layout = detectLayout(text);
  const fast = FAST_PATHS.find(f => f.layout === layout);
  let fastResult: ParseResult | null = null;
  if (fast) fastResult = applyChecks(fast.parse(text));
  const general = parseGenerale(text);
  if (fastResult && isClean(fastResult)) return crossCheck(fastResult, general);
  if (!fastResult) {
    if (general.voci.length) return general;
    return {
      layout: 'unknown',
      voci: [],
      document_total: general.document_total,
      warnings: ['Impaginazione non riconosciuta: nessuna riga con quantità, prezzo e importo (quantità × prezzo = importo) trovata.'],
    };
  }
  // Keep the reading the invariants confirm best; on a tie, the fast path.
  return confidence(general) > confidence(fastResult) ? general : fastResult;
}

type Key = 'tariffa' | 'unita_di_misura';
const LABELS: Record<Key, string> = { tariffa: 'codice', unita_di_misura: 'unità di misura' };

/**
 * Two readings of the same print that both satisfy the invariants: where they disagree on a voce's
 * code or unit (which no sum can check), the voce is flagged. Chapters come from the general path. The longer value is kept when it
 * extends the other (a wrapped code or unit one reader cut short), otherwise the fast path's.
 */
function crossCheck(fast: ParseResult, general: ParseResult): ParseResult {
  if (!isClean(general) || general.voci.length !== fast.voci.length) return fast;
  fast.voci.forEach((v, i) => {
    const g = general.voci[i];
    // The same factors read the other way round: the two readers' evidence disagrees.
    if (g.totale === v.totale && g.quantita !== g.unitario && g.quantita === v.unitario && g.unitario === v.quantita) {
      v.verifica.push('letture discordanti (quantità e prezzo scambiati)');
      return;
    }
    if (g.totale !== v.totale || g.quantita !== v.quantita || g.unitario !== v.unitario) return;
    // The fast paths do not read chapters: the general path's, for the same voce.
    if (!v.capitoli && g.capitoli) v.capitoli = g.capitoli;
    for (const k of ['tariffa', 'unita_di_misura'] as const) {
      if (g[k] === v[k]) continue;
      // One reader found nothing (no code or unit column for it): the other one's reading stands.
      if (!v[k]) v[k] = g[k];
      if (!g[k] || !v[k] || g[k] === v[k]) continue;
      v.verifica.push(`letture discordanti (${LABELS[k]}: «${v[k]}» / «${g[k]}»)`);
      if (g[k].length > v[k].length && (g[k].endsWith(v[k]) || g[k].startsWith(v[k]))) v[k] = g[k];
    }
  });
  return fast;
}
