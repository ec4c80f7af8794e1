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
