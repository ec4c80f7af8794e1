/**
 * The column header: one to six close lines made mostly of header words, each word read with its
 * meaning on its band (`P.U.` beside `Lung.` is parti uguali). Also names the print family (hints).
 */
import { CHAPTER_LEVELS, CONTEXT_ROLES, ROLE_OF, LAYOUT_FAMILIES, type Role } from './hints.ts';
import type { Line } from './lines.ts';
import type { Word } from '../words.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import type { Layout } from './types.ts';
import type { BLine, HeaderModel, Closing } from './reading.ts';
import { FS } from './thresholds.ts';

/** Most lines a column header spans (`DIMENSIONI IMPORTI` / `Num.Ord.` / `DESIGNAZIONE` / `TARIFFA` / `par.ug. …`). */
const HEADER_MAX_LINES = 6;

/** A header word's role, read on its header band (`P.U.` beside `Lung.` is a measurement column). */
function roleInBand(folded: string, band: ReadonlySet<string>): Role | undefined {
  const c = CONTEXT_ROLES.find(r => r.word === folded && r.when(band));
  return c ? c.role : ROLE_OF.get(folded);
}

/** Places each header word's role on the columns (its x-extent); the number of words with a role. */
function placeRoles(words: readonly Word[], roles: HeaderModel['roles'], bandWords: ReadonlySet<string>, fs: number): number {
  let hits = 0;
  for (const w of words) {
    const role = roleInBand(foldUpper(w.text), bandWords);
    if (!role) continue;
    hits++;
    const r = roles[role];
    if (!r) roles[role] = { x0: w.x0, x1: w.x1, cx: (w.x0 + w.x1) / 2 };
    else if (role !== 'dim' && w.x0 > r.x1 + FS.headerRepeat * fs) continue; // same word far right: another column
    else {
      r.x0 = Math.min(r.x0, w.x0);
      r.x1 = Math.max(r.x1, w.x1);
      r.cx = (r.x0 + r.x1) / 2;
    }
  }
  return hits;
}

/** A header: one line, or two close lines, made mostly of synonyms naming three roles or more. */
export function findHeader(lines: readonly BLine[], fs: number): { model: HeaderModel; end: number } | null {
  // Header words per line, counted once: a band can only start on a line that has some.
  const hitsOf = lines.map(l => (l.words.length > 24 ? 0 : l.words.filter(w => ROLE_OF.has(foldUpper(w.text))).length));
  for (let i = 0; i < lines.length; i++) {
    if (!hitsOf[i]) continue;
    for (const span of [1, 2, 3]) {
      const band = lines.slice(i, i + span);
      if (band.length < span) break;
      if (span > 1 && band[span - 1].y0 - band[span - 2].y1 > FS.headerLineGap * fs) break;
      if (band.some(l => l.nums.length && l.nums.some(n => /,/.test(n.w.text)))) break;
      const words = band.flatMap(l => l.words);
      const roles: HeaderModel['roles'] = {};
      const bandWords = new Set(words.map(w => foldUpper(w.text)));
      const hits = placeRoles(words, roles, bandWords, fs);
      const n = Object.keys(roles).length;
      const numeric = ['qty', 'price', 'total'].filter(k => k in roles).length;
      if (n >= 3 && numeric >= 2 && hits * 2 >= words.length) {
        // Header rows below the band (a third header row: `TARIFFA par.ug. … TOTALE`).
        let end = i + span;
        while (end < lines.length && end < i + HEADER_MAX_LINES && lines[end].y0 - lines[end - 1].y1 <= FS.headerLineGap * fs && !lines[end].nums.some(t => /,/.test(t.w.text))) {
          const ws = lines[end].words;
          const h = ws.filter(w => ROLE_OF.has(foldUpper(w.text))).length;
          if (h * 2 < ws.length || !h) break;
          end++;
        }
        end = wrappedCellsEnd(lines, i, end, fs);
        // Their words name columns too (`Quantità` on the middle line of a cell-centred header).
        const below = lines.slice(i + span, end).flatMap(l => l.words);
        for (const w of below) bandWords.add(foldUpper(w.text));
        placeRoles(below, roles, bandWords, fs);
        return { model: { roles, words: bandWords }, end };
      }
    }
  }
  return null;
}

/**
 * Header cells wrapped onto more lines (`Indicazione dei lavori` / `e delle forniture`, `Prezzo` /
 * `unitario` / `(euro)`): lines right below the header, without an amount, every word of which
 * stands under a header cell, one line pitch below it. Never a chapter title: that would name every
 * voce after the header.
 */
function wrappedCellsEnd(lines: readonly BLine[], start: number, end: number, fs: number): number {
  const cells = lines.slice(start, end).flatMap(l => cellsOf(l, fs));
  const under = (w: Word) =>
    cells.some(c => (w.x0 + w.x1) / 2 >= c.x0 - fs && (w.x0 + w.x1) / 2 <= c.x1 + fs && w.y0 > c.y0 && w.y0 - c.y0 <= FS.wrappedCellPitch * fs);
  while (end < lines.length && end < start + HEADER_MAX_LINES) {
    const l = lines[end];
    if (l.y0 - lines[end - 1].y1 > FS.headerLineGap * fs || l.nums.some(t => /[,.]\d/.test(t.w.text)) || !l.words.every(under)) break;
    cells.push(...cellsOf(l, fs));
    end++;
  }
  return end;
}

/** A header line's cells: its words grouped where the gap between them is a word space. */
function cellsOf(l: BLine, fs: number): Array<{ x0: number; x1: number; y0: number }> {
  const cells: Array<{ x0: number; x1: number; y0: number }> = [];
  for (const w of [...l.words].sort((a, b) => a.x0 - b.x0)) {
    const last = cells.at(-1);
    if (last && w.x0 - last.x1 <= 1.8 * fs) last.x1 = Math.max(last.x1, w.x1);
    else cells.push({ x0: w.x0, x1: w.x1, y0: w.y0 });
  }
  return cells;
}

/** Header words make up most of the line (a header row the band did not take). */
export const isHeaderish = (l: BLine): boolean => {
  if (CHAPTER_LEVELS.some(c => c.re.test(l.all))) return false;
  const h = l.words.filter(w => ROLE_OF.has(foldUpper(w.text))).length;
  return h >= 2 && h * 2 >= l.words.length;
};

/** A column-header line: three roles or more among few words. */
export const isHeaderLine = (l: Line): boolean => l.words.length <= 24 && new Set(l.words.map(w => ROLE_OF.get(foldUpper(w.text))).filter(Boolean)).size >= 3;

/** The print family its header names (see hints), or 'generale'. */
export function familyOf(header: HeaderModel | null, closings: ReadonlyArray<Closing | null>): Layout {
  if (!header) return 'generale';
  const sommano = closings.some(c => c?.sommano);
  const f = LAYOUT_FAMILIES.find(f => f.sommano === sommano && f.header.every(g => g.some(w => header.words.has(w))));
  return f?.layout ?? 'generale';
}
