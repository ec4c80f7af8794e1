/** Sections that hold no voci (summaries, measurement books, ledgers, price lists) are left out. */
import type { PageWords } from '../words.ts';
import { NON_VOCE_SECTIONS } from './hints.ts';
import { linesOf, textOf, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import { isHeaderLine } from './header.ts';

/**
 * The pages (or top parts of pages) that can hold voci: a summary, measurement book, ledger or
 * price-list section starts at its title and lasts until a page with a column header and no such
 * title. Pages keep their numbers; a dropped page comes back without words.
 */
const SECTION_STARTS = new Set(['RIEPILOGO', 'R', 'LIBRETTO', 'REGISTRO', 'SOMMARIO', 'QUADRO', 'ELENCO', 'STIMA', 'ANALISI']);

/**
 * A section title (`RIEPILOGO`, `ELENCO PREZZI`) standing on its own: not a line of a column header
 * (`Codice` above `Elenco Prezzi`, in a header cell, is the code column's name).
 */
function sectionTitle(lines: readonly Line[]): Line | undefined {
  const headers = lines.filter(isHeaderLine);
  return lines.find(l => {
    if (l.words.length > 8 || !SECTION_STARTS.has(foldUpper(l.words[0].text)) || !NON_VOCE_SECTIONS.test(foldUpper(textOf(l.words)))) return false;
    const h = l.y1 - l.y0;
    return !headers.some(m => Math.abs(m.cy - l.cy) <= 3 * h);
  });
}

export function computoPages(pages: readonly PageWords[]): PageWords[] {
  let skipping = false;
  return pages.map(p => {
    if (!p.hasTextLayer) return p;
    const lines = linesOf(p);
    const title = sectionTitle(lines);
    if (skipping && !title && lines.some(isHeaderLine)) skipping = false;
    if (!title) return skipping ? { ...p, words: [] } : p;
    const keep = skipping ? [] : p.words.filter(w => w.y1 <= title.y0);
    skipping = true;
    return { ...p, words: keep };
  });
}
