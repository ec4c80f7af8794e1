/**
 * Issue 36: an interrupted save of a large spreadsheet never leaves a failed document with
 * visible rows. A fault while the rows are written (injected into the database client) fails the
 * document and removes what was written; a stop (Ctrl-C, kill) in the middle of the writes resumes
 * at the next start from the stored original, and the document ends complete.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { createDocument } from '../../functions/services/documents.ts';
import { processDocument, UNEXPECTED_FAILURE } from '../../functions/worker/analysis.ts';
import { getDocument } from '../../functions/storage/repositories/documents.ts';
import { countRows } from '../../functions/storage/repositories/rows.ts';
import { waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, REPO_ROOT } from '../support/runtime.ts';

const VOCI = 1500;
const principal = { id: 1, username: 'admin', role: 'amministratore' as const, via: 'session' as const };

/** The fixture's XPWE with its last voce repeated: a computo of VOCI voci, 1 cad × 120,00 each. */
function largeXpwe(): Buffer {
  const base = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/computi/computo.xpwe'), 'utf8');
  const item = /<VCItem ID="4">.*?<\/VCItem>/.exec(base)![0];
  const many = Array.from({ length: VOCI - 3 }, (_, i) => item.replace('ID="4"', `ID="${i + 4}"`)).join('\n');
  return Buffer.from(base.replace(item, many));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-interrupted-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const start = () => startLocalRuntime({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, webDir: path.join(REPO_ROOT, 'web/dist') });

/** A document waiting for analysis, not queued: the test runs the worker itself, in this process. */
async function pending(rt: LocalRuntime) {
  const ctx = { ...rt.ctx, config: { ...rt.ctx.config, enqueue: async () => undefined } };
  return createDocument(ctx, principal, { bytes: largeXpwe(), filename: 'grande.xpwe', pages: 0, provincia: 'LU', tipologia_dei: 'nuove_costruzioni', file: { extension: 'xpwe', contentType: 'application/octet-stream' } });
}

/**
 * The `n`th batch of row writes (and every one after it, with `persistent`) gets `fault` instead
 * of the database. `reached` settles when the fault is first met, however slow the machine.
 */
function faultAt(rt: LocalRuntime, n: number, fault: () => Promise<never>, persistent: boolean) {
  const db = rt.ctx.db as unknown as { send: (cmd: unknown) => Promise<unknown> };
  const real = db.send.bind(db);
  let batches = 0;
  let met: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (met = resolve));
  db.send = (cmd) => {
    const isRowBatch = cmd instanceof BatchWriteCommand && Object.keys(cmd.input.RequestItems ?? {}).includes(rt.ctx.table('rows'));
    const hit = isRowBatch && (persistent ? ++batches >= n : ++batches === n);
    if (hit) met();
    return hit ? fault() : real(cmd);
  };
  return { restore: () => (db.send = real), reached };
}

describe('an interrupted save of a large spreadsheet', () => {
  it('a fault in the middle of the writes fails the document and leaves no rows to see', async () => {
    const rt = await start();
    try {
      // Prepare
      const doc = await pending(rt);
      const { restore } = faultAt(rt, 20, () => Promise.reject(Object.assign(new Error('Internal server error'), { name: 'InternalServerError' })), false);
      // Act
      try {
        await processDocument(rt.ctx, doc.id, { log: () => undefined });
      } finally {
        restore();
      }
      // Assess
      const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
      const call = apiClient(rt.url);
      expect(await getDocument(rt.ctx, doc.id)).toMatchObject({ status: 'failed', status_reason: UNEXPECTED_FAILURE, row_count: 0 });
      expect(await countRows(rt.ctx, doc.id)).toBe(0);
      expect((await call('GET', `/api/documents/${doc.id}/rows`, { token })).json.data).toEqual([]);
      expect((await call('GET', `/api/documents/${doc.id}/row-count`, { token })).json.data.row_count).toBe(0);
    } finally {
      await rt.stop();
    }
  }, 120_000);

  it('a stop in the middle of the writes resumes at the next start: the document ends complete, every row once', async () => {
    // Prepare: the writes hang from the 20th batch on, as a process killed mid-save leaves them.
    const first = await start();
    const doc = await pending(first);
    const { restore, reached } = faultAt(first, 20, () => new Promise<never>(() => undefined), true);
    void processDocument(first.ctx, doc.id, { log: () => undefined });
    await reached;
    const partial = await countRows(first.ctx, doc.id);
    expect(partial).toBeGreaterThanOrEqual(400);
    expect(partial).toBeLessThan(VOCI);
    expect(await getDocument(first.ctx, doc.id)).toMatchObject({ status: 'processing' });
    restore();
    await first.stop();
    // Act
    const second = await start();
    try {
      const token = await loginAs(second.url, 'admin', ADMIN_PASSWORD);
      const after = await waitForAnalysis(second.url, token, doc.id, 120_000);
      // Assess
      expect(after).toMatchObject({ status: 'completed', row_count: VOCI, status_reason: null });
      const rows = (await apiClient(second.url)('GET', `/api/documents/${doc.id}/rows`, { token })).json.data;
      expect(rows).toHaveLength(VOCI);
      expect(new Set(rows.map((r: { attributes: { row_index: number } }) => r.attributes.row_index)).size).toBe(VOCI);
    } finally {
      await second.stop();
    }
  }, 240_000);

  it('a message delivered again after the run died mid-write (a killed Lambda) reads the document again', async () => {
    const rt = await start();
    try {
      // Prepare: the first run hangs from the 20th batch, as a Lambda killed mid-save.
      const doc = await pending(rt);
      const { restore, reached } = faultAt(rt, 20, () => new Promise<never>(() => undefined), true);
      void processDocument(rt.ctx, doc.id, { log: () => undefined });
      await reached;
      restore();
      const partial = await countRows(rt.ctx, doc.id);
      // Act: the queue delivers the message again, after longer than an analysis may run.
      const later = { ...rt.ctx, now: () => new Date(Date.now() + 20 * 60_000) };
      await processDocument(later, doc.id, { log: () => undefined });
      // Assess
      expect(partial).toBeLessThan(VOCI);
      expect(await getDocument(rt.ctx, doc.id)).toMatchObject({ status: 'completed', row_count: VOCI });
      expect(await countRows(rt.ctx, doc.id)).toBe(VOCI);
    } finally {
      await rt.stop();
    }
  }, 120_000);

  it('a run thought dead that wakes after a later run took its rows over stops, and removes nothing', async () => {
    const rt = await start();
    try {
      // Prepare: the first run is held at its 20th batch (a stalled process, not a dead one).
      const doc = await pending(rt);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { restore, reached } = faultAt(rt, 20, () => held.then(() => Promise.reject(new Error('stalled'))) as Promise<never>, false);
      const first = processDocument(rt.ctx, doc.id, { log: () => undefined });
      await reached;
      restore();
      // Act: the message is delivered again long after; that run reads and completes the document,
      // then the first run wakes up.
      const later = { ...rt.ctx, now: () => new Date(Date.now() + 20 * 60_000) };
      await processDocument(later, doc.id, { log: () => undefined });
      release();
      await first;
      // Assess
      expect(await getDocument(rt.ctx, doc.id)).toMatchObject({ status: 'completed', row_count: VOCI, status_reason: null });
      expect(await countRows(rt.ctx, doc.id)).toBe(VOCI);
    } finally {
      await rt.stop();
    }
  }, 120_000);
});
