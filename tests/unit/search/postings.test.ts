import { describe, expect, it } from 'vitest';
import MiniSearch, { type Query } from 'minisearch';
import { Postings, topOf, type Form } from '../../../functions/prezzari/postings.ts';
import { termOf, tokenize } from '../../../functions/prezzari/terms.ts';
import { generateArticles } from '../../bench/search-data.ts';

/**
 * The top-k evaluator must score exactly as MiniSearch's own `search` does for the same query
 * tree (AND of words, each an OR of forms with prefix, typos and boosts): same articles, same
 * scores. MiniSearch is the reference; ours only has to be faster.
 */
const articles = generateArticles(3000, 11);
const asIs = (t: string) => t;
const reference = new MiniSearch<{ id: number; testo: string }>({ fields: ['testo'], tokenize, processTerm: (t) => termOf(t) });
reference.addAll(articles.map((a, id) => ({ id, testo: a.descrizione })));
const postings = new Postings(reference.toJSON());

const toQuery = (words: Form[][], all: boolean): Query => ({
  combineWith: all ? 'AND' : 'OR',
  queries: words.map((forms) => ({
    combineWith: 'OR',
    queries: forms.map((f) => ({ queries: [f.text], combineWith: 'OR', processTerm: asIs, prefix: f.prefix, fuzzy: f.fuzzy || false, boost: { testo: f.boost } })),
  })),
});

function compare(words: Form[][], all: boolean) {
  const expected = reference.search(toQuery(words, all), { weights: { prefix: 0.4, fuzzy: 0.35 } });
  const got = postings.evaluate(words, all);
  const ours = new Map(Array.from(got.docs, (doc, i) => [doc, got.scores[i]]));
  expect(ours.size).toBe(expected.length);
  for (const r of expected) expect(ours.get(r.id as number)).toBeCloseTo(r.score, 9);
  return expected.length;
}

/** A small deterministic generator of queries from the list's own words, with typos and prefixes. */
function randomWords(seed: number): Form[][] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const text = articles[Math.floor(next() * articles.length)].descrizione;
  const terms = [...new Set(tokenize(text).map((w) => termOf(w)).filter((t): t is string => !!t))];
  const picked = terms.sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * 3));
  return picked.map((t) => {
    let typed = t;
    if (t.length >= 6 && next() < 0.3) typed = t.slice(0, 2) + t.slice(3); // a letter lost
    const forms: Form[] = [{ text: typed, prefix: typed.length >= 4, fuzzy: next() < 0.5 ? 0 : typed.length >= 8 ? 2 : typed.length >= 5 ? 1 : 0, boost: 1 }];
    if (typed.length > 5) forms.push({ text: typed.slice(0, typed.length - 2), prefix: false, fuzzy: 0, boost: 0.3 });
    if (next() < 0.5) forms.push({ text: typed.slice(0, 4), prefix: true, fuzzy: 0, boost: 0.5 });
    return forms;
  });
}

describe('top-k evaluation of the description index', () => {
  it('finds the same articles with the same scores as MiniSearch for 200 random queries, AND and OR', () => {
    let matched = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const words = randomWords(seed);
      matched += compare(words, true);
      compare(words, false);
    }
    // The queries are not all empty: the comparison compared something.
    expect(matched).toBeGreaterThan(1000);
  });

  it('returns nothing when one word of an AND query matches nothing', () => {
    const got = postings.evaluate([[{ text: 'scav', prefix: true, fuzzy: 0, boost: 1 }], [{ text: 'zzzqx', prefix: false, fuzzy: 0, boost: 1 }]], true);
    expect(got.docs.length).toBe(0);
  });

  it('gives the best k best first, ties in list order, the same as a full sort', () => {
    // Prepare: a common word, so that thousands of articles tie or nearly tie
    const got = postings.evaluate([[{ text: 'compres', prefix: true, fuzzy: 0, boost: 1 }]], true);
    const full = Array.from(got.docs, (_, i) => i).sort((a, b) => got.scores[b] - got.scores[a] || got.docs[a] - got.docs[b]);
    // Act / Assess
    for (const k of [1, 7, 20, 60, got.docs.length]) expect(topOf(got, k)).toEqual(full.slice(0, k));
    expect(got.docs.length).toBeGreaterThan(500);
  });
});
