/**
 * Loopback clients in a process of their own (so they do not share the server's event loop):
 *
 *   node --import tsx tests/bench/load-clients.ts <json {url, token, paths, clients, seconds}>
 *
 * Each client requests the paths in turn for the given seconds; prints one JSON line with every
 * latency in ms and the wall time.
 */
export {};

const { url, token, paths, clients, seconds } = JSON.parse(process.argv[2]) as { url: string; token: string; paths: string[]; clients: number; seconds: number };
const times: number[] = [];
let errors = 0;
const start = performance.now();
const end = start + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; performance.now() < end; i++) {
      const s = performance.now();
      const res = await fetch(url + paths[(c + i) % paths.length], { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (!res.ok) errors++;
      times.push(performance.now() - s);
    }
  }),
);
console.log(JSON.stringify({ times, errors, wallMs: performance.now() - start }));
