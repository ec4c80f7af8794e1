import { describe, expect, it } from 'vitest';
import { Postings, topOf, type Reach } from '../../../functions/prezzari/postings.ts';
import { buildIndex } from '../../../functions/prezzari/search-index.ts';
import { splitName, termOf, tokenize } from '../../../functions/prezzari/terms.ts';
import { generateArticles } from '../../bench/search-data.ts';

/**
 * The top-k evaluator must find exactly the articles holding every word (AND) or any word (OR),
 * whatever field holds them: checked against a plain scan of the articles' own words.
 */
const articles = generateArticles(3000, 11);
const stored = buildIndex('p1', articles);
const postings = new Postings(stored.postings!);
const termsOfItem = stored.items.map((a) => new Set(tokenize(a.descrizione).map((w) => termOf(w)).filter((t): t is string => !!t)));
const id = (t: string) => postings.dictionary.get(t)!;

/** A small deterministic generator of queries from the list's own words. */
function randomWords(seed: number): string[][] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pick = termsOfItem[Math.floor(next() * termsOfItem.length)];
  const terms = [...pick].sort(() => next() - 0.5);
  // Each query word reaches one to three terms of the list.
  return terms.slice(0, 1 + Math.floor(next() * 3)).map((t, k) => [t, ...terms.slice(3 + k * 2, 3 + k * 2 + Math.floor(next() * 3))]);
}

const reach = (words: string[][]): Reach[][] => words.map((w) => w.map((t) => ({ term: id(t), typos: 0, quality: 1 })));

describe('top-k evaluation of the description index', () => {
  it('finds the articles holding every word (AND) or any word (OR) for 200 random queries', () => {
    let matched = 0;
    for (let seed = 1; seed <= 200; seed++) {
      // Prepare
      const words = randomWords(seed);
      const expectedAll = termsOfItem.flatMap((ts, doc) => (words.every((w) => w.some((t) => ts.has(t))) ? [doc] : []));
      const expectedAny = termsOfItem.flatMap((ts, doc) => (words.some((w) => w.some((t) => ts.has(t))) ? [doc] : []));
      // Act
      const all = postings.evaluate(reach(words), true);
      const any = postings.evaluate(reach(words), false);
      // Assess
      expect([...all.docs].sort((a, b) => a - b)).toEqual(expectedAll);
      expect([...any.docs].sort((a, b) => a - b)).toEqual(expectedAny);
      matched += expectedAll.length;
    }
    // The queries are not all empty: the comparison compared something.
    expect(matched).toBeGreaterThan(1000);
  });

  it('scores each article holding every word as the sum of its words, rare and common words alike, in ascending order', () => {
    // Prepare: a rare word beside common ones, so that both the galloping and the merging walks run
    const df = (t: string) => termsOfItem.filter((ts) => ts.has(t)).length;
    const commonIn = (doc: number) => [...termsOfItem[doc]].filter((t) => df(t) > 200).slice(0, 2);
    const rare = [...new Set(termsOfItem.flatMap((ts) => [...ts]))].find((t) => !/\d/.test(t) && df(t) < 20 && commonIn(termsOfItem.findIndex((ts) => ts.has(t))).length === 2)!;
    const common = commonIn(termsOfItem.findIndex((ts) => ts.has(rare)));
    let compared = 0;
    for (const words of [[[rare], ...common.map((t) => [t])], common.map((t) => [t]), [[rare, common[0]], [common[1]]]]) {
      // Act
      // (An answer is a view of the index's scratch space until the next evaluation: copied.)
      const { docs, scores } = postings.evaluate(reach(words), true);
      const all = { docs: docs.slice(), scores: scores.slice() };
      const any = postings.evaluate(reach(words), false);
      // Assess: the same articles as a scan, ascending, each scored as the OR evaluation scores it
      const expected = termsOfItem.flatMap((ts, doc) => (words.every((w) => w.some((t) => ts.has(t))) ? [doc] : []));
      expect([...all.docs]).toEqual(expected);
      const anyScore = new Map([...any.docs].map((doc, i) => [doc, any.scores[i]]));
      all.docs.forEach((doc, i) => expect(all.scores[i]).toBeCloseTo(anyScore.get(doc)!, 9));
      compared += all.docs.length;
    }
    expect(common).toHaveLength(2);
    expect(compared).toBeGreaterThan(100);
  });

  it('returns nothing when one word of an AND query matches nothing', () => {
    const got = postings.evaluate([[{ term: id('scav'), typos: 0, quality: 1 }], []], true);
    expect(got.docs.length).toBe(0);
  });

  it('ranks every article reached exactly above every article reached with a typo', () => {
    // Prepare: two common terms, the second said to be reached with one edit
    const got = postings.evaluate([[{ term: id('scav'), typos: 0, quality: 1 }, { term: id('compres'), typos: 1, quality: 1 }]], true);
    const exact = new Set(termsOfItem.flatMap((ts, doc) => (ts.has('scav') ? [doc] : [])));
    // Act
    const order = topOf(got, got.docs.length).map((i) => got.docs[i]);
    // Assess
    const firstForgiven = order.findIndex((doc) => !exact.has(doc));
    expect(firstForgiven).toBe(exact.size);
    expect(order.slice(firstForgiven).every((doc) => !exact.has(doc))).toBe(true);
  });

  it('weighs a word in the name above the same word repeated in the rest of the description', () => {
    const named = stored.items.findIndex((a) => splitName(a.descrizione).name.toLowerCase().includes('scavo'));
    const got = postings.evaluate([[{ term: id('scav'), typos: 0, quality: 1 }]], true);
    const best = got.docs[topOf(got, 1)[0]];
    expect(splitName(stored.items[best].descrizione).name.toLowerCase()).toContain('scav');
    expect(named).toBeGreaterThanOrEqual(0);
  });

  it('gives the best k best first, ties in list order, the same as a full sort', () => {
    // Prepare: a common word, so that thousands of articles tie or nearly tie
    const got = postings.evaluate([[{ term: id('compres'), typos: 0, quality: 1 }]], true);
    const full = Array.from(got.docs, (_, i) => i).sort((a, b) => got.scores[b] - got.scores[a] || got.docs[a] - got.docs[b]);
    // Act / Assess
    for (const k of [1, 7, 20, 60, got.docs.length]) expect(topOf(got, k)).toEqual(full.slice(0, k));
    expect(got.docs.length).toBeGreaterThan(500);
  });
});
