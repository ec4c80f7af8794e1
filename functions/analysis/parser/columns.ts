/**
 * Column geometry from header words and from the whitespace between printed columns.
 *
 * Header words give each column's approximate centre. Text columns (code, description) are
 * left-aligned and their right edge is not printed, so the boundary between a text column and
 * the next one is found as the vertical "river" of whitespace that no (or fewest) body words cross.
 */
import type { Word } from '../words.ts';
import { centreX, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/text.ts';

export interface HeaderColumn {
  x0: number;
  x1: number;
  cx: number;
}

export type HeaderSpec<K extends string> = Record<K, readonly string[]>;

export interface Header<K extends string> {
  cols: Record<K, HeaderColumn>;
  /** Lowest edge of the header words: body lines start below it. */
  bottom: number;
  top: number;
}

/**
 * Finds a header whose words match every key of `spec` (each key lists accepted folded words,
 * e.g. `qty: ['QUANTITA']`) among the lines in the top part of a page. Words matching one key
 * that sit side by side (a header wrapped inside its cell: `Prezzo` / `unitario`) are merged.
 */
export function findHeader<K extends string>(
  lines: readonly Line[],
  spec: HeaderSpec<K>,
  pageHeight: number,
  topFraction = 0.35,
): Header<K> | null {
  const top = lines.filter(l => l.y1 <= pageHeight * topFraction).flatMap(l => l.words);
  const folded = top.map(w => foldUpper(w.text));
  const keys = Object.keys(spec) as K[];
  const found = {} as Record<K, Word[]>;
  for (const key of keys) {
    const accepted = new Set(spec[key].map(foldUpper));
    const hits = top.filter((_, i) => accepted.has(folded[i]));
    if (!hits.length) return null;
    const first = hits[0];
    found[key] = hits.filter(w => Math.abs(w.y0 - first.y0) < 20 && w.x0 < first.x1 + 40 && w.x1 > first.x0 - 40);
  }
  const all = keys.flatMap(k => found[k]);
  // All header words must sit in one band (a two-row header is fine, a body word far below is not).
  const y0 = Math.min(...all.map(w => w.y0));
  const y1 = Math.max(...all.map(w => w.y1));
  if (y1 - y0 > 45) return null;
  const cols = {} as Record<K, HeaderColumn>;
  for (const key of keys) {
    const ws = found[key];
    const x0 = Math.min(...ws.map(w => w.x0));
    const x1 = Math.max(...ws.map(w => w.x1));
    cols[key] = { x0, x1, cx: (x0 + x1) / 2 };
  }
  return { cols, bottom: y1, top: y0 };
}

/**
 * The x in [from, to] crossed by the fewest words: the gap between two printed columns.
 * Among equally good positions it takes the middle of the widest run.
 */
export function riverBetween(words: readonly Word[], from: number, to: number): number {
  if (!(to > from)) return (from + to) / 2;
  const a = Math.floor(from);
  const n = Math.max(1, Math.ceil(to) - a);
  const cover = new Array<number>(n + 1).fill(0);
  for (const w of words) {
    const s = Math.max(0, Math.ceil(w.x0) - a);
    const e = Math.min(n, Math.floor(w.x1) - a);
    for (let i = s; i <= e; i++) cover[i]++;
  }
  const min = Math.min(...cover);
  let best = { start: 0, len: 0 };
  let start = -1;
  for (let i = 0; i <= n + 1; i++) {
    if (i <= n && cover[i] === min) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start > best.len) best = { start, len: i - start };
      start = -1;
    }
  }
  return a + best.start + (best.len - 1) / 2;
}

/** Nearest column (by centre) among numeric columns, for right-aligned numbers. */
export function nearestColumn<K extends string>(w: Word, cols: Partial<Record<K, HeaderColumn>>): K | null {
  let best: K | null = null;
  let dist = Infinity;
  for (const [key, col] of Object.entries(cols) as Array<[K, HeaderColumn | undefined]>) {
    if (!col) continue;
    const d = Math.abs(centreX(w) - col.cx);
    if (d < dist) {
      dist = d;
      best = key;
    }
  }
  return best;
}
