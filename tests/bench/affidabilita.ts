/**
 * Reliability benchmark through the real embedded runtime, on 127.0.0.1 only, every loop
 * bounded in count and time:
 *
 *   npm run bench:affidabilita
 *
 * 1. a logged-in user's median latency, alone and while two anonymous clients send
 *    30,000-part multiparts in a loop (goal: at most +50 ms);
 * 2. 100 parallel wrong passwords for one username from one address: how many were evaluated
 *    (goal: at most the limit);
 * 3. a 1 GB inflate-bomb PDF: seconds to `failed`; a small PDF uploaded after two bombs:
 *    seconds to `completed`;
 * 4. 20 loopback clients reading the document list, a document's rows and the price search:
 *    requests/s and p95;
 * 5. soak (issue 26): 10 loopback clients editing, merging, deleting and re-pricing one
 *    2,000-row document for 60 s; at the end every acknowledged write must be in the table:
 *    "N acknowledged writes lost" (goal: 0), with the request counts.
 *
 * `npm run bench:affidabilita -- soak` runs the soak alone.
 */
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { inflateBombPdf } from '../support/hostile-pdf.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { importLuccaList, tuscanItemsOf } from '../support/price-lists.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { getDocument } from '../../functions/storage/repositories/documents.ts';
import { listRows } from '../../functions/storage/repositories/rows.ts';
import { makeRng } from '../generator/core.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const ms = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'OK' : 'NON RAGGIUNTO');

async function latencies(url: string, token: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/documents`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    out.push(performance.now() - t);
  }
  return out;
}

/** The anonymous clients run in a process of their own, as an attacker's would. */
const FLOODER = `
const [url, seconds] = process.argv.slice(1);
const boundary = 'computa-bench';
const body = ('--' + boundary + '\\r\\nContent-Disposition: form-data; name="f"\\r\\n\\r\\nv\\r\\n').repeat(30000) + '--' + boundary + '--\\r\\n';
const deadline = Date.now() + Number(seconds) * 1000;
let sent = 0;
const client = async () => {
  while (Date.now() < deadline && sent < 5000) {
    sent++;
    const res = await fetch(url + '/api/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' + boundary }, body }).catch(() => null);
    await res?.arrayBuffer().catch(() => undefined);
  }
};
await Promise.all([client(), client()]);
console.log(sent);
`;

async function anonymousFlood(url: string, token: string) {
  const { spawn } = await import('node:child_process');
  const alone = median(await latencies(url, token, 200));
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOODER, url, '60'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let sent = '';
  child.stdout.on('data', (d) => (sent += d));
  const ended = new Promise((r) => child.on('exit', r));
  await new Promise((r) => setTimeout(r, 1000));
  const flooded = median(await latencies(url, token, 200));
  child.kill('SIGTERM');
  await ended;
  const delta = flooded - alone;
  console.log(`anonymous flood (2 clients in another process, 30,000-part multiparts): median ${ms(alone)} alone, ${ms(flooded)} flooded, change ${ms(delta)} (goal <= 50 ms) ${verdict(delta <= 50)}`);
}

async function parallelGuesses(url: string, holdClock: (d: Date | null) => void) {
  const call = apiClient(url);
  // The clock is held still during the burst: the question is whether the count is atomic, and
  // a 1 s wait expiring mid-burst would (rightly) let one more guess through.
  holdClock(new Date());
  const results = await Promise.all(Array.from({ length: 100 }, () => call('POST', '/api/auth/login', { body: { username: 'admin', password: 'sbagliata' } })));
  holdClock(null);
  const evaluated = results.filter((r) => r.status === 401).length;
  const refused = results.filter((r) => r.status === 429).length;
  console.log(`100 parallel wrong passwords: ${evaluated} evaluated, ${refused} refused with 429 (goal: evaluated <= 5) ${verdict(evaluated <= 5)}`);
  const retry = results.find((r) => r.status === 429)?.headers.get('retry-after');
  console.log(`  the flooding address waits ${retry ?? '?'} s before its next try; other addresses are not affected (tests/integration/auth.test.ts)`);
}

async function inflateBombs(url: string, token: string) {
  const bomb = await inflateBombPdf(1024 ** 3);
  let t = performance.now();
  const one = await uploadPdf(url, token, bomb, 'bomba.pdf');
  const failed = await waitForAnalysis(url, token, one.id, 120_000);
  const toFail = (performance.now() - t) / 1000;
  console.log(`1 GB inflate bomb (${(bomb.length / 1e6).toFixed(1)} MB file): ${failed.status} in ${toFail.toFixed(2)} s (goal: failed in seconds) ${verdict(failed.status === 'failed' && toFail < 10)}`);
  t = performance.now();
  await uploadPdf(url, token, bomb, 'bomba1.pdf');
  await uploadPdf(url, token, bomb, 'bomba2.pdf');
  const small = await uploadPdf(url, token, corpusFile('primus_small.pdf'));
  const done = await waitForAnalysis(url, token, small.id, 120_000);
  console.log(`small PDF after two bombs: ${done.status} in ${((performance.now() - t) / 1000).toFixed(2)} s`);
}

async function readLoad(url: string, token: string, documentId: number) {
  const paths = [`/api/documents`, `/api/documents/${documentId}/rows`, `/api/search/price-list?q=scavo`];
  const times: number[] = [];
  const perClient = 50;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const s = performance.now();
        const res = await fetch(url + paths[(c + i) % paths.length], { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        times.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  console.log(`20 loopback clients, ${times.length} reads (documents, rows, search): ${(times.length / seconds).toFixed(0)} requests/s, p95 ${ms(p95(times))}`);
}

const SOAK_SECONDS = 60;
const SOAK_ROWS = 2000;
const EDITORS = 8;
/** Per client: no more requests than this, whatever the time left. */
const SOAK_MAX_REQUESTS = 5000;
const TIPOLOGIE = ['nuove_costruzioni', 'ristrutturazione_manutenzione'];

interface Tally {
  sent: number;
  ok: number;
  conflict: number;
  other: number;
}
const tally = (): Tally => ({ sent: 0, ok: 0, conflict: 0, other: 0 });
const count = (t: Tally, status: number) => {
  t.sent++;
  if (status === 200) t.ok++;
  else if (status === 409 || status === 412) t.conflict++;
  else t.other++;
};

/** What an editor knows of the rows of its own block: alive (descrizione, quantita) or gone. */
interface Expected {
  id: number;
  row_index: number;
  descrizione: string;
  quantita: number | null;
  alive: boolean;
  /** A write answered neither 200 nor a refusal that writes nothing: not checked. */
  unsure: boolean;
}

/**
 * 8 editors, each on its own block of rows (edit, merge two neighbours, delete), and 2 clients
 * re-pricing the whole document ("Aggiorna Prezzi", and province/typology changes that retype
 * every row), for 60 s. Then the table is read: every acknowledged edit, merge and delete must
 * be there, every row must follow the last acknowledged typology, and the document's counts
 * must equal its rows.
 */
async function soak(rt: TestRuntime, token: string) {
  const call = apiClient(rt.url);
  await importLuccaList(rt.url, token, tuscanItemsOf('primus_medium.pdf'));
  const docId = await seedBigDocument(rt.ctx, { id: 1, username: 'admin' }, SOAK_ROWS, tuscanItemsOf('primus_medium.pdf').map((i) => i.codice));
  const seeded = await listRows(rt.ctx, docId);
  const block = Math.floor(SOAK_ROWS / EDITORS);
  const models: Expected[][] = Array.from({ length: EDITORS }, (_, k) =>
    seeded.slice(k * block, (k + 1) * block).map((r) => ({ id: r.id, row_index: r.row_index, descrizione: r.descrizione, quantita: r.quantita, alive: true, unsure: false })),
  );
  const counts = { edit: tally(), merge: tally(), delete: tally(), reprice: tally(), settings: tally() };
  let lastTipologia = 'nuove_costruzioni';
  let settingsUnsure = false;
  const deadline = Date.now() + SOAK_SECONDS * 1000;
  const running = (n: number) => Date.now() < deadline && n < SOAK_MAX_REQUESTS;

  const editor = async (k: number) => {
    const rng = makeRng(1000 + k);
    const random = () => rng.next();
    const rows = models[k];
    for (let n = 0; running(n); n++) {
      const alive = rows.filter((r) => r.alive && !r.unsure);
      const roll = random();
      if (roll < 0.7 || alive.length < block / 3) {
        const row = alive[Math.floor(random() * alive.length)];
        const descrizione = `client ${k} edit ${n}`;
        const quantita = random() < 0.5 ? Math.round(random() * 1000) / 10 : row.quantita;
        const res = await call('PUT', `/api/rows/${row.id}`, { token, body: { descrizione, quantita } });
        count(counts.edit, res.status);
        if (res.status === 200) Object.assign(row, { descrizione, quantita });
        else if (res.status !== 409) row.unsure = true;
      } else if (roll < 0.85) {
        // Two neighbours of this block: nothing of another client lies between them.
        const i = Math.floor(random() * (alive.length - 1));
        const [first, second] = [alive[i], alive[i + 1]];
        const res = await call('POST', '/api/rows/merge', { token, body: { first_row_id: first.id, second_row_id: second.id, articolo: 'seconda' } });
        count(counts.merge, res.status);
        if (res.status === 200) {
          first.quantita = second.quantita;
          second.alive = false;
        } else if (res.status !== 409) first.unsure = second.unsure = true;
      } else {
        const row = alive[Math.floor(random() * alive.length)];
        const res = await call('DELETE', `/api/rows/${row.id}`, { token });
        count(counts.delete, res.status);
        if (res.status === 200) row.alive = false;
        else row.unsure = true;
      }
    }
  };
  const repricer = async (k: number) => {
    for (let n = 0; running(n); n++) {
      if ((n + k) % 2 === 0) {
        count(counts.reprice, (await call('POST', `/api/documents/${docId}/update-total`, { token, body: { refresh: true } })).status);
      } else {
        const tipologia_dei = TIPOLOGIE[(n + k) % 4 < 2 ? 1 : 0];
        const res = await call('PUT', `/api/documents/${docId}/settings`, { token, body: { provincia: 'LU', tipologia_dei } });
        count(counts.settings, res.status);
        if (res.status === 200) lastTipologia = tipologia_dei;
        else settingsUnsure = true;
      }
    }
  };
  const t = performance.now();
  await Promise.all([...models.map((_, k) => editor(k)), repricer(0), repricer(1)]);
  const seconds = (performance.now() - t) / 1000;

  // Assess, from the table itself.
  const stored = new Map((await listRows(rt.ctx, docId)).map((r) => [r.id, r]));
  const doc = await getDocument(rt.ctx, docId);
  let lost = 0;
  let unchecked = 0;
  for (const r of models.flat()) {
    if (r.unsure) {
      unchecked++;
      continue;
    }
    const now = stored.get(r.id);
    if (!r.alive ? now !== undefined : !now || now.descrizione !== r.descrizione || now.quantita !== r.quantita) lost++;
  }
  // The last settings change two clients raced: every row follows the document's typology now.
  const offType = [...stored.values()].filter((r) => r.tipologia_dei !== doc?.tipologia_dei).length;
  if (!settingsUnsure && doc?.tipologia_dei !== lastTipologia) lost++;
  lost += offType;
  const sum = Math.round([...stored.values()].reduce((s, r) => s + (r.totale ?? 0), 0) * 100) / 100;
  const line = (name: string, c: Tally) => `${name} ${c.sent} (200: ${c.ok}, 409/412: ${c.conflict}, altro: ${c.other})`;
  console.log(`soak: 10 loopback clients for ${seconds.toFixed(0)} s on one ${SOAK_ROWS}-row document`);
  console.log(`  ${Object.entries(counts).map(([k, c]) => line(k, c)).join('; ')}`);
  console.log(`  rows at the end: ${stored.size}; document row_count ${doc?.row_count}, sum_totale ${doc?.sum_totale} (rows: ${sum}); rows off the document's typology: ${offType}; writes with an unsure answer, not checked: ${unchecked}`);
  console.log(`${lost} acknowledged writes lost — ${verdict(lost === 0 && doc?.row_count === stored.size && doc?.sum_totale === sum)}`);
}

async function main() {
  const rt = await startTestRuntime();
  try {
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    if (process.argv.includes('soak')) {
      await soak(rt, admin);
      return;
    }
    const doc = await uploadPdf(rt.url, admin, corpusFile('primus_medium.pdf'));
    await waitForAnalysis(rt.url, admin, doc.id, 120_000);
    await anonymousFlood(rt.url, admin);
    await readLoad(rt.url, admin, doc.id);
    await inflateBombs(rt.url, admin);
    await parallelGuesses(rt.url, rt.setNow);
    await soak(rt, admin);
  } finally {
    await rt.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
