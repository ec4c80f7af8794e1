/**
 * `npm run bench:importazioni [MB]` or `npm run bench:importazioni -- --righe N`: how long
 * another user's request waits while a large structured computo is parsed. A PriMus XPWE of
 * about 49 MB (default; or the MB given) is built from tests/fixtures/computi/computo.xpwe by
 * repeating its voci; with --righe, an .xlsx computo of N rows instead (big-sheet.ts; 1,000,000
 * rows make about 16 MB). It is uploaded through the presigned route and registered with
 * /api/upload/complete, which has it read whole on an analysis thread, by its store key
 * (functions/services/parse-jobs.ts). Meanwhile GET /api/documents is asked again and again:
 * its delay (p50, p95, max) and the longest stall of the API's thread, each against the goal of
 * 100 ms, beside the machine's load. Both are wall-clock: on a loaded machine a stall can be the
 * thread waiting for a core, not working. So the thread is also profiled (node:inspector, 1 ms
 * samples) and the longest stretch of uninterrupted work is printed with what it was doing.
 * The file holds more than 50,000 voci, so it is refused after being read: the parse is the work.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime } from '../support/runtime.ts';
import { bigComputoSheet } from './big-sheet.ts';
import { formatInteger } from '../../shared/format.ts';

const rowsFlag = process.argv.indexOf('--righe');
const sheetRows = rowsFlag > 0 ? Number(process.argv[rowsFlag + 1]) : 0;
const megabytes = Number(process.argv.slice(2).find((a, i, all) => /^\d+(\.\d+)?$/.test(a) && all[i - 1] !== '--righe') ?? 49);
const GOAL_MS = 100;
const fixture = readFileSync(path.resolve(import.meta.dirname, '../fixtures/computi/computo.xpwe'), 'utf8');

/** computo.xpwe with its voci repeated until the file is about `mb` MB. */
function bigXpwe(mb: number): Buffer {
  const start = fixture.indexOf('<PweVociComputo>') + '<PweVociComputo>'.length;
  const end = fixture.indexOf('</PweVociComputo>');
  const voci = fixture.slice(start, end);
  const copies = Math.max(1, Math.floor((mb * 1024 * 1024 - fixture.length) / voci.length));
  return Buffer.from(fixture.slice(0, start) + voci.repeat(copies) + fixture.slice(end));
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The longest stretch of the profile with no idle sample: its samples (about 1 ms of work each,
 * whatever the wall clock says) and the functions that took most of them.
 */
function longestWork(profile: Profile): { samples: number; wallMs: number; top: string } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const idle = (id: number) => ['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName);
  let best = { from: 0, to: -1, wall: 0 };
  let from = -1;
  let wall = 0;
  profile.samples.forEach((id, i) => {
    if (idle(id)) return void (from = -1);
    if (from < 0) [from, wall] = [i, 0];
    else wall += profile.timeDeltas[i] / 1000;
    if (i - from > best.to - best.from) best = { from, to: i, wall };
  });
  const counts = new Map<string, number>();
  for (const id of profile.samples.slice(best.from, best.to + 1)) {
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonima)'} ${f.url.split('/').slice(-2).join('/')}`.trim();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, c]) => `${n} ×${c}`).join(', ');
  return { samples: best.to - best.from + 1, wallMs: best.wall, top };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main() {
  const rt = await startTestRuntime();
  try {
    const call = apiClient(rt.url);
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const built = performance.now();
    const file = sheetRows ? bigComputoSheet(sheetRows) : bigXpwe(megabytes);
    const filename = sheetRows ? 'grande.xlsx' : 'grande.xpwe';
    const what = sheetRows ? `Foglio .xlsx di ${formatInteger(sheetRows)} righe (${(file.length / 1024 / 1024).toFixed(1)} MB)` : `XPWE di ${(file.length / 1024 / 1024).toFixed(1)} MB`;
    console.log(`${what} costruito in ${((performance.now() - built) / 1000).toFixed(1)} s`);
    const presign = await call('POST', '/api/upload/presign', { token, body: { filename, size: file.length } });
    const put = await fetch(new URL(presign.json.data.upload_url, rt.url), { method: 'PUT', body: new Uint8Array(file), headers: presign.json.data.headers });
    if (!put.ok) throw new Error(`PUT to the store failed: ${put.status}`);
    const loadBefore = os.loadavg()[0];
    const profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    let endedAt = 0;
    const complete = call('POST', '/api/upload/complete', { token, body: { upload_id: presign.json.data.upload_id, filename, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } }).then((res) => {
      endedAt = performance.now();
      return res;
    });
    const delays: number[] = [];
    while (!endedAt) {
      const t = performance.now();
      const res = await fetch(`${rt.url}/api/documents`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (!endedAt) delays.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await complete;
    loop.disable();
    const { profile } = (await profiler.post('Profiler.stop')) as { profile: Profile };
    profiler.disconnect();
    const work = longestWork(profile);
    const max = Math.max(...delays);
    const stall = loop.max / 1e6;
    const verdict = (ms: number) => `obiettivo < ${GOAL_MS} ms: ${ms < GOAL_MS ? 'OK' : 'NON RAGGIUNTO'}`;
    console.log(`${what} letto in ${((endedAt - started) / 1000).toFixed(1)} s (risposta ${res.status}: ${res.json?.errors?.[0]?.detail ?? 'importato'})`);
    console.log(`GET /api/documents durante la lettura: ${delays.length} richieste, p50 ${pct(delays, 0.5).toFixed(1)} ms, p95 ${pct(delays, 0.95).toFixed(1)} ms, max ${max.toFixed(1)} ms (${verdict(max)})`);
    console.log(`blocco più lungo del thread dell'API: ${stall.toFixed(1)} ms (${verdict(stall)})`);
    console.log(`lavoro ininterrotto più lungo del thread (profilo): ${work.samples} campioni (circa 1 ms di lavoro l'uno) in ${work.wallMs.toFixed(0)} ms di orologio (${verdict(work.samples)}): ${work.top}`);
    console.log(`carico della macchina (media 1 min, ${os.cpus().length} core): ${loadBefore.toFixed(2)} all'inizio, ${os.loadavg()[0].toFixed(2)} alla fine`);
  } finally {
    await rt.close();
  }
}

await main();
