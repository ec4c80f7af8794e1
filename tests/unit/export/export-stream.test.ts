/**
 * The API thread's side of a streamed export (infra/local/export-stream.ts) against a thread
 * that answers as told: the bytes come chunk by chunk, one per read; a failure after the head
 * errors the body (the server then cuts the answer) instead of leaving its reader waiting; a
 * cancelled body tells the thread. The real thread: tests/integration/export-cancel.test.ts.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { newExportTally, streamFromThread } from '../../../infra/local/export-stream.ts';
import type { ExportReply, ExportRequest } from '../../../infra/local/export-thread.ts';

const JOB = { kind: 'document-export', documentId: 7, format: 'pdf', now: '2026-11-28T10:00:00.000Z' } as const;
const HEAD = { contentType: 'application/pdf', filename: 'documento_7.pdf' };

/** A thread whose answer to each request is `answer(request)`, asynchronously as a real one. */
function fakeThread(answer: (request: ExportRequest) => ExportReply[]) {
  const thread = new EventEmitter() as EventEmitter & { requests: ExportRequest[]; postMessage: (m: ExportRequest) => void };
  thread.requests = [];
  thread.postMessage = (request) => {
    thread.requests.push(request);
    setImmediate(() => answer(request).forEach((reply) => thread.emit('message', reply)));
  };
  return thread;
}

describe('an export streamed from its thread', () => {
  it('reads one chunk per read and closes when the thread is done', async () => {
    // Prepare
    const chunks = [new Uint8Array([1, 2]), new Uint8Array([3])];
    const thread = fakeThread((r) =>
      'exportStart' in r ? [{ exportHead: r.exportStart.id, answer: { ok: true, head: HEAD } }] : 'exportPull' in r ? [chunks.length ? { exportChunk: r.exportPull, chunk: chunks.shift()! } : { exportEnd: r.exportPull, outcome: 'done' }] : [],
    );
    const tally = newExportTally();
    // Act
    const answer = await streamFromThread(thread as unknown as Worker, 1, JOB, tally);
    if (!answer.ok) throw new Error('refused');
    const read: number[] = [];
    for await (const chunk of answer.body) read.push(...chunk);
    // Assess
    expect(answer.head).toEqual(HEAD);
    expect(read).toEqual([1, 2, 3]);
    expect(thread.requests.filter((r) => 'exportPull' in r)).toHaveLength(3);
    expect(tally).toMatchObject({ running: 0, done: 1, failed: 0 });
  });

  it('errors the body when the build fails after the head, and tells the thread when its reader cancels', async () => {
    // Prepare
    const failing = fakeThread((r) =>
      'exportStart' in r ? [{ exportHead: r.exportStart.id, answer: { ok: true, head: HEAD } }] : 'exportPull' in r ? [{ exportEnd: r.exportPull, outcome: 'failed', detail: 'build failed' }] : [],
    );
    const leaving = fakeThread((r) =>
      'exportStart' in r ? [{ exportHead: r.exportStart.id, answer: { ok: true, head: HEAD } }] : 'exportCancel' in r ? [{ exportEnd: r.exportCancel, outcome: 'cancelled', stage: 'building' }] : [],
    );
    const tally = newExportTally();
    // Act
    const failed = await streamFromThread(failing as unknown as Worker, 1, JOB, tally);
    const left = await streamFromThread(leaving as unknown as Worker, 2, JOB, tally);
    if (!failed.ok || !left.ok) throw new Error('refused');
    const reading = failed.body
      .getReader()
      .read()
      .then(
        () => 'read',
        (err: Error) => err.message,
      );
    await left.body.cancel();
    await new Promise((r) => setImmediate(r));
    // Assess
    expect(await reading).toBe('build failed');
    expect(leaving.requests).toEqual([{ exportStart: { id: 2, job: JOB } }, { exportCancel: 2 }]);
    expect(tally).toMatchObject({ running: 0, failed: 1, cancelled: 1, cancelledAt: ['building'] });
  });
});
