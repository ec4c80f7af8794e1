import { gunzipSync } from 'node:zlib';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildPostings, FIELD_NAMES } from '../../../functions/prezzari/postings.ts';
import { buildIndex, decodeIndex, loadStoredIndex, rankIndex, serialiseIndex } from '../../../functions/prezzari/search-index.ts';
import { splitName, termOf, tokenize } from '../../../functions/prezzari/terms.ts';
import { generateArticles, LATENCY_MIX } from '../../bench/search-data.ts';

/**
 * The postings are built straight into typed arrays (postings.ts) where MiniSearch's index was
 * built and then read: the same terms in the same order, the same articles and the same impacts,
 * so every ranking is what it was. Checked against MiniSearch itself, with the weights the
 * earlier reader applied to its serialisation.
 */
const FIELD = [
  { boost: 3, k1: 0.5, b: 0.5 },
  { boost: 1, k1: 0.5, b: 0.75 },
  { boost: 0.5, k1: 0.5, b: 0.3 },
];
const fieldsOf = (a: { descrizione: string; titoli?: string[] }) => {
  const { name, rest } = splitName(a.descrizione);
  return [name, rest, (a.titoli ?? []).join(' ')];
};

/** What the earlier reader made of MiniSearch's serialisation: per term, its articles and impacts. */
function fromMiniSearch(texts: string[][]) {
  const ms = new MiniSearch<number>({
    fields: [...FIELD_NAMES],
    idField: 'id',
    tokenize,
    processTerm: (t) => termOf(t),
    extractField: (i, field) => (field === 'id' ? (i as unknown as string) : texts[i][FIELD_NAMES.indexOf(field as (typeof FIELD_NAMES)[number])]),
  });
  ms.addAll(texts.map((_, i) => i));
  const plain = ms.toJSON();
  const n = plain.documentCount;
  const lengths = FIELD_NAMES.map(() => new Uint16Array(n));
  for (const [short, ls] of Object.entries(plain.fieldLength)) FIELD_NAMES.forEach((_, f) => (lengths[f][Number(short)] = Math.min(65535, (ls as number[])[f] ?? 0)));
  const averages = FIELD_NAMES.map((_, f) => (plain.averageFieldLength as number[])[f] || 1);
  return plain.index.map(([term, fields]) => {
    const impact = new Map<number, number>();
    FIELD_NAMES.forEach((_, f) => {
      for (const [doc, tf] of Object.entries((fields as Record<string, Record<string, number>>)[String(f)] ?? {})) {
        const { boost, k1, b } = FIELD[f];
        impact.set(Number(doc), (impact.get(Number(doc)) ?? 0) + (boost * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * lengths[f][Number(doc)]) / averages[f])));
      }
    });
    const docs = [...impact.keys()].sort((a, b) => a - b);
    return { term, docs, impacts: Float32Array.from(docs.map((d) => impact.get(d)!)) };
  });
}

describe('postings built as typed arrays', () => {
  it('hold the terms, articles and impacts MiniSearch gave, in its order', () => {
    // Prepare: generated articles, some with title levels
    const texts = generateArticles(2000, 5).map((a, i) => fieldsOf({ descrizione: a.descrizione, titoli: i % 3 ? [] : ['Opere stradali', `Capitolo ${i % 7}`] }));
    // Act
    const built = buildPostings(texts.length, (doc) => texts[doc]);
    const expected = fromMiniSearch(texts);
    // Assess
    expect(built.terms).toEqual(expected.map((e) => e.term));
    expected.forEach((e, t) => {
      expect([...built.docs.subarray(built.offsets[t], built.offsets[t + 1])]).toEqual(e.docs);
      expect(built.impacts.subarray(built.offsets[t], built.offsets[t + 1])).toEqual(e.impacts);
    });
    expect(built.offsets[built.terms.length]).toBeGreaterThan(20_000);
  });

  it('come back from the stored blob as they were built, and an earlier blob of JSON is indexed again the same', async () => {
    // Prepare
    const articles = generateArticles(3000, 9);
    const stored = buildIndex('b1', articles);
    const asBuilt = loadStoredIndex(stored);
    // Act
    const decoded = decodeIndex(gunzipSync(await serialiseIndex(stored)));
    const earlier = decodeIndex(Buffer.from(JSON.stringify({ version: 'b1', items: stored.items, format: 2, search: {}, vocabulary: stored.vocabulary })));
    // Assess
    expect(decoded.postings!.terms).toEqual(stored.postings!.terms);
    expect(decoded.postings!.docs).toEqual(stored.postings!.docs);
    expect(decoded.postings!.impacts).toEqual(stored.postings!.impacts);
    expect(decoded.items).toEqual(stored.items);
    for (const other of [loadStoredIndex(decoded), loadStoredIndex(earlier)]) {
      for (const q of LATENCY_MIX) {
        const ranked = (index: typeof asBuilt) => rankIndex(index, q, 20).hits.map((h) => [h.item.codice, h.score, h.terms]);
        expect(ranked(other), q).toEqual(ranked(asBuilt));
      }
    }
  });
});
