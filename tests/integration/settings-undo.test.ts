/**
 * Issue 26, "Annulla" of a change of province or typology: the document's settings and every row
 * come back exactly (field by field) with the totals; an undo is refused while a row was changed
 * since, or while the change still runs; a change cut short by a stop and finished at the next
 * start is undone, and so is an undo cut short (finished at the next start); of two undos sent
 * together, one wins.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../functions/config/context.ts';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { listRows, type RowRecord } from '../../functions/storage/repositories/rows.ts';
import { getDocument, updateDocument } from '../../functions/storage/repositories/documents.ts';
import { changeRow } from '../../functions/services/row-writes.ts';
import { changeSettings } from '../../functions/services/document-operations.ts';
import { undoLatest } from '../../functions/services/undo.ts';
import { DOCUMENT_OPERATION_RUNNING, NOT_LATEST_OPERATION, NOTHING_TO_UNDO, UNDO_ROW_CHANGED } from '../../shared/domain/operations.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { importLuccaList, tuscanItemsOf } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, REPO_ROOT } from '../support/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-settings-undo-'));
const start = () => startLocalRuntime({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, webDir: path.join(REPO_ROOT, 'web/dist') });
const codes = tuscanItemsOf('primus_medium.pdf').map((i) => i.codice);
const OLD = 'nuove_costruzioni';
const NEW = 'ristrutturazione_manutenzione';
let rt: LocalRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;
let mario: string;
let owner: { id: number; username: string };
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

async function restart() {
  await rt.stop();
  rt = await start();
  call = apiClient(rt.url);
}

beforeAll(async () => {
  rt = await start();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, admin, tuscanItemsOf('primus_medium.pdf'));
  const created = await call('POST', '/api/admin/users', { token: admin, body: { username: 'mario.impostazioni', password: 'password-di-prova' } });
  owner = { id: Number(created.json.data.id ?? created.json.data.attributes?.id), username: 'mario.impostazioni' };
  mario = await loginAs(rt.url, owner.username, 'password-di-prova');
}, 120_000);
afterAll(async () => {
  await rt?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A document of `count` unpriced rows on OLD, owned by mario; one row typed by hand on another typology. */
async function seed(count: number): Promise<number> {
  const id = await seedBigDocument(rt.ctx, owner, count, codes);
  const [, second] = await listRows(rt.ctx, id);
  await changeRow(rt.ctx, second, (r) => ({ ...r, tipologia_dei: 'impianti_tecnologici' }));
  return id;
}

/** The rows as the user sees them: every value, without the versions that count the writes. */
const values = (rows: RowRecord[]) => rows.map(({ version: _v, field_versions: _f, same_as_version: _s, ...rest }) => rest);
async function snapshot(docId: number) {
  const doc = (await getDocument(rt.ctx, docId))!;
  return {
    settings: { provincia: doc.provincia, tipologia_dei: doc.tipologia_dei, operation: doc.operation ?? null },
    rows: values(await listRows(rt.ctx, docId)),
    sum_totale: doc.sum_totale,
    document_total_db: doc.document_total_db,
    row_count: doc.row_count,
  };
}
const typologies = async (docId: number) => [...new Set((await listRows(rt.ctx, docId)).map((r) => r.tipologia_dei))].sort();
const settings = (docId: number, tipologia_dei = NEW) => call('PUT', `/api/documents/${docId}/settings`, { token: mario, body: { provincia: 'LU', tipologia_dei } });
const undo = (docId: number, operationId?: string) => call('POST', `/api/documents/${docId}/undo`, { token: mario, body: operationId ? { operation_id: operationId } : {} });

/**
 * The app's context with a stop injected: the `failAt`-th transaction of rows (a bulk write)
 * fails as if the process had stopped there; nothing after it is written by this call.
 */
function stoppingAt(ctx: AppContext, failAt: number): AppContext {
  let transactions = 0;
  const send = (command: Parameters<AppContext['db']['send']>[0]) => {
    if (command instanceof TransactWriteCommand && ++transactions >= failAt) return Promise.reject(new Error('arresto simulato'));
    return ctx.db.send(command);
  };
  return { ...ctx, db: { ...ctx.db, send } as AppContext['db'] };
}

describe('a settings change undone', () => {
  it('brings back the settings, every row field by field and the totals', async () => {
    // Prepare
    const docId = await seed(60);
    const original = await snapshot(docId);

    // Act
    const changed = await settings(docId);
    const afterChange = await snapshot(docId);
    const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
    const undone = await undo(docId, changed.json.data.operation?.id);

    // Assess
    expect(changed.status).toBe(200);
    expect(changed.json.data.operation.descrizione).toBe('Cambio di provincia e tipologia del documento (60 righe)');
    expect(afterChange.settings.tipologia_dei).toBe(NEW);
    expect(afterChange.document_total_db).not.toBe(original.document_total_db);
    expect(listed.json.data[0]).toMatchObject({ id: changed.json.data.operation.id, tipo: 'impostazioni', utente: owner.username });
    expect(undone.status).toBe(200);
    expect(undone.json.data.message).toBe('Operazione annullata: Cambio di provincia e tipologia del documento (60 righe)');
    expect(undone.json.meta.document.tipologia_dei).toBe(OLD);
    expect(await snapshot(docId)).toEqual(original);
    expect((await call('GET', `/api/documents/${docId}/operations`, { token: mario })).json.data).toEqual([]);
  });

  it('two changes in a row are undone one after the other', async () => {
    // Prepare
    const docId = await seed(30);
    const original = await snapshot(docId);
    const first = await settings(docId, NEW);
    const middle = await snapshot(docId);
    const second = await settings(docId, 'impianti_tecnologici');

    // Act
    const undoneSecond = await undo(docId, second.json.data.operation.id);
    const afterFirstUndo = await snapshot(docId);
    const undoneFirst = await undo(docId, first.json.data.operation.id);

    // Assess
    expect([first.status, second.status, undoneSecond.status, undoneFirst.status]).toEqual([200, 200, 200, 200]);
    expect(afterFirstUndo).toEqual(middle);
    expect(await snapshot(docId)).toEqual(original);
  });
});

describe('an undo that cannot be done', () => {
  it('is refused with 409 while a row was changed since the change, and changes nothing', async () => {
    // Prepare: the change, then another writer edits one row outside the journal; then a journaled edit.
    const docId = await seed(20);
    const changed = await settings(docId);
    const row = (await listRows(rt.ctx, docId))[5];
    await changeRow(rt.ctx, row, (r) => ({ ...r, descrizione: 'cambiata da un altro utente' }));
    const before = await snapshot(docId);

    // Act
    const refused = await undo(docId, changed.json.data.operation.id);
    const edited = await call('PUT', `/api/rows/${row.id}`, { token: mario, body: { quantita: '3,00' } });
    const notLatest = await undo(docId, changed.json.data.operation.id);

    // Assess
    expect([refused.status, detail(refused)]).toEqual([409, UNDO_ROW_CHANGED]);
    expect(edited.status).toBe(200);
    expect([notLatest.status, detail(notLatest)]).toEqual([409, NOT_LATEST_OPERATION]);
    const now = await snapshot(docId);
    expect(now.settings).toEqual(before.settings);
    expect(now.rows.filter((r) => r.id !== row.id)).toEqual(before.rows.filter((r) => r.id !== row.id));
    expect(await typologies(docId)).toEqual(['impianti_tecnologici', NEW]);
  });

  it('is refused with 409 while a settings change still runs on the document', async () => {
    // Prepare: an edit to undo, and a settings change recorded as running.
    const docId = await seed(5);
    const row = (await listRows(rt.ctx, docId))[0];
    expect((await call('PUT', `/api/rows/${row.id}`, { token: mario, body: { descrizione: 'modificata' } })).status).toBe(200);
    await updateDocument(rt.ctx, docId, { operation: { kind: 'settings', id: 'in-corso', started_at: rt.ctx.now().toISOString(), provincia: 'LU', tipologia_dei: NEW, from: [OLD] } });

    // Act
    const refused = await undo(docId);

    // Assess
    expect([refused.status, detail(refused)]).toEqual([409, DOCUMENT_OPERATION_RUNNING]);
    expect((await listRows(rt.ctx, docId))[0].descrizione).toBe('modificata');
    await updateDocument(rt.ctx, docId, { operation: null });
  });
});

describe('two undos of one settings change sent together', () => {
  it('one undoes it, the other gets 409, and the rows are as before the change', async () => {
    // Prepare
    const docId = await seed(40);
    const original = await snapshot(docId);
    const changed = await settings(docId);

    // Act
    const answers = await Promise.all([1, 2].map(() => undo(docId, changed.json.data.operation.id)));

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await snapshot(docId)).toEqual(original);
  });
});

describe('two settings changes sent together', () => {
  it('are undone back to the document as it was before both (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      // Prepare
      const docId = await seed(150);
      const original = await snapshot(docId);
      const answers = await Promise.all([settings(docId, NEW), settings(docId, 'impianti_tecnologici')]);

      // Act: undo until there is nothing left.
      const undos: Array<{ status: number; json: any }> = [];
      while (undos.length < 4 && undos.at(-1)?.status !== 409) undos.push(await undo(docId));

      // Assess
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(undos.slice(0, -1).map((u) => u.status)).toEqual(Array(undos.length - 1).fill(200));
      expect(detail(undos.at(-1)!), `round ${round}`).toBe(NOTHING_TO_UNDO);
      expect(await snapshot(docId), `round ${round}`).toEqual(original);
    }
  }, 120_000);
});

describe('stops', () => {
  it('a change cut short and finished at the next start is undone; so is an undo cut short', async () => {
    // Prepare: a 500-row change stopped at its third transaction of rows, then a restart.
    const docId = await seed(500);
    const original = await snapshot(docId);
    const doc = (await getDocument(rt.ctx, docId))!;
    await expect(changeSettings(stoppingAt(rt.ctx, 3), doc, { provincia: 'LU', tipologia_dei: NEW }, owner.username)).rejects.toThrow('arresto simulato');
    const cutShort = await snapshot(docId);
    await restart();
    const finished = await snapshot(docId);
    const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
    const principal = { id: owner.id, username: owner.username, role: 'redattore' as const, via: 'session' as const };

    // Act: the undo stopped at its second transaction of rows, then a restart.
    await expect(undoLatest(stoppingAt(rt.ctx, 2), principal, docId)).rejects.toThrow('arresto simulato');
    const undoCutShort = await snapshot(docId);
    const refusedMeanwhile = await settings(docId, 'impianti_tecnologici');
    // Meanwhile another writer edits a row the undo has not put back yet.
    const notYet = (await listRows(rt.ctx, docId)).find((r) => r.tipologia_dei === NEW)!;
    await changeRow(rt.ctx, notYet, (r) => ({ ...r, descrizione: 'scritta durante l\u2019annullamento' }));
    await restart();

    // Assess
    expect(cutShort.settings.operation).toMatchObject({ kind: 'settings', tipologia_dei: NEW });
    expect(new Set(cutShort.rows.map((r) => r.tipologia_dei))).toEqual(new Set([OLD, NEW, 'impianti_tecnologici']));
    expect(finished.settings).toEqual({ provincia: 'LU', tipologia_dei: NEW, operation: null });
    expect(new Set(finished.rows.map((r) => r.tipologia_dei))).toEqual(new Set([NEW, 'impianti_tecnologici']));
    expect(listed.json.data[0]).toMatchObject({ tipo: 'impostazioni', descrizione: 'Cambio di provincia e tipologia del documento (500 righe)' });
    expect(undoCutShort.settings).toMatchObject({ tipologia_dei: OLD, operation: { kind: 'undo' } });
    expect(new Set(undoCutShort.rows.map((r) => r.tipologia_dei)).size).toBe(3);
    expect(refusedMeanwhile.status).toBe(409);
    const end = await snapshot(docId);
    const without = (rows: typeof end.rows) => rows.filter((r) => r.id !== notYet.id);
    expect({ ...end, rows: without(end.rows) }).toEqual({ ...original, rows: without(original.rows) });
    // The edited row keeps the edit and is back on the old typology with its old price fields.
    const { descrizione, ...edited } = end.rows.find((r) => r.id === notYet.id)!;
    const { descrizione: _d, ...was } = original.rows.find((r) => r.id === notYet.id)!;
    expect([descrizione, edited]).toEqual(['scritta durante l\u2019annullamento', was]);
    expect((await call('GET', `/api/documents/${docId}/operations`, { token: mario })).json.data).toEqual([]);
  }, 120_000);
});
