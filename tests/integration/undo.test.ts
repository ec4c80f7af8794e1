/**
 * Issue 26, "Annulla": every edit, merge, delete and bulk typology change of a document is kept
 * on the server and undone exactly (the rows compared field by field), the last 20 of them, all
 * or nothing, once per operation even when two undos arrive together, and across a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { listRows, type RowRecord } from '../../functions/storage/repositories/rows.ts';
import { changeRow } from '../../functions/services/row-writes.ts';
import { getDocument } from '../../functions/storage/repositories/documents.ts';
import { putBlob } from '../../functions/storage/blobs.ts';
import { NOT_LATEST_OPERATION, NOTHING_TO_UNDO, UNDO_COPY_CHANGED, UNDO_ROW_CHANGED } from '../../shared/domain/operations.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, REPO_ROOT } from '../support/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-undo-'));
const start = () => startLocalRuntime({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, webDir: path.join(REPO_ROOT, 'web/dist') });
let rt: LocalRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;
let mario: string;
let owner: { id: number; username: string };
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

beforeAll(async () => {
  rt = await start();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const created = await call('POST', '/api/admin/users', { token: admin, body: { username: 'mario.annulla', password: 'password-di-prova' } });
  owner = { id: Number(created.json.data.id ?? created.json.data.attributes?.id), username: 'mario.annulla' };
  mario = await loginAs(rt.url, owner.username, 'password-di-prova');
}, 60_000);
afterAll(async () => {
  await rt?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A document of `count` rows owned by mario. */
const seed = (count: number) => seedBigDocument(rt.ctx, owner, count, ['TOS25_01.A03.001', 'TOS25_01.A03.002']);

/** The rows as the user sees them: every value, without the versions that count the writes. */
const values = (rows: RowRecord[]) => rows.map(({ version: _v, field_versions: _f, same_as_version: _s, ...rest }) => rest);
async function snapshot(docId: number) {
  const doc = (await getDocument(rt.ctx, docId))!;
  return { rows: values(await listRows(rt.ctx, docId)), sum_totale: doc.sum_totale, document_total_db: doc.document_total_db, row_count: doc.row_count };
}
const rowAt = async (docId: number, index: number) => (await listRows(rt.ctx, docId)).find((r) => r.row_index === index)!;

describe('each operation undone exactly', () => {
  it('an edit, a merge, a delete, a bulk typology change, a bulk delete and a re-price each leave the rows and totals as they were', async () => {
    // Prepare
    const docId = await seed(12);
    const original = await snapshot(docId);
    const [r1, r2, r3, r5, r6, r7, r8, r9, r10, r11] = await Promise.all([1, 2, 3, 5, 6, 7, 8, 9, 10, 11].map((i) => rowAt(docId, i)));
    const operations: Array<{ run: () => Promise<{ status: number; json: any }>; descrizione: string }> = [
      { run: () => call('PUT', `/api/rows/${r3.id}`, { token: mario, body: { descrizione: 'nuova', quantita: '5,00' } }), descrizione: 'Modifica della riga 3' },
      { run: () => call('POST', '/api/rows/merge', { token: mario, body: { first_row_id: r5.id, second_row_id: r6.id, articolo: 'seconda' } }), descrizione: 'Unione delle righe 5 e 6' },
      { run: () => call('DELETE', `/api/rows/${r7.id}`, { token: mario }), descrizione: 'Eliminazione della riga 7' },
      {
        run: () => call('POST', '/api/rows/update-tipologia-dei', { token: mario, body: { row_ids: [r8.id, r9.id, r10.id], tipologia_dei: 'impianti_elettrici' } }),
        descrizione: 'Tipologia DEI di 3 righe',
      },
      // The selection deleted at once: one operation, undone all together.
      { run: () => call('POST', '/api/rows/delete', { token: mario, body: { row_ids: [r11.id, r1.id, r2.id] } }), descrizione: 'Eliminazione di 3 righe' },
      // "Aggiorna Prezzi": no list priced these codes, so each row gets the reason it has no price.
      { run: () => call('POST', `/api/documents/${docId}/update-total`, { token: mario, body: { refresh: true } }), descrizione: 'Aggiornamento dei prezzi di 12 righe' },
    ];
    for (const { run, descrizione } of operations) {
      // Act
      const done = await run();
      expect(done.status).toBe(200);
      const recorded = done.json.meta?.operation ?? done.json.data.operation;
      expect(recorded.descrizione).toBe(descrizione);
      expect(await snapshot(docId)).not.toEqual(original);
      const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
      expect(listed.json.data[0]).toMatchObject({ id: recorded.id, descrizione, utente: owner.username });
      const undone = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: { operation_id: recorded.id } });

      // Assess
      expect(undone.status).toBe(200);
      expect(undone.json.data.message).toBe(`Operazione annullata: ${descrizione}`);
      expect(await snapshot(docId)).toEqual(original);
      expect(undone.json.meta.document.sum_totale).toBe(original.sum_totale);
    }
    expect((await call('GET', `/api/documents/${docId}/operations`, { token: mario })).json.data).toEqual([]);
  });
});

describe('the last 20 operations', () => {
  it('21 edits, then 20 undos bring back all but the first; the 21st undo says there is nothing left', async () => {
    // Prepare: two edits of the same row among them (undo after undo on one row)
    const docId = await seed(21);
    const original = await snapshot(docId);
    const rows = await listRows(rt.ctx, docId);
    for (let i = 0; i < 21; i++) {
      const row = i === 20 ? rows[19] : rows[i];
      const res = await call('PUT', `/api/rows/${row.id}`, { token: mario, body: { descrizione: `modifica ${i + 1}` } });
      expect(res.status).toBe(200);
    }
    expect((await call('GET', `/api/documents/${docId}/operations`, { token: mario })).json.data).toHaveLength(20);

    // Act
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} })).status);
    const last = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} });

    // Assess
    expect(statuses).toEqual(Array(20).fill(200));
    expect(last.status).toBe(409);
    expect(detail(last)).toBe(NOTHING_TO_UNDO);
    const now = await snapshot(docId);
    expect(now.rows[0].descrizione).toBe('modifica 1');
    expect(now.rows.slice(1)).toEqual(original.rows.slice(1));
  });
});

describe('a row changed after the operation', () => {
  it('refuses the undo with 409 and changes nothing, even for the rows of it still untouched', async () => {
    // Prepare: a bulk change of three rows, then another writer changes one of them
    // outside the journal (as a price suggestion or a settings change does).
    const docId = await seed(6);
    const [a, b, c] = await Promise.all([2, 3, 4].map((i) => rowAt(docId, i)));
    const bulk = await call('POST', '/api/rows/update-tipologia-dei', { token: mario, body: { row_ids: [a.id, b.id, c.id], tipologia_dei: 'impianti_elettrici' } });
    expect(bulk.status).toBe(200);
    await changeRow(rt.ctx, await rowAt(docId, 4), (r) => ({ ...r, descrizione: 'cambiata da un altro utente' }));
    const before = await listRows(rt.ctx, docId);

    // Act
    const refused = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: { operation_id: bulk.json.meta.operation.id } });
    const edited = await call('PUT', `/api/rows/${a.id}`, { token: admin, body: { descrizione: 'modifica dell\u2019amministratore' } });
    const notLatest = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: { operation_id: bulk.json.meta.operation.id } });

    // Assess
    expect(refused.status).toBe(409);
    expect(detail(refused)).toBe(UNDO_ROW_CHANGED);
    expect(edited.status).toBe(200);
    expect(notLatest.status).toBe(409);
    expect(detail(notLatest)).toBe(NOT_LATEST_OPERATION);
    const after = await listRows(rt.ctx, docId);
    expect(after.filter((r) => r.id !== a.id)).toEqual(before.filter((r) => r.id !== a.id));
    expect(after.find((r) => r.id === b.id)!.tipologia_dei).toBe('impianti_elettrici');
  });
});

describe('two undos at once', () => {
  it('undo two different operations, or one and a 409: never the same one twice', async () => {
    // Prepare
    const docId = await seed(4);
    const original = await snapshot(docId);
    const [a, b] = await Promise.all([1, 2].map((i) => rowAt(docId, i)));
    const first = await call('PUT', `/api/rows/${a.id}`, { token: mario, body: { descrizione: 'prima' } });
    const second = await call('PUT', `/api/rows/${b.id}`, { token: mario, body: { descrizione: 'seconda' } });

    // Act
    const same = await Promise.all([1, 2].map(() => call('POST', `/api/documents/${docId}/undo`, { token: mario, body: { operation_id: second.json.meta.operation.id } })));
    const any = await Promise.all([1, 2].map(() => call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} })));

    // Assess: the guarded pair undoes the second edit once; the free pair at most the first edit once.
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    const undone = [...same, ...any].filter((r) => r.status === 200).map((r) => r.json.data.operation.id);
    expect(new Set(undone).size).toBe(undone.length);
    expect(undone).toContain(second.json.meta.operation.id);
    expect(any.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const now = await snapshot(docId);
    expect(now.rows[1]).toEqual(original.rows[1]);
    expect(now.rows[0].descrizione).toBe(undone.includes(first.json.meta.operation.id) ? original.rows[0].descrizione : 'prima');
  });
});

describe('after a restart', () => {
  it('the journal is still there and the merge is undone', async () => {
    // Prepare
    const docId = await seed(4);
    const original = await snapshot(docId);
    const [a, b] = await Promise.all([2, 3].map((i) => rowAt(docId, i)));
    const merged = await call('POST', '/api/rows/merge', { token: mario, body: { first_row_id: a.id, second_row_id: b.id, articolo: 'seconda' } });
    expect(merged.status).toBe(200);
    await rt.stop();

    // Act
    rt = await start();
    call = apiClient(rt.url);
    const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
    const undone = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} });

    // Assess
    expect(listed.json.data.map((o: { descrizione: string }) => o.descrizione)).toEqual(['Unione delle righe 2 e 3']);
    expect(undone.status).toBe(200);
    expect(await snapshot(docId)).toEqual(original);
  }, 60_000);
});

describe('a bulk delete', () => {
  it('is one operation; a row already gone is reported, and the undo brings back exactly the rows it deleted', async () => {
    // Prepare: one of the chosen rows is deleted by someone else first.
    const docId = await seed(8);
    const rows = await listRows(rt.ctx, docId);
    const gone = await call('DELETE', `/api/rows/${rows[4].id}`, { token: admin });
    expect(gone.status).toBe(200);
    const beforeBulk = await snapshot(docId);
    const chosen = [rows[1].id, rows[4].id, rows[6].id, rows[2].id];

    // Act
    const bulk = await call('POST', '/api/rows/delete', { token: mario, body: { row_ids: chosen } });
    const afterBulk = await snapshot(docId);
    const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
    const undone = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: { operation_id: bulk.json.meta.operation.id } });

    // Assess
    expect(bulk.status).toBe(200);
    expect(bulk.json.data).toMatchObject({ deleted: [rows[1].id, rows[2].id, rows[6].id], not_found: [rows[4].id], message: 'Righe eliminate: 3' });
    expect(afterBulk.row_count).toBe(4);
    expect(afterBulk.sum_totale).toBe(beforeBulk.sum_totale! - [1, 2, 6].reduce((s, i) => s + rows[i].totale!, 0));
    expect(listed.json.data.map((o: { descrizione: string }) => o.descrizione).slice(0, 2)).toEqual(['Eliminazione di 3 righe', 'Eliminazione della riga 5']);
    expect(undone.status).toBe(200);
    expect(await snapshot(docId)).toEqual(beforeBulk);
  });
});

describe('a duplication', () => {
  it('is undone by deleting the copy, and refused once the copy was edited', async () => {
    // Prepare
    const docId = await seed(5);
    // A duplication copies the original file along: the seeded document gets one.
    await putBlob(rt.ctx, `documents/${docId}/original.pdf`, Buffer.from('%PDF-1.4\n'), 'application/pdf');
    const original = await snapshot(docId);
    const rows = await listRows(rt.ctx, docId);
    const duplicate = () => call('POST', `/api/documents/${docId}/duplicate-rows`, { token: mario, body: { row_ids: [rows[1].id, rows[3].id], new_title: 'Copia di prova' } });
    const first = await duplicate();
    const second = await duplicate();
    const edited = await call('PUT', `/api/rows/${(await listRows(rt.ctx, second.json.data.new_document_id))[0].id}`, { token: mario, body: { descrizione: 'modificata nella copia' } });
    expect([first.status, second.status, edited.status]).toEqual([201, 201, 200]);

    // Act
    const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
    const refused = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} });
    await call('DELETE', `/api/documents/${second.json.data.new_document_id}`, { token: mario });
    const stillRefused = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} });

    // Assess: the latest duplication's copy was edited (then deleted): its undo is refused and changes nothing.
    expect(listed.json.data.map((o: { descrizione: string }) => o.descrizione)).toEqual(['Duplicazione di 2 righe in un nuovo documento', 'Duplicazione di 2 righe in un nuovo documento']);
    expect([refused.status, detail(refused)]).toEqual([409, UNDO_COPY_CHANGED]);
    expect([stillRefused.status, detail(stillRefused)]).toEqual([409, UNDO_COPY_CHANGED]);
    expect(await snapshot(docId)).toEqual(original);

    // The first duplication, once the refused one is no longer the latest, cannot be reached
    // past it: the journal undoes the latest only. A fresh duplication is undone.
    const third = await duplicate();
    const copyId = third.json.data.new_document_id;
    const undone = await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: { operation_id: (await call('GET', `/api/documents/${docId}/operations`, { token: mario })).json.data[0].id } });
    expect(undone.status).toBe(200);
    expect(undone.json.data.message).toBe('Operazione annullata: Duplicazione di 2 righe in un nuovo documento');
    expect((await call('GET', `/api/documents/${copyId}`, { token: mario })).status).toBe(404);
    expect(await listRows(rt.ctx, copyId)).toEqual([]);
    expect((await call('GET', `/api/documents/${first.json.data.new_document_id}`, { token: mario })).status).toBe(200);
    expect(await snapshot(docId)).toEqual(original);
  });
});

describe('a journal written before the operation counter', () => {
  it('gets the next number after its last operation, and both stay undoable in order', async () => {
    // Prepare: an edit, then the counter item removed, as in a journal kept before it existed.
    const docId = await seed(3);
    const original = await snapshot(docId);
    const [a, b] = await Promise.all([1, 2].map((i) => rowAt(docId, i)));
    expect((await call('PUT', `/api/rows/${a.id}`, { token: mario, body: { descrizione: 'prima' } })).status).toBe(200);
    await rt.ctx.db.send(new DeleteCommand({ TableName: rt.ctx.table('rows'), Key: { document_id: -docId, row_index: 0 } }));

    // Act
    const second = await call('PUT', `/api/rows/${b.id}`, { token: mario, body: { descrizione: 'seconda' } });
    const listed = await call('GET', `/api/documents/${docId}/operations`, { token: mario });
    const undos = [];
    for (let i = 0; i < 2; i++) undos.push((await call('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} })).status);

    // Assess
    expect(second.status).toBe(200);
    expect(listed.json.data.map((o: { descrizione: string }) => o.descrizione)).toEqual(['Modifica della riga 2', 'Modifica della riga 1']);
    expect(undos).toEqual([200, 200]);
    expect(await snapshot(docId)).toEqual(original);
  });
});
