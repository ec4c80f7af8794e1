export type { PatternOut as Pattern } from '@shared/api/patterns.ts';

/** What the pattern form sends (web-only). */
export interface PatternInput {
  pattern: string;
  replacement: string;
  notes: string;
}
