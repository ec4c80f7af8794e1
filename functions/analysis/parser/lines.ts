/**
 * Shared geometry: words -> text lines, number recognition, bounding boxes.
 */
import { parseItalian, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import type { Box } from './types.ts';
import { FS } from './thresholds.ts';

export interface Line {
  page: number;
  /** Words left to right. */
  words: Word[];
  y0: number;
  y1: number;
  /** Vertical centre, the key used to group words (robust for OCR boxes too). */
  cy: number;
}

const centreY = (w: Word): number => (w.y0 + w.y1) / 2;

/**
 * Groups a page's words into lines: words whose vertical centres lie within a fraction of the
 * typical word height of the line's centre. Numbers vertically centred between two text lines
 * (tall table cells) stay on a line of their own.
 */
export function groupLines(page: PageWords, tolerance: number = FS.sameLine): Line[] {
  const words = page.words.filter(w => w.text.trim());
  if (!words.length) return [];
  const heights = words.map(w => w.y1 - w.y0).sort((a, b) => a - b);
  const tol = Math.max(0.5, heights[heights.length >> 1] * tolerance);
  const sorted = [...words].sort((a, b) => centreY(a) - centreY(b) || a.x0 - b.x0);
  const lines: Line[] = [];
  let cur: Word[] = [];
  let sumCy = 0;
  for (const w of sorted) {
    const c = centreY(w);
    if (cur.length && Math.abs(c - sumCy / cur.length) > tol) {
      lines.push(makeLine(page.page, cur));
      cur = [];
      sumCy = 0;
    }
    cur.push(w);
    sumCy += c;
  }
  if (cur.length) lines.push(makeLine(page.page, cur));
  return lines;
}

const cache = new WeakMap<PageWords, Line[]>();

/** groupLines with the default tolerance, memoised per page (layout detection and parsing share it). */
export function linesOf(page: PageWords): Line[] {
  let lines = cache.get(page);
  if (!lines) cache.set(page, (lines = groupLines(page)));
  return lines;
}

export function makeLine(page: number, words: Word[]): Line {
  const ws = [...words].sort((a, b) => a.x0 - b.x0);
  const y0 = Math.min(...ws.map(w => w.y0));
  const y1 = Math.max(...ws.map(w => w.y1));
  return { page, words: ws, y0, y1, cy: ws.reduce((s, w) => s + centreY(w), 0) / ws.length };
}

/** Words joined with single spaces. */
export const textOf = (words: readonly Word[]): string => words.map(w => w.text).join(' ');

/** Collapses whitespace runs (justified text, line joins) to single spaces. */
export const normalizeSpaces = (s: string): string => s.replace(/\s+/g, ' ').trim();


/** An Italian-formatted amount ("2´034,50", "1.234,56", "-12,50") or null. */
export function parseAmount(text: string): Decimal | null {
  const t = text.trim().replace(/^€\s*/, '').replace(/\s*€$/, '');
  if (!/\d/.test(t)) return null;
  return parseItalian(t);
}

export function boxOf(words: readonly Word[]): Box | undefined {
  if (!words.length) return undefined;
  return {
    x0: Math.min(...words.map(w => w.x0)),
    y0: Math.min(...words.map(w => w.y0)),
    x1: Math.max(...words.map(w => w.x1)),
    y1: Math.max(...words.map(w => w.y1)),
  };
}
