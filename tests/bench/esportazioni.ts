/**
 * `npm run bench:esportazioni [righe]`: how long another user's request waits while a document of
 * 20,000 rows (or the rows given) is exported. The document is written straight to the tables
 * (tests/support/big-document.ts), then exported in each format (PDF, Excel, XPWE, SIX), then
 * its review as PDF; during each export a second user asks GET /api/documents again and again.
 * Printed per export: its time and size, the other user's delay (p50, p95, max) and the longest
 * stall of the API's thread, against the goal of 100 ms. The exports are built on an analysis
 * thread, which reads the rows itself page by page, and streamed from it chunk by chunk
 * (functions/services/export-jobs.ts, infra/local/export-stream.ts). The server starts warm, as
 * `npm start` does (threads and handlers loaded), and the other user's request is made once
 * before the measures: what is measured is the export, not the first load of a module.
 * The figures depend on the machine's load (printed): other processes take the cores too, so the
 * other user's delay is first measured for 10 s with no export running ("senza esportazione"),
 * the floor that the machine alone gives.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime } from '../support/runtime.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { findUserByUsername } from '../../functions/storage/repositories/users.ts';

const rows = Number(process.argv[2] ?? 20_000);
const GOAL_MS = 100;
const BASELINE_MS = 10_000;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The other user's GET /api/documents, again and again until `over()`, and the API thread's longest stall meanwhile. */
async function othersWaits(call: ReturnType<typeof apiClient>, token: string, over: () => boolean) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const waits: number[] = [];
  while (!over()) {
    const s = performance.now();
    await call('GET', '/api/documents', { token });
    waits.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 20));
  }
  loop.disable();
  const sorted = [...waits].sort((a, b) => a - b);
  const max = sorted.at(-1) ?? 0;
  const slow = sorted.filter((w) => w >= GOAL_MS).length;
  return `altro utente ${waits.length} richieste, p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${max.toFixed(0)} ms, ${slow} oltre ${GOAL_MS} ms; blocco più lungo del thread dell'API ${(loop.max / 1e6).toFixed(0)} ms; obiettivo < ${GOAL_MS} ms: ${max < GOAL_MS ? 'raggiunto' : 'NON raggiunto'}`;
}

const load = () => `carico ${os.loadavg()[0].toFixed(1)}`;

const rt = await startTestRuntime({ warmAnalysis: true });
try {
  const call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  for (const username of ['esporta', 'altro']) await call('POST', '/api/admin/users', { token: admin, body: { username, password: 'password-di-prova' } });
  const exporter = await loginAs(rt.url, 'esporta', 'password-di-prova');
  const other = await loginAs(rt.url, 'altro', 'password-di-prova');
  const owner = (await findUserByUsername(rt.ctx, 'esporta'))!;
  const id = await seedBigDocument(rt.ctx, { id: owner.id, username: owner.username }, rows, ['TOS25_01.A01.001', 'TOS25_02.B03.004', '']);
  await call('GET', '/api/documents', { token: other });
  console.log(`documento di ${rows} righe; ${os.cpus().length} core, ${load()} (media su 1, 5, 15 min: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const idleUntil = performance.now() + BASELINE_MS;
  console.log(`senza esportazione (${load()}), ${BASELINE_MS / 1000} s: ${await othersWaits(call, other, () => performance.now() > idleUntil)}`);
  for (const path of [`/api/documents/${id}/export?format=pdf`, `/api/documents/${id}/export?format=xlsx`, `/api/documents/${id}/verification/export`, `/api/documents/${id}/export?format=xpwe`, `/api/documents/${id}/export?format=six`]) {
    const t0 = performance.now();
    let doneAt = 0;
    let bytes = 0;
    // The exporter reads the answer as it comes, chunk by chunk, keeping only the count.
    const exported = fetch(`${rt.url}${path}`, { headers: { authorization: `Bearer ${exporter}` } }).then(async (res) => {
      for await (const chunk of res.body ?? []) bytes += chunk.byteLength;
      doneAt = performance.now();
      return res.status;
    });
    const others = await othersWaits(call, other, () => doneAt > 0);
    const status = await exported;
    console.log(`${path.replace(`/api/documents/${id}/`, '')}: ${status} (${load()}), ${((doneAt - t0) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB; ${others}`);
  }
} finally {
  await rt.close();
}
