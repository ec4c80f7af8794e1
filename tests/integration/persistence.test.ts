import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import { apiClient, loginAs, REPO_ROOT } from '../support/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-persist-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = (adminPassword?: string) =>
  startLocalRuntime({ port: 0, dataDir, adminPassword, webDir: path.join(REPO_ROOT, 'web/dist'), log: () => undefined });

describe('a second start on the same DATA_DIR', () => {
  it('keeps users, keys and sessions, and does not seed the admin again', async () => {
    // Prepare: first start with a random admin password, printed once.
    const first = await start();
    expect(first.seed.adminPassword).toMatch(/^[\w-]{12,}$/);
    const admin = await loginAs(first.url, 'admin', first.seed.adminPassword!);
    await apiClient(first.url)('POST', '/api/admin/users', { token: admin, body: { username: 'persistente', password: 'password1' } });
    await first.stop();

    // Act
    const second = await start('ignored-now');
    try {
      // Assess
      expect(second.seed.adminPassword).toBeUndefined();
      const call = apiClient(second.url);
      expect((await call('GET', '/api/auth/user', { token: admin })).status).toBe(200);
      await loginAs(second.url, 'persistente', 'password1');
      await loginAs(second.url, 'admin', first.seed.adminPassword!);
      const tipologie = await call('GET', '/api/tipologie-dei', { token: admin });
      expect(tipologie.json.meta['total-count']).toBe(6);
    } finally {
      await second.stop();
    }
  });
});
