/**
 * Issue 26: a settings change cut short (the process stopped after the document took the new
 * typology and before its rows did) is finished by a restart, and by the same request sent again.
 * The interruption is the state a stop leaves, written to the tables: the document on the new
 * typology with the operation recorded, every row still on the old one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { getDocument, updateDocument } from '../../functions/storage/repositories/documents.ts';
import { listRows } from '../../functions/storage/repositories/rows.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { tuscanItemsOf } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, REPO_ROOT } from '../support/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-resume-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const start = () => startLocalRuntime({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, webDir: path.join(REPO_ROOT, 'web/dist') });
const codes = tuscanItemsOf('primus_medium.pdf').map((i) => i.codice);
const OLD = 'nuove_costruzioni';
const NEW = 'ristrutturazione_manutenzione';

/** A 300-row document whose settings change stopped after the document and before the rows. */
async function interruptedSettings(rt: LocalRuntime): Promise<number> {
  const id = await seedBigDocument(rt.ctx, { id: 1, username: 'admin' }, 300, codes);
  await updateDocument(rt.ctx, id, {
    tipologia_dei: NEW,
    operation: { kind: 'settings', id: 'interrotta', started_at: rt.ctx.now().toISOString(), provincia: 'LU', tipologia_dei: NEW, from: [OLD] },
  });
  return id;
}

const typologies = async (rt: LocalRuntime, id: number) => [...new Set((await listRows(rt.ctx, id)).map((r) => r.tipologia_dei))];

describe('a settings change cut short', () => {
  it('is realigned by the same request sent again', async () => {
    const rt = await start();
    try {
      // Prepare
      const id = await interruptedSettings(rt);
      expect(await typologies(rt, id)).toEqual([OLD]);
      const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
      // Act
      const res = await apiClient(rt.url)('PUT', `/api/documents/${id}/settings`, { token, body: { provincia: 'LU', tipologia_dei: NEW } });
      // Assess
      expect(res.status).toBe(200);
      expect(await typologies(rt, id)).toEqual([NEW]);
      expect((await getDocument(rt.ctx, id))?.operation).toBeNull();
    } finally {
      await rt.stop();
    }
  }, 120_000);

  it('is finished by the next start', async () => {
    // Prepare
    const first = await start();
    const id = await interruptedSettings(first);
    await first.stop();
    // Act
    const second = await start();
    try {
      // Assess
      expect(await typologies(second, id)).toEqual([NEW]);
      const doc = await getDocument(second.ctx, id);
      expect(doc?.operation).toBeNull();
      expect(doc?.row_count).toBe(300);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
