/**
 * How price-list text becomes search terms: folded (shared/domain/fold.ts), Italian stop words dropped,
 * each word reduced to its stem by the Snowball Italian stemmer of @orama/stemmers, so that
 * "pozzetti prefabbricati" and "Pozzetto prefabbricato" meet on "pozzett prefabbric".
 * The index, the query and the similarity of suggestions all go through here.
 */
import { stemmer } from '@orama/stemmers/italian';
import { fold } from './domain/fold.ts';

const STOP_WORDS = new Set(
  'a ad al allo alla ai agli alle c che chi con col coi da dal dallo dalla dai dagli dalle di del dello della dei degli delle e ed fra gli i il in l la le lo nel nello nella nei negli nelle o od per su sul sullo sulla sui sugli sulle tra un una uno ogni cui se si'.split(' '),
);

/** Words as written, with their positions in the text (for highlighting). */
const WORD = /[\p{L}\p{N}]+/gu;

export function words(text: string): Array<{ word: string; start: number; end: number }> {
  const out: Array<{ word: string; start: number; end: number }> = [];
  for (const m of text.matchAll(WORD)) out.push({ word: m[0], start: m.index!, end: m.index! + m[0].length });
  return out;
}

/** The words of a text, as written, without their positions. */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

const stemCache = new Map<string, string>();
/** Words as written to their terms: most words of a list or a window of results were met before (no folding again). */
const termCache = new Map<string, string | null>();

/** One word to its search term, or null when it carries no meaning for search (stop words, single letters). */
export function termOf(word: string): string | null {
  let term = termCache.get(word);
  if (term === undefined) {
    term = termOfFolded(fold(word));
    if (termCache.size > 200_000) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

function termOfFolded(f: string): string | null {
  if (f.length < 2 && !/\d/.test(f)) return null;
  if (STOP_WORDS.has(f)) return null;
  if (/\d/.test(f)) return f;
  let s = stemCache.get(f);
  if (s === undefined) {
    s = stemmer(f);
    if (stemCache.size > 100_000) stemCache.clear();
    stemCache.set(f, s);
  }
  return s;
}

/** Edits forgiven on a word as typed: one from 5 letters, two from 8, none on numbers. */
export const typosAllowed = (word: string) => (/\d/.test(word) ? 0 : word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/** The distinct terms of a text, in order of first appearance. */
export function termsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const { word } of words(text)) {
    const t = termOf(word);
    if (t) seen.add(t);
  }
  return [...seen];
}

/** MiniSearch's tokenizer: the same words the highlighter sees. */
export const tokenize = (text: string): string[] => words(text).map((w) => w.word);

/**
 * An article's description as its name (the first clause, at most 12 words: what a person types
 * to find it) and the rest; the two together are the description, every word in exactly one.
 */
export function splitName(descrizione: string): { name: string; rest: string } {
  const clause = /[,;:.](?:\s|$)/.exec(descrizione);
  let end = clause ? clause.index : descrizione.length;
  const twelfth = [...descrizione.slice(0, end).matchAll(/\S+/g)][12];
  if (twelfth) end = twelfth.index!;
  return { name: descrizione.slice(0, end), rest: descrizione.slice(end) };
}
