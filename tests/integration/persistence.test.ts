import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import { apiClient, loginAs, REPO_ROOT } from '../support/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-persist-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = (adminPassword?: string) =>
  startLocalRuntime({ port: 0, dataDir, adminPassword, webDir: path.join(REPO_ROOT, 'web/dist') });

describe('a second start on the same DATA_DIR', () => {
  it('keeps users, keys and sessions, and does not seed the admin again', async () => {
    // Prepare: first start with a random admin password, printed once.
    const first = await start();
    expect(first.seed.adminPassword).toMatch(/^[\w-]{12,}$/);
    const admin = await loginAs(first.url, 'admin', first.seed.adminPassword!);
    await apiClient(first.url)('POST', '/api/admin/users', { token: admin, body: { username: 'persistente', password: 'password-di-prova' } });
    await first.stop();

    // Act
    const second = await start('ignored-now');
    try {
      // Assess
      expect(second.seed.adminPassword).toBeUndefined();
      const call = apiClient(second.url);
      expect((await call('GET', '/api/auth/user', { token: admin })).status).toBe(200);
      await loginAs(second.url, 'persistente', 'password-di-prova');
      await loginAs(second.url, 'admin', first.seed.adminPassword!);
      const tipologie = await call('GET', '/api/tipologie-dei', { token: admin });
      expect(tipologie.json.meta['total-count']).toBe(6);
    } finally {
      await second.stop();
    }
  });
});

describe('temporary files', () => {
  it('are swept after a day, as the S3 lifecycle rule does in the cloud', async () => {
    const { startTestRuntime } = await import('../support/runtime.ts');
    const { sweepTemporaryFiles } = await import('../../infra/local/runtime.ts');
    const { putBlob, headBlob } = await import('../../functions/storage/blobs.ts');
    const rt = await startTestRuntime();
    try {
      await putBlob(rt.ctx, 'tmp/imports/vecchio.json.gz', new Uint8Array([1]), 'application/gzip');
      await putBlob(rt.ctx, 'documents/9/original.pdf', new Uint8Array([1]), 'application/pdf');
      expect(await sweepTemporaryFiles(rt.ctx)).toBe(0);
      rt.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
      expect(await sweepTemporaryFiles(rt.ctx)).toBe(1);
      expect(await headBlob(rt.ctx, 'tmp/imports/vecchio.json.gz')).toBeUndefined();
      expect(await headBlob(rt.ctx, 'documents/9/original.pdf')).toBeDefined();
    } finally {
      rt.setNow(null);
      await rt.close();
    }
  });
});
