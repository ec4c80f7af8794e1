import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { corpusFile, fixture, truthOf } from '../support/corpus.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;
let mario: string;
let lucia: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  for (const username of ['mario', 'lucia']) {
    await call('POST', '/api/admin/users', { token: admin, body: { username, password: 'password-di-prova' } });
  }
  mario = await loginAs(rt.url, 'mario', 'password-di-prova');
  lucia = await loginAs(rt.url, 'lucia', 'password-di-prova');
});
afterAll(async () => rt?.close());

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

async function upload(token: string, file: Buffer | null, name = 'computo.pdf', fields: Record<string, string> = { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }) {
  const form = new FormData();
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${rt.url}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, json: (await res.json()) as any };
}

async function waitForAnalysis(token: string, id: number) {
  for (let i = 0; i < 1800; i++) {
    const res = await call('GET', `/api/documents/${id}`, { token });
    if (res.json.data.attributes.status !== 'processing') return res.json.data.attributes;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('analysis did not end');
}

async function blobKeys(prefix: string): Promise<string[]> {
  const out = await rt.ctx.s3.send(new ListObjectsV2Command({ Bucket: rt.ctx.config.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('upload and analysis', () => {
  it('analyses a multipart upload into exact rows and a congruent total', async () => {
    // Act
    const res = await upload(mario, corpusFile('primus_small.pdf'), 'Computo Lucca.pdf');
    // Assess
    expect(res.status).toBe(201);
    const id = res.json.data.data.document_id;
    expect(res.json.data.data.status).toBe('processing');
    const doc = await waitForAnalysis(mario, id);
    const truth = truthOf('primus_small.pdf');
    expect(doc).toMatchObject({ status: 'completed', filename: 'Computo Lucca.pdf', provincia: 'LU', row_count: truth.voci, document_total: truth.document_total, congruent: true, username: 'mario' });

    const rows = await call('GET', `/api/documents/${id}/rows`, { token: mario });
    expect(rows.json.meta['total-count']).toBe(truth.voci);
    const first = rows.json.data[0].attributes;
    expect(first).toMatchObject({ row_index: 1, tariffa: truth.items[0].tariffa, quantita: truth.items[0].quantita, unitario: truth.items[0].unitario, totale: truth.items[0].totale, tipologia_dei: 'nuove_costruzioni', prezzo_db: null, page: truth.items[0].page });
    expect(rows.json.meta.totals).toMatchObject({ sum_totale: truth.document_total, congruent: true, document_total_db: null });
    expect((await call('GET', `/api/documents/${id}/row-count`, { token: mario })).json.data.row_count).toBe(truth.voci);

    const download = await fetch(`${rt.url}/document/${id}/download`, { headers: { authorization: `Bearer ${mario}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''Computo%20Lucca.pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(corpusFile('primus_small.pdf'))).toBe(true);
  });

  it('accepts a large file through a presigned URL and registers it', async () => {
    // Prepare: ask where to put it, then PUT straight to the blob store as the browser does.
    const file = corpusFile('primus_medium.pdf');
    const presign = await call('POST', '/api/upload/presign', { token: mario, body: { filename: 'grande.pdf', size: file.length, content_type: 'application/pdf' } });
    expect(presign.status).toBe(200);
    const put = await fetch(new URL(presign.json.data.upload_url, rt.url), { method: 'PUT', body: new Uint8Array(file), headers: { 'content-type': 'application/pdf' } });
    expect(put.status).toBe(200);
    // Act
    const done = await call('POST', '/api/upload/complete', {
      token: mario,
      body: { upload_id: presign.json.data.upload_id, filename: 'grande.pdf', provincia: 'Lucca', tipologia_dei: 'nuove_costruzioni' },
    });
    // Assess
    expect(done.status).toBe(201);
    const doc = await waitForAnalysis(mario, done.json.data.data.document_id);
    expect(doc).toMatchObject({ status: 'completed', provincia: 'Lucca', row_count: truthOf('primus_medium.pdf').voci, congruent: true });
    expect(await blobKeys('tmp/uploads/')).toEqual([]);
    // Someone else cannot register that upload id.
    const again = await call('POST', '/api/upload/complete', { token: lucia, body: { upload_id: presign.json.data.upload_id, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } });
    expect(again.status).toBe(404);
  });

  it('refuses a presigned upload over 50 MB before it starts', async () => {
    const res = await call('POST', '/api/upload/presign', { token: mario, body: { filename: 'enorme.pdf', size: 52_428_801 } });
    expect(res.status).toBe(413);
    expect(detail(res)).toBe('File troppo grande. Dimensione massima: 50MB');
  });
  // Scanned documents through this same API: tests/integration/ocr.test.ts.
});

describe('bad input gets a clear Italian error and leaves nothing behind', () => {
  it.each([
    ['a renamed text file', Buffer.from('Questo non è un PDF\n'), 'Il file non è un PDF valido.'],
    ['an empty file', Buffer.alloc(0), 'Il file è vuoto.'],
    ['a truncated PDF', fixture('truncated.pdf'), /non è un PDF valido o è danneggiato/],
    ['an encrypted PDF', fixture('encrypted.pdf'), 'Il PDF è protetto da password.'],
  ])('refuses %s', async (_what, bytes, message) => {
    const before = (await call('GET', '/api/documents', { token: lucia })).json.meta['total-count'];
    const res = await upload(lucia, bytes, 'finto.pdf');
    expect(res.status).toBe(400);
    expect(detail(res)).toMatch(message);
    expect((await call('GET', '/api/documents', { token: lucia })).json.meta['total-count']).toBe(before);
  });

  it('names the missing field', async () => {
    expect(detail(await upload(lucia, null))).toBe('Per favore, seleziona un file PDF.');
    expect(detail(await upload(lucia, corpusFile('primus_small.pdf'), 'a.pdf', { tipologia_dei: 'nuove_costruzioni' }))).toBe('La provincia è obbligatoria.');
    expect(detail(await upload(lucia, corpusFile('primus_small.pdf'), 'a.pdf', { provincia: 'LU' }))).toBe('La tipologia del prezzario DEI è obbligatoria.');
    expect(detail(await upload(lucia, corpusFile('primus_small.pdf'), 'a.pdf', { provincia: 'LU', tipologia_dei: 'inventata' }))).toBe('Tipologia DEI non valida');
  });

  it('refuses a multipart body over the API limit with 413', async () => {
    const res = await upload(lucia, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(7 * 1024 * 1024, 32)]));
    expect(res.status).toBe(413);
  });
});

describe('ownership and deletion', () => {
  it('hides a document from another redattore (404) and shows it to an admin', async () => {
    const res = await upload(mario, corpusFile('str_small.pdf'));
    const id = res.json.data.data.document_id;
    await waitForAnalysis(mario, id);
    for (const path of [`/api/documents/${id}`, `/api/documents/${id}/rows`, `/api/documents/${id}/row-count`, `/document/${id}/download`]) {
      const other = await call('GET', path, { token: lucia });
      expect(other.status, path).toBe(404);
      expect(detail(other)).toBe('Documento non trovato');
    }
    expect((await call('DELETE', `/api/documents/${id}`, { token: lucia })).status).toBe(404);
    expect((await call('PUT', `/api/documents/${id}/status`, { token: lucia, body: { status: 'failed' } })).status).toBe(404);
    expect((await call('GET', `/api/documents/${id}`, { token: admin })).status).toBe(200);
    const listed = (await call('GET', '/api/documents', { token: lucia })).json.data.map((d: any) => d.attributes.id);
    expect(listed).not.toContain(id);
  });

  it('lists with paging, search and counters', async () => {
    const res = await call('GET', '/api/documents?per_page=2&page=1', { token: mario });
    expect(res.json.data).toHaveLength(2);
    expect(res.json.meta.counts.total).toBe(res.json.meta['total-count']);
    expect(res.json.meta.counts.completed).toBeGreaterThanOrEqual(2);
    const ids = res.json.data.map((d: any) => d.attributes.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
    const search = await call('GET', '/api/documents?search=lucca', { token: mario });
    expect(search.json.data.map((d: any) => d.attributes.filename)).toContain('Computo Lucca.pdf');
    expect(search.json.meta['total-count']).toBe(search.json.data.length);
  });

  it('edits the status and refuses an unknown one', async () => {
    const id = (await call('GET', '/api/documents', { token: mario })).json.data[0].attributes.id;
    const bad = await call('PUT', `/api/documents/${id}/status`, { token: mario, body: { status: 'boh' } });
    expect(detail(bad)).toBe('Seleziona uno stato valido');
    const ok = await call('PUT', `/api/documents/${id}/status`, { token: mario, body: { status: 'failed' } });
    expect(ok.json.meta.message).toBe('Stato documento aggiornato a: Errore');
    expect(ok.json.data.attributes.status).toBe('failed');
  });

  it('deletes the rows and the files with the document', async () => {
    const res = await upload(mario, corpusFile('primus_small.pdf'));
    const id = res.json.data.data.document_id;
    await waitForAnalysis(mario, id);
    expect(await blobKeys(`documents/${id}/`)).toHaveLength(1);
    const del = await call('DELETE', `/api/documents/${id}`, { token: mario });
    expect(del.json.data.message).toBe('Documento eliminato con successo');
    expect((await call('GET', `/api/documents/${id}`, { token: mario })).status).toBe(404);
    expect(await blobKeys(`documents/${id}/`)).toEqual([]);
    const { countRows } = await import('../../functions/storage/repositories/rows.ts');
    expect(await countRows(rt.ctx, id)).toBe(0);
  });
});
