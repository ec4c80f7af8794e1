/**
 * Search benchmark (issue 14, "Ricerca e abbinamento prezzi"):
 *
 *   npm run bench:search [articles]
 *
 * A generated Toscana list of 250,000 articles (default) with realistic Italian descriptions
 * (tests/bench/search-data.ts) is staged as an import and confirmed through the real
 * POST /api/confirm-prezzario-toscana of the embedded runtime. Prints: confirm time (index build
 * included), index size on disk (gzip blob) and in memory (heap growth when loaded), search
 * latency p50/p95 over loopback HTTP (timed by a client process of its own; the server's own time
 * from its Server-Timing header beside it) for a fixed mix of code, word, inflected and misspelt
 * queries plus at least 20 per category made from the list's own articles (so that a category's
 * p95 is a percentile, not its slowest query), each asked once, cold, and the first ones again as
 * the next pages would be; and the rank of the intended article for a fixed set of queries. Goals
 * beside each figure. BENCH_PROFILE=file.cpuprofile keeps the server's CPU profile of the queries.
 */
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { startTestRuntime, apiClient, loginAs, ADMIN_PASSWORD } from '../support/runtime.ts';
import { putBlob, getBlob } from '../../functions/storage/blobs.ts';
import { tempKey } from '../../functions/services/price-imports.ts';
import { decodeIndex, indexKey, loadStoredIndex, rankIndex } from '../../functions/prezzari/search-index.ts';
import { gunzipSync } from 'node:zlib';
import { COMMON_TYPOS, generateArticles, generatedQueries, LATENCY_MIX, QUERIES, type LatencyKind } from './search-data.ts';

const N = Number(process.argv[2] ?? 250_000);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MANCATO');
const generatedKinds = new Map<string, LatencyKind>();
const kindOf = (q: string): LatencyKind | 'comune' => QUERIES.find((x) => x.q === q)?.kind ?? generatedKinds.get(q) ?? (COMMON_TYPOS.includes(q) ? 'refusi comuni' : 'comune');

/** Times the queries from a client process of its own (tests/bench/search-client.ts). */
function timeFromClient(url: string, token: string, queries: Array<{ q: string; page: number }>): Promise<Array<{ q: string; page: number; ms: number; server: number }>> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'search-client.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stdin.end(JSON.stringify({ url, token, queries }));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`search client exited with ${code}`))));
  });
}

async function main() {
  const rt = await startTestRuntime();
  try {
    const call = apiClient(rt.url);
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const me = (await call('GET', '/api/auth/user', { token: admin })).json;
    const userId = Number(me.data?.user?.id ?? me.data?.id ?? me.user?.id ?? 1);

    // Stage the generated list as step one would (the upload form caps files at 10 MB).
    const items = generateArticles(N);
    const rows = items.map((i) => ({ ...i, tipologia: null }));
    const tempId = crypto.randomUUID();
    await putBlob(rt.ctx, tempKey(tempId), gzipSync(JSON.stringify({ source: 'toscana', key: 'FIRENZE', year: 2025, user_id: userId, filename: 'bench.xlsx', created_at: new Date().toISOString(), rows })), 'application/gzip');

    let t = performance.now();
    const confirm = await call('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { temp_file_id: tempId } });
    const confirmMs = performance.now() - t;
    if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.json)}`);
    const version = confirm.json.data.list.version as string;
    console.log(`articoli: ${N.toLocaleString('it-IT')}`);
    console.log(`conferma (indice compreso): ${(confirmMs / 1000).toFixed(1)} s   obiettivo < 30 s   ${mark(confirmMs < 30_000)}`);

    // Distinct queries, each asked once (no cached ranking): the mix plus two-word titles of random articles.
    const extra: string[] = [];
    for (let i = 0; extra.length < 76 && i < 5000; i++) {
      const w = items[(i * 7919) % items.length].descrizione.split(/[\s,.]+/).filter((x) => x.length > 3);
      const q = `${w[i % 2]} ${w[2 + (i % 3)] ?? ''}`.trim().toLowerCase();
      if (!extra.includes(q) && !LATENCY_MIX.includes(q)) extra.push(q);
    }
    // Each category gets enough queries of the list's own for its p95 to be a percentile, not its slowest query.
    const generated = generatedQueries(items);
    for (const { q, kind } of generated) {
      if (extra.includes(q)) continue;
      generatedKinds.set(q, kind);
      extra.push(q);
    }
    // The generated articles are the bench's, not the server's: let them go before timing the server.
    items.length = 0;
    rows.length = 0;
    globalThis.gc?.();

    // A keep-alive socket the server closed while this process was busy can reset once: ask again.
    const retry = async <T>(f: () => Promise<T>): Promise<T> => f().catch(() => f());
    const search = async (q: string, page = 1) => {
      const s = performance.now();
      const res = await retry(() => call('GET', `/api/search/price-list?q=${encodeURIComponent(q)}&tipologiaDeiprovincia=FIRENZE&anno=2025&limit=20&page=${page}`, { token: admin }));
      if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
      return { ms: performance.now() - s, res };
    };
    // The API loads the index once per version: the first call pays for it.
    t = performance.now();
    await search('warm-up');
    console.log(`primo caricamento dell'indice nell'API: ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const kinds = { codice: [] as number[], parola: [] as number[], flessione: [] as number[], refuso: [] as number[], 'refusi comuni': [] as number[], comune: [] as number[] };
    // Garbage-collector pauses while the queries run: on a shared machine, what else the figures hold.
    const pauses: number[] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pauses.push(entry.duration);
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    // The client runs in a process of its own: the figures are the server's, over loopback.
    const mix = [...LATENCY_MIX, ...extra];
    // BENCH_PROFILE=file.cpuprofile: the server's CPU profile while the queries are timed (for Chromium's DevTools).
    const profiler = process.env.BENCH_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.post('Profiler.start');
    }
    const timed = await timeFromClient(rt.url, admin, [...mix.map((q) => ({ q, page: 1 })), ...LATENCY_MIX.flatMap((q) => [2, 3].map((page) => ({ q, page })))]);
    const cold: number[] = [];
    const coldServer: number[] = [];
    const paged: number[] = [];
    const slowest = new Map<string, { q: string; ms: number }>();
    for (const { q, page, ms, server } of timed) {
      if (page > 1) {
        paged.push(ms);
        continue;
      }
      cold.push(ms);
      coldServer.push(server);
      if (ms > (slowest.get(kindOf(q))?.ms ?? -1)) slowest.set(kindOf(q), { q, ms });
      kinds[kindOf(q)].push(ms);
    }
    await new Promise((resolve) => setImmediate(resolve));
    gcObserver.disconnect();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
      console.log(`profilo della CPU del server durante le ricerche: ${process.env.BENCH_PROFILE}`);
    }
    const paused = pauses.reduce((a, b) => a + b, 0);
    // The goal holds for every kind of query: a category's p95 (with few queries, its slowest) under the goal.
    const GOAL_MS = 20;
    const categories = Object.entries(kinds).filter(([, xs]) => xs.length);
    const allMet = pct(cold, 0.95) < GOAL_MS && categories.every(([, xs]) => pct(xs, 0.95) < GOAL_MS);
    console.log(`latenza su loopback (client in un processo a parte), ${cold.length} ricerche diverse: p50 ${pct(cold, 0.5).toFixed(1)} ms, p95 ${pct(cold, 0.95).toFixed(1)} ms   obiettivo p95 < ${GOAL_MS} ms in tutto e in ogni categoria   ${mark(allMet)}`);
    console.log(`  di cui nel server (Server-Timing, dall'instradamento alla risposta): p50 ${pct(coldServer, 0.5).toFixed(1)} ms, p95 ${pct(coldServer, 0.95).toFixed(1)} ms, max ${Math.max(...coldServer).toFixed(1)} ms`);
    console.log(`  pause del garbage collector del server durante le ${cold.length + paged.length} ricerche: ${pauses.length}, in tutto ${paused.toFixed(1)} ms, la più lunga ${Math.max(0, ...pauses).toFixed(1)} ms`);
    for (const [kind, xs] of categories) console.log(`  ${kind.padEnd(13)} ${String(xs.length).padStart(3)} ricerche: p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms   obiettivo p95 < ${GOAL_MS} ms   ${mark(pct(xs, 0.95) < GOAL_MS)}   (la più lenta: ${JSON.stringify(slowest.get(kind)?.q)})`);
    console.log(`pagine successive (${paged.length}): p50 ${pct(paged, 0.5).toFixed(1)} ms, p95 ${pct(paged, 0.95).toFixed(1)} ms`);
    // What the HTTP figures include besides the search itself, on this (shared) machine.
    const base: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      await call('GET', '/api/auth/user', { token: admin });
      base.push(performance.now() - s);
    }
    console.log(`riferimento, GET /api/auth/user (${base.length}, legge l\u2019utente dal database): p50 ${pct(base, 0.5).toFixed(1)} ms, p95 ${pct(base, 0.95).toFixed(1)} ms`);
    // The same search route where no list matches the filter: what HTTP, authentication and the handler cost without an index.
    const empty: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      await call('GET', '/api/search/price-list?q=scavo&tipologiaDeiprovincia=SIENA&anno=2025&limit=20&page=1', { token: admin });
      empty.push(performance.now() - s);
    }
    console.log(`riferimento, la stessa ricerca su nessun prezzario (${empty.length}): p50 ${pct(empty, 0.5).toFixed(1)} ms, p95 ${pct(empty, 0.95).toFixed(1)} ms`);
    const blob = (await getBlob(rt.ctx, indexKey(version)))!;
    const raw = gunzipSync(blob);
    console.log(`indice su disco: ${mb(blob.length)} gzip (${mb(raw.length)} non compresso)`);
    globalThis.gc?.();
    const h0 = process.memoryUsage().heapUsed;
    t = performance.now();
    const loaded = loadStoredIndex(decodeIndex(raw));
    const loadMs = performance.now() - t;
    globalThis.gc?.();
    const h1 = process.memoryUsage().heapUsed;
    console.log(`indice in memoria: ${mb(h1 - h0)} (articoli e indice; caricamento ${(loadMs / 1000).toFixed(1)} s${globalThis.gc ? '' : ', senza --expose-gc: stima'})`);

    const inProcess: number[] = [];
    const inProcessKinds = new Map<string, number[]>();
    for (const q of [...LATENCY_MIX, ...extra]) {
      const s = performance.now();
      rankIndex(loaded, q, 20);
      const ms = performance.now() - s;
      inProcess.push(ms);
      const kind = kindOf(q);
      inProcessKinds.set(kind, [...(inProcessKinds.get(kind) ?? []), ms]);
    }
    console.log(`solo ricerca nell'indice, in processo (${inProcess.length}): p50 ${pct(inProcess, 0.5).toFixed(1)} ms, p95 ${pct(inProcess, 0.95).toFixed(1)} ms`);
    for (const [kind, xs] of inProcessKinds) console.log(`  ${kind.padEnd(13)} ${String(xs.length).padStart(3)} ricerche: p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`);

    console.log('posizione dell\u2019articolo cercato:');
    let met = 0;
    for (const { q, kind, target } of QUERIES) {
      const { res } = await search(q);
      const codes = (res.json.data as Array<{ attributes: { codice: string } }>).map((d) => d.attributes.codice);
      const rank = codes.indexOf(target) + 1;
      const goal = kind === 'codice' || kind === 'parola' ? 1 : 3;
      const ok = rank > 0 && rank <= goal;
      if (ok) met++;
      console.log(`  ${kind.padEnd(9)} ${JSON.stringify(q).padEnd(34)} posizione ${rank || '-'} di ${res.json.meta['total-count']}   obiettivo ${goal === 1 ? '1ª' : 'prime 3'}   ${mark(ok)}`);
    }
    console.log(`obiettivi di posizione raggiunti: ${met}/${QUERIES.length}`);
    const relaxed = (await search('scavo xyzzy')).res.json.meta;
    console.log(`parole tralasciate per "scavo xyzzy": ${JSON.stringify(relaxed.missing_words)}, risultati per ${JSON.stringify(relaxed.used_words)}: ${relaxed['total-count']}   obiettivo ["xyzzy"]   ${mark(relaxed.missing_words?.[0] === 'xyzzy')}`);
  } finally {
    await rt.close();
  }
}

await main();
