/**
 * Search inside one document's rows (the web filters them as the person types): the words and
 * stems of the price-list search (search-terms.ts, @orama/stemmers) and the same typos forgiven
 * (one edit from 5 letters, two from 8), looked up in the rows' own vocabulary with MiniSearch's
 * radix tree, so "pozzeto" finds the rows of "Pozzetto" and "pozzetti" those of "pozzetto".
 * What is typed as a piece of text (a code, "TOS25_06", part of a word) still matches as before.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { termOf, typosAllowed, wordsOf } from './search-terms.ts';
import { fold } from './domain/fold.ts';

export interface TextMatcher {
  /** The positions of the texts the query finds, in order (all of them for an empty query). */
  find(query: string): number[];
}

/** A matcher over `texts` (each row's code and description, say), built once per set of rows. */
export function textMatcher(texts: readonly string[]): TextMatcher {
  const folded = texts.map(fold);
  // Folded words as written → the texts holding them; stems → the texts holding a word of that stem.
  const byWord = new Map<string, Set<number>>();
  const byStem = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, key: string, i: number) => {
    const set = map.get(key);
    if (set) set.add(i);
    else map.set(key, new Set([i]));
  };
  folded.forEach((text, i) => {
    for (const word of wordsOf(text)) {
      add(byWord, word, i);
      const stem = termOf(word);
      if (stem !== null) add(byStem, stem, i);
    }
  });
  const vocabulary = new SearchableMap<true>();
  for (const word of byWord.keys()) if (!/\d/.test(word)) vocabulary.set(word, true);

  /**
   * The texts one query word finds: as a piece of text (from 3 characters), by its stem, or by the
   * stem of a word of the rows within the typos forgiven (as the price-list search reaches them).
   */
  const textsOf = (word: string): Set<number> => {
    const out = new Set<number>();
    if (word.length >= 3) folded.forEach((text, i) => text.includes(word) && out.add(i));
    const stems = new Set([termOf(word)]);
    const edits = typosAllowed(word);
    if (edits) for (const [near] of vocabulary.fuzzyGet(word, edits)) stems.add(termOf(near));
    for (const stem of stems) if (stem !== null) for (const i of byStem.get(stem) ?? []) out.add(i);
    return out;
  };

  return {
    find(query: string): number[] {
      const q = fold(query.trim());
      if (!q) return folded.map((_, i) => i);
      const whole = new Set<number>();
      folded.forEach((text, i) => text.includes(q) && whole.add(i));
      // One piece typed without spaces ("TOS25_04", "e02.016") found as it is: not split into its parts.
      if (whole.size && !/\s/.test(q)) return [...whole];
      // Every word must be found (stop words ask nothing, as in the price-list search).
      const asked = [...new Set(wordsOf(q))].filter((w) => termOf(w) !== null || /\d/.test(w));
      const each = asked.map(textsOf);
      return folded.map((_, i) => i).filter((i) => whole.has(i) || (each.length > 0 && each.every((set) => set.has(i))));
    },
  };
}
