/**
 * An export whose client leaves stops: the HTTP server cancels the streamed answer, the analysis
 * thread's job sees its signal at its next check (a page of rows, a step, a chunk) and ends as
 * cancelled, saying where it stood; no export stays running, and the next requests (a list, a
 * whole export) are served. The figures under load: `npm run bench:esportazioni`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { findUserByUsername } from '../../functions/storage/repositories/users.ts';

const ROWS = 8_000;

let rt: TestRuntime;
let token: string;
let documentId: number;
let smallId: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  const call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'chiara', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'chiara', 'password-di-prova');
  const owner = (await findUserByUsername(rt.ctx, 'chiara'))!;
  documentId = await seedBigDocument(rt.ctx, { id: owner.id, username: owner.username }, ROWS, ['TOS25_01.A01.001', '']);
  smallId = await seedBigDocument(rt.ctx, { id: owner.id, username: owner.username }, 10, ['TOS25_01.A01.001']);
}, 120_000);
afterAll(async () => rt?.close());

const exportOf = (format: string, signal?: AbortSignal, id = documentId) =>
  fetch(`${rt.url}/api/documents/${id}/export?format=${format}`, { headers: { authorization: `Bearer ${token}` }, signal });

/** Waits until no export runs any more (the thread said how each ended). */
async function noExportRunning(limitMs = 60_000) {
  const until = Date.now() + limitMs;
  while (rt.exports().running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return rt.exports();
}

describe('an export whose client leaves', () => {
  it('stops before its file is built when the client leaves as the answer starts', async () => {
    // Prepare
    const before = rt.exports();
    const client = new AbortController();
    // Act: the head arrives (the document was found), then the client goes away
    const res = await exportOf('pdf', client.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`documento_${documentId}.pdf`);
    client.abort();
    const after = await noExportRunning();
    // Assess: cancelled while reading its rows or just before building, never built nor sent
    expect(after.running).toBe(0);
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect(after.done).toBe(before.done);
    expect(after.cancelledAt.at(-1)).toMatch(/^(reading|building)$/);
    // the next requests are served: a list, and an export read to its end
    const list = await apiClient(rt.url)('GET', '/api/documents', { token });
    expect(list.status).toBe(200);
    const whole = await exportOf('six', undefined, smallId);
    const text = await whole.text();
    expect(whole.status).toBe(200);
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text.trimEnd().endsWith('>')).toBe(true);
    expect((await noExportRunning()).done).toBe(before.done + 1);
  }, 120_000);

  it('stops between chunks when the client leaves after the first bytes', async () => {
    // Prepare: a file of many chunks (the XPWE of 8,000 rows is over 10 MB)
    const before = rt.exports();
    const client = new AbortController();
    // Act: the first bytes are read, then the client goes away
    const res = await exportOf('xpwe', client.signal);
    const reader = res.body!.getReader();
    const first = await reader.read();
    client.abort();
    const after = await noExportRunning();
    // Assess
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(first.value!.subarray(0, 5))).toBe('<?xml');
    expect(after.running).toBe(0);
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect(after.done).toBe(before.done);
    expect(after.cancelledAt.at(-1)).toBe('sending');
  }, 120_000);
});
