/**
 * The client side of `npm run bench:search`, in a process of its own as a browser or an
 * integrator would be: its own event loop and garbage collector, so the figures are the
 * server's latency over loopback, not the bench's own work. Reads { url, token, queries } as
 * JSON on stdin, warms its own connection on another route, asks each query once in order, and
 * prints [{ q, page, ms, server }] (server: the server's own time, from its Server-Timing header) as JSON.
 */
import http from 'node:http';

interface Job {
  url: string;
  token: string;
  queries: Array<{ q: string; page: number }>;
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as Job;
  // node:http on one kept-alive socket, as a browser's connection would be (fetch costs the client
  // about a millisecond a request, and garbage of its own).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; serverTiming: string }>((resolve, reject) => {
      const req = http.get(job.url + path, { agent, headers: { authorization: `Bearer ${job.token}` } }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, serverTiming: String(res.headers['server-timing'] ?? '') }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  // The client's own first requests (connection, its HTTP code compiled) are not the server's: a
  // few untimed calls to another route first, so no search is primed.
  for (let i = 0; i < 5; i++) await get('/api/auth/user');
  const timings: Array<{ q: string; page: number; ms: number; server: number }> = [];
  for (const { q, page } of job.queries) {
    const path = `/api/search/price-list?q=${encodeURIComponent(q)}&tipologiaDeiprovincia=FIRENZE&anno=2025&limit=20&page=${page}`;
    const ask = () => get(path);
    const s = performance.now();
    // A keep-alive socket the server closed can reset once: ask again.
    const res = await ask().catch(ask);
    const ms = performance.now() - s;
    if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
    const server = Number(/dur=([\d.]+)/.exec(res.serverTiming)?.[1] ?? NaN);
    timings.push({ q, page, ms, server });
  }
  agent.destroy();
  process.stdout.write(JSON.stringify(timings));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
