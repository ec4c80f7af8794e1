/**
 * The client side of `npm run bench:search`, in a process of its own as a browser or an
 * integrator would be: its own event loop and garbage collector, so the figures are the
 * server's latency over loopback, not the bench's own work. Reads { url, token, queries } as
 * JSON on stdin, warms its own connection on another route, asks each query once in order, and
 * prints [{ q, page, ms }] as JSON.
 */
import { apiClient } from '../support/runtime.ts';

interface Job {
  url: string;
  token: string;
  queries: Array<{ q: string; page: number }>;
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as Job;
  const call = apiClient(job.url);
  // The client's own first requests (connection, its HTTP code compiled) are not the server's: a
  // few untimed calls to another route first, so no search is primed.
  for (let i = 0; i < 5; i++) await call('GET', '/api/auth/user', { token: job.token });
  const timings: Array<{ q: string; page: number; ms: number }> = [];
  for (const { q, page } of job.queries) {
    const path = `/api/search/price-list?q=${encodeURIComponent(q)}&tipologiaDeiprovincia=FIRENZE&anno=2025&limit=20&page=${page}`;
    const ask = () => call('GET', path, { token: job.token });
    const s = performance.now();
    // A keep-alive socket the server closed can reset once: ask again.
    const res = await ask().catch(ask);
    const ms = performance.now() - s;
    if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
    timings.push({ q, page, ms });
  }
  process.stdout.write(JSON.stringify(timings));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
