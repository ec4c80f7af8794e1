/**
 * How much a row's description and unit resemble a price-list article's: the score behind the
 * suggestions for unpriced rows, from 0 (nothing in common) to 1 (same words, same unit).
 * Terms are the stems the search index uses (functions/prezzari/terms.ts), so "pozzetti" and
 * "pozzetto" count as one word.
 */
import { normalizeUnit } from './pricing.ts';

/** Share of description the two have in common (Dice coefficient over their distinct terms). */
export function termOverlap(a: readonly string[], b: readonly string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  if (!sa.size || !sb.size) return 0;
  let common = 0;
  for (const t of sa) if (sb.has(t)) common++;
  return (2 * common) / (sa.size + sb.size);
}

/** Words carry 85% of the score, the unit 15%: the same words in another unit are another article. */
export function similarity(row: { terms: readonly string[]; unit?: string | null }, article: { terms: readonly string[]; unit?: string | null }): number {
  const words = termOverlap(row.terms, article.terms);
  const ru = normalizeUnit(row.unit);
  const au = normalizeUnit(article.unit);
  const unit = !ru || !au ? 0.5 : ru === au ? 1 : 0;
  return Math.round((0.85 * words + 0.15 * unit) * 1000) / 1000;
}

/** "87%": how the score is shown. */
export const similarityPercent = (score: number): string => `${Math.round(score * 100)}%`;
