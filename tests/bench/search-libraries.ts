/**
 * MiniSearch against Orama on the generated 250,000-article list, in process: build time,
 * serialised size, heap growth, p95 latency of the query mix. `npx tsx tests/bench/search-libraries.ts [n]`.
 */
import MiniSearch from 'minisearch';
import { create, insertMultiple, search } from '@orama/orama';
import { stemmer } from '@orama/stemmers/italian';
import { fold } from '../../shared/domain/fold.ts';
import { generateArticles, LATENCY_MIX } from './search-data.ts';

const n = Number(process.argv[2] ?? 250_000);
const items = generateArticles(n);
const heap = () => { globalThis.gc?.(); return process.memoryUsage().heapUsed; };
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];

async function measure(name: string, build: () => Promise<{ query: (q: string) => unknown; serialise: () => string }>) {
  const h0 = heap();
  const t0 = performance.now();
  const idx = await build();
  const buildMs = performance.now() - t0;
  const h1 = heap();
  const t1 = performance.now();
  const json = idx.serialise();
  const serMs = performance.now() - t1;
  const times: number[] = [];
  for (let r = 0; r < 3; r++) for (const q of LATENCY_MIX) { const s = performance.now(); idx.query(q); times.push(performance.now() - s); }
  console.log(`${name}: build ${(buildMs / 1000).toFixed(1)} s, heap +${((h1 - h0) / 1e6).toFixed(0)} MB, JSON ${(json.length / 1e6).toFixed(1)} MB (${serMs.toFixed(0)} ms), p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms`);
}

const processTerm = (t: string) => { const f = fold(t); return f.length < 3 ? null : stemmer(f); };

await measure('MiniSearch', async () => {
  const ms = new MiniSearch({ fields: ['descrizione'], storeFields: [], processTerm, idField: 'i' });
  ms.addAll(items.map((it, i) => ({ i, descrizione: it.descrizione })));
  return { query: (q) => ms.search(q, { prefix: (t) => t.length >= 4, fuzzy: (t) => (t.length >= 6 ? 0.2 : false), combineWith: 'AND' }).slice(0, 20), serialise: () => JSON.stringify(ms) };
});
await measure('Orama', async () => {
  const db = create({ schema: { descrizione: 'string' } as const, components: { tokenizer: { stemming: true, stemmer, language: 'italian' } } });
  await insertMultiple(db, items.map((it) => ({ descrizione: it.descrizione })), 5000);
  return { query: (q) => search(db, { term: q, tolerance: 1, limit: 20 }), serialise: () => JSON.stringify((db as any).data) };
});
