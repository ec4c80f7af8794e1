/**
 * `npm run bench:importazioni [MB]`: how long another user's request waits while a large
 * structured computo is parsed. A PriMus XPWE of about 49 MB (default; or the MB given) is built
 * from tests/fixtures/computi/computo.xpwe by repeating its voci, uploaded through the presigned
 * route and registered with /api/upload/complete, which reads it whole (on an analysis thread:
 * functions/analysis/parse-jobs.ts). Meanwhile GET /api/documents is asked again and again: its
 * delay (p50, p95, max) against the goal of 100 ms, and the longest stall of the API's thread.
 * The file holds more than 50,000 voci, so it is refused after being read: the parse is the work.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime } from '../support/runtime.ts';

const megabytes = Number(process.argv[2] ?? 49);
const fixture = readFileSync(path.resolve(import.meta.dirname, '../fixtures/computi/computo.xpwe'), 'utf8');

/** computo.xpwe with its voci repeated until the file is about `mb` MB. */
function bigXpwe(mb: number): Buffer {
  const start = fixture.indexOf('<PweVociComputo>') + '<PweVociComputo>'.length;
  const end = fixture.indexOf('</PweVociComputo>');
  const voci = fixture.slice(start, end);
  const copies = Math.max(1, Math.floor((mb * 1024 * 1024 - fixture.length) / voci.length));
  return Buffer.from(fixture.slice(0, start) + voci.repeat(copies) + fixture.slice(end));
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main() {
  const rt = await startTestRuntime();
  try {
    const call = apiClient(rt.url);
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const file = bigXpwe(megabytes);
    const presign = await call('POST', '/api/upload/presign', { token, body: { filename: 'grande.xpwe', size: file.length } });
    const put = await fetch(new URL(presign.json.data.upload_url, rt.url), { method: 'PUT', body: new Uint8Array(file), headers: presign.json.data.headers });
    if (!put.ok) throw new Error(`PUT to the store failed: ${put.status}`);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    let endedAt = 0;
    const complete = call('POST', '/api/upload/complete', { token, body: { upload_id: presign.json.data.upload_id, filename: 'grande.xpwe', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } }).then((res) => {
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
    const max = Math.max(...delays);
    console.log(`XPWE di ${(file.length / 1024 / 1024).toFixed(1)} MB letto in ${((endedAt - started) / 1000).toFixed(1)} s (risposta ${res.status}: ${res.json?.errors?.[0]?.detail ?? 'importato'})`);
    console.log(`GET /api/documents durante la lettura: ${delays.length} richieste, p50 ${pct(delays, 0.5).toFixed(1)} ms, p95 ${pct(delays, 0.95).toFixed(1)} ms, max ${max.toFixed(1)} ms (obiettivo < 100 ms: ${max < 100 ? 'OK' : 'NON RAGGIUNTO'})`);
    console.log(`blocco più lungo del thread dell'API: ${(loop.max / 1e6).toFixed(1)} ms`);
  } finally {
    await rt.close();
  }
}

await main();
