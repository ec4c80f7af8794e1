import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRuntime, INTERRUPTED_WHILE_WRITING } from '../../infra/local/runtime.ts';
import { updateDocument } from '../../functions/storage/repositories/documents.ts';
import { INFLATE_BOMB_FAILURE } from '../../functions/worker/pdf-budget.ts';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { inflateBombPdf } from '../support/hostile-pdf.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, REPO_ROOT, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/** Sends raw bytes on a fresh connection; answers what came back (or '' if the server closed). */
function rawRequest(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => (out += d.toString('latin1')));
    socket.on('error', () => resolve(out));
    socket.on('close', () => resolve(out));
    // Written, not ended: the server, not a half-closed client, decides when the exchange is over.
    socket.setTimeout(3000, () => socket.destroy());
    socket.write(bytes);
  });
}

describe('requests that used to stop the server', () => {
  let rt: TestRuntime;
  let call: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    rt = await startTestRuntime();
    call = apiClient(rt.url);
  });
  afterAll(async () => rt?.close());

  const alive = async () => expect((await call('GET', '/api/auth/user')).status).toBe(401);

  it.each(['/%', '/%E0%A4%A', '/api/%', '/api/documents/%ZZ', '/documents/%', '/assets/%c0%af', '/api/rows/%25%', '/%00', '/register%'])(
    'answers 400 to the malformed path %s and keeps serving',
    async (target) => {
      const answer = await rawRequest(rt.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      // A NUL is a valid escape: the web app's 404 page takes it; everything else is a 400.
      expect(answer).toMatch(target === '/%00' ? /^HTTP\/1\.1 200 / : /^HTTP\/1\.1 400 /);
      await alive();
    },
  );

  it('survives random garbage: bad request lines, odd methods, huge and broken headers', async () => {
    // Prepare: a deterministic mix of hostile requests
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ['%', '%%', '%G1', '..', '//', '\u00ff', '%2e%2e', '?', '#', ';', '%0d%0a', '/api/', '/document/', '/test/'];
    const requests: string[] = [
      'GARBAGE\r\n\r\n',
      'GET\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
      'GET / HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n',
      'PROPFIND /api/documents HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'OPTIONS /api/upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nxxxxx',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{"a',
      'GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n',
    ];
    for (let i = 0; i < 60; i++) {
      const target = Array.from({ length: 1 + rnd(5) }, () => pieces[rnd(pieces.length)]).join('');
      requests.push(`${['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'][rnd(6)]} /${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    }
    // Act + Assess: every request gets an answer or a closed socket, never a dead server
    for (const request of requests) {
      const answer = await rawRequest(rt.port, request);
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 [1-5]\d\d /);
      expect(answer).not.toMatch(/^HTTP\/1\.1 500 /);
    }
    await alive();
  });
});

describe('anonymous requests cost nothing', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime();
  });
  afterAll(async () => rt?.close());

  it('answers 401 to an anonymous upload before its body has been sent', async () => {
    // Prepare: a 30,000-part multipart whose last bytes we never send
    const boundary = 'x'.repeat(20);
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n`;
    const head = Buffer.from(part.repeat(30_000));
    // Act
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${rt.url}/api/upload`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length * 2) },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write(head.subarray(0, 1024));
    });
    // Assess: answered although the body is far from complete
    expect(status).toBe(401);
  });

  it('refuses a forged session token before reading the body, and still answers the owner', async () => {
    const forged = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJh';
    const res = await fetch(`${rt.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forged}`, 'content-type': 'multipart/form-data; boundary=b' },
      body: `--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n`.repeat(30_000) + '--b--\r\n',
    });
    expect(res.status).toBe(401);
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    expect((await apiClient(rt.url)('GET', '/api/auth/user', { token: admin })).status).toBe(200);
  });
});

describe('safe defaults of the embedded runtime', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime();
  });
  afterAll(async () => rt?.close());

  it('listens on loopback, and so do the database and the file store', async () => {
    for (const endpoint of [rt.ctx.config.dynamoEndpoint!, rt.ctx.config.s3Endpoint!]) expect(new URL(endpoint).hostname).toBe('127.0.0.1');
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    if (outside) {
      const reached = await new Promise<boolean>((resolve) => {
        const s = net.connect(rt.port, outside.address);
        s.on('connect', () => (s.destroy(), resolve(true)));
        s.on('error', () => resolve(false));
      });
      expect(reached).toBe(false);
    }
  });

  it('does not expose the file store through the app port', async () => {
    const res = await fetch(`${rt.url}/${rt.ctx.config.bucket}/`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).not.toMatch(/ListBucketResult/);
  });

  it('keeps data files readable by their owner only', async () => {
    const loose: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if ((fs.statSync(p).mode & 0o077) !== 0) loose.push(p);
        if (e.isDirectory()) walk(p);
      }
    };
    walk(rt.dataDir);
    expect(loose).toEqual([]);
  });

  it('sends a Content-Security-Policy with every HTML page', async () => {
    for (const p of ['/', '/documents', '/login', '/index.html']) {
      const res = await fetch(rt.url + p);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The browser reaches the file store through this origin (presigned paths): no other origin to allow.
      expect(csp).not.toContain(rt.ctx.config.s3Endpoint!);
    }
  });
});

describe('no edit is ever lost', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-edits-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const start = () => startLocalRuntime({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, webDir: path.join(REPO_ROOT, 'web/dist') });

  it('a document set to "processing" by its owner is not read again after a restart', async () => {
    // Prepare: an analysed document, then a manual description, a manual price and a deleted row
    const first = await start();
    const token = await loginAs(first.url, 'admin', ADMIN_PASSWORD);
    let call = apiClient(first.url);
    const { id } = await uploadPdf(first.url, token, corpusFile('primus_small.pdf'));
    expect((await waitForAnalysis(first.url, token, id)).status).toBe('completed');
    const rowsOf = async (c: typeof call) => (await c('GET', `/api/documents/${id}/rows`, { token })).json.data.map((r: any) => r.attributes);
    const [a, b, c] = (await rowsOf(call)).map((r: any) => r.id);
    expect((await call('PUT', `/api/rows/${a}`, { token, body: { descrizione: 'Descrizione scritta a mano' } })).status).toBe(200);
    expect((await call('PUT', `/api/rows/${b}`, { token, body: { unitario: 12.34 } })).status).toBe(200);
    expect((await call('DELETE', `/api/rows/${c}`, { token })).status).toBe(200);
    expect((await call('PUT', `/api/documents/${id}/status`, { token, body: { status: 'processing' } })).status).toBe(400); // by hand: refused (issue 26)
    const before = await rowsOf(call);
    await first.stop();

    // Act
    const second = await start();
    try {
      await second.idle();
      call = apiClient(second.url);
      // Assess: the rows are as the owner left them
      const after = await rowsOf(call);
      expect(after).toEqual(before);
      expect(after).toHaveLength(2);
      expect(after.find((r: any) => r.id === a).descrizione).toBe('Descrizione scritta a mano');
      expect(after.find((r: any) => r.id === b).unitario).toBe(12.34);
    } finally {
      await second.stop();
    }
  });

  it('an analysis cut short while writing rows is read again at restart from the stored original, never half a document', async () => {
    const first = await start();
    const token = await loginAs(first.url, 'admin', ADMIN_PASSWORD);
    const { id } = await uploadPdf(first.url, token, corpusFile('primus_small.pdf'));
    await waitForAnalysis(first.url, token, id);
    // As if the stop came between the rows and the final state
    await updateDocument(first.ctx, id, { status: 'processing', completed_at: null });
    await first.stop();
    const second = await start();
    try {
      await second.idle();
      const doc = await waitForAnalysis(second.url, token, id);
      expect(doc).toMatchObject({ status: 'completed', row_count: 3 });
      expect(doc.status_reason).not.toBe(INTERRUPTED_WHILE_WRITING);
      expect((await apiClient(second.url)('GET', `/api/documents/${id}/rows`, { token })).json.data).toHaveLength(3);
    } finally {
      await second.stop();
    }
  });
});

describe('writes that cannot be kept are refused', () => {
  it('answers 503 in Italian when the data folder has disappeared, and acknowledges nothing', async () => {
    const rt = await startTestRuntime();
    try {
      const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
      const call = apiClient(rt.url);
      fs.rmSync(rt.dataDir, { recursive: true, force: true });
      const res = await call('POST', '/api/admin/users', { token, body: { username: 'perso', password: 'password-di-prova' } });
      expect(res.status).toBe(503);
      expect(res.json.errors[0].detail).toMatch(/^Impossibile salvare i dati/);
      const upload = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'));
      expect(upload.status).toBe(503);
    } finally {
      await rt.close();
    }
  });
});

describe('hostile files do not starve others', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime();
  });
  afterAll(async () => rt?.close());

  it('an inflate bomb ends failed in seconds and a small PDF after two of them completes', async () => {
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const bomb = await inflateBombPdf(512 * 1024 * 1024);
    const started = Date.now();
    const bombs = [await uploadPdf(rt.url, token, bomb, 'bomba1.pdf'), await uploadPdf(rt.url, token, bomb, 'bomba2.pdf')];
    const small = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'));
    for (const b of bombs) {
      expect(b.status).toBe(201);
      expect(await waitForAnalysis(rt.url, token, b.id, 90_000)).toMatchObject({ status: 'failed', status_reason: INFLATE_BOMB_FAILURE });
    }
    expect((await waitForAnalysis(rt.url, token, small.id, 90_000)).status).toBe('completed');
    // Seconds, not the minutes inflating 1 GB would take: about 17 s on a quiet machine, the bound
    // leaves room for another test file sharing the cores.
    expect(Date.now() - started).toBeLessThan(90_000);
  });
});
