/**
 * Issue 26: no acknowledged write is lost when several people work on one computo. Re-pricing
 * a 5,000-row document while edits, merges and deletes arrive; two editors of one row; If-Match;
 * a delete while the analysis writes rows; `processing` set by hand. All on the real local parts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../functions/config/context.ts';
import { createDocument } from '../../functions/services/documents.ts';
import { processDocument } from '../../functions/worker/analysis.ts';
import { getDocument } from '../../functions/storage/repositories/documents.ts';
import { countRows, listRows } from '../../functions/storage/repositories/rows.ts';
import { ROW_CHANGED_BY_OTHER, ROW_VERSION_STALE } from '../../shared/domain/row-versions.ts';
import { PROCESSING_BY_HAND } from '../../functions/services/document-operations.ts';
import { corpusData } from '../support/corpus.ts';
import { importLuccaList, tuscanItemsOf } from '../support/price-lists.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;
const admin = { id: 1, username: 'admin', role: 'amministratore' as const, via: 'session' as const };
const codes = tuscanItemsOf('primus_medium.pdf').map((i) => i.codice);
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;
const round2 = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, token, tuscanItemsOf('primus_medium.pdf'));
}, 120_000);
afterAll(async () => rt?.close());

/** Runs `tasks` with `clients` of them in flight at once. */
async function inParallel(tasks: Array<() => Promise<void>>, clients: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < tasks.length) await tasks[next++]();
  }));
}

describe('a 5,000-row document re-priced while edits, merges and deletes arrive', () => {
  it('keeps every acknowledged edit, merge and delete, and its counts equal its rows', async () => {
    // Prepare: 5,000 unpriced rows, so the re-price writes every one of them.
    const docId = await seedBigDocument(rt.ctx, admin, 5000, codes);
    const rows = await listRows(rt.ctx, docId);
    const at = (index: number) => rows[index - 1];
    const edits: Array<{ id: number; descrizione: string }> = [];
    const merges: Array<{ first: number; second: number; quantita: number | null }> = [];
    const deletes: number[] = [];
    const duringReprice: string[] = [];
    let repricing = true;
    const tasks: Array<() => Promise<void>> = [];
    // 60 writes spread over the document: enough to land many during the re-price (asserted below).
    for (let base = 0; base < 5000; base += 250) {
      const edited = at(base + 5);
      tasks.push(async () => {
        const descrizione = `modificata durante il ricalcolo ${edited.id}`;
        const res = await call('PUT', `/api/rows/${edited.id}`, { token, body: { descrizione } });
        expect(res.status).toBe(200);
        edits.push({ id: edited.id, descrizione });
        if (repricing) duringReprice.push('edit');
      });
      const [first, second] = [at(base + 11), at(base + 12)];
      tasks.push(async () => {
        const res = await call('POST', '/api/rows/merge', { token, body: { first_row_id: first.id, second_row_id: second.id, articolo: 'seconda' } });
        expect(res.status).toBe(200);
        merges.push({ first: first.id, second: second.id, quantita: second.quantita });
        if (repricing) duringReprice.push('merge');
      });
      const gone = at(base + 25);
      tasks.push(async () => {
        const res = await call('DELETE', `/api/rows/${gone.id}`, { token });
        expect(res.status).toBe(200);
        deletes.push(gone.id);
        if (repricing) duringReprice.push('delete');
      });
    }
    // Later rows first: the re-price writes in order, so these land before it reaches them.
    tasks.reverse();

    // Act: "Aggiorna Prezzi", and 60 writes by 6 clients while it runs.
    const reprice = call('POST', `/api/documents/${docId}/update-total`, { token, body: { refresh: true } }).finally(() => (repricing = false));
    await new Promise((r) => setTimeout(r, 100));
    await inParallel(tasks, 6);
    const repriced = await reprice;

    // Assess
    expect(repriced.status).toBe(200);
    const after = new Map((await listRows(rt.ctx, docId)).map((r) => [r.id, r]));
    expect(after.size).toBe(5000 - merges.length - deletes.length);
    for (const e of edits) expect(after.get(e.id)?.descrizione).toBe(e.descrizione);
    for (const id of deletes) expect(after.has(id)).toBe(false);
    for (const m of merges) {
      expect(after.has(m.second)).toBe(false);
      expect(after.get(m.first)?.quantita).toBe(m.quantita);
    }
    // The re-price reached every row as it is now, edited and merged ones too.
    expect([...after.values()].filter((r) => r.prezzo_db === null)).toEqual([]);
    const doc = await getDocument(rt.ctx, docId);
    expect(doc?.row_count).toBe(after.size);
    expect(doc?.sum_totale).toBe(round2([...after.values()].reduce((s, r) => s + (r.totale ?? 0), 0)));
    expect(doc?.document_total_db).toBe(round2([...after.values()].reduce((s, r) => s + (r.prezzo_totale_db ?? 0), 0)));
    // The writes did arrive while the re-price ran.
    expect(duringReprice.length).toBeGreaterThan(10);
  }, 400_000);
});

describe('settings changes and re-prices sent at the same time', () => {
  it('leave every row that follows the document on its final typology (5 rounds)', async () => {
    // Prepare: rows on the document's typology; three typologies to move between.
    const docId = await seedBigDocument(rt.ctx, admin, 400, codes);
    const order = ['ristrutturazione_manutenzione', 'impianti_tecnologici', 'nuove_costruzioni'];
    for (let round = 0; round < 5; round++) {
      // Act: two settings changes and a re-price, all in flight together.
      const answers = await Promise.all([
        call('PUT', `/api/documents/${docId}/settings`, { token, body: { provincia: 'LU', tipologia_dei: order[round % 3] } }),
        call('PUT', `/api/documents/${docId}/settings`, { token, body: { provincia: 'LU', tipologia_dei: order[(round + 1) % 3] } }),
        call('POST', `/api/documents/${docId}/update-total`, { token, body: { refresh: true } }),
      ]);
      // Assess: every request acknowledged, and no row left behind on a typology the document left.
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const doc = await getDocument(rt.ctx, docId);
      expect(doc?.operation ?? null).toBeNull();
      const left = [...new Set((await listRows(rt.ctx, docId)).map((r) => r.tipologia_dei))];
      expect(left, `round ${round}`).toEqual([doc?.tipologia_dei]);
    }
  }, 300_000);
});

describe('two editors of one row', () => {
  it('both keep their change when they edit different fields (20 times)', async () => {
    // Prepare
    const docId = await seedBigDocument(rt.ctx, admin, 20, codes);
    const rows = await listRows(rt.ctx, docId);
    for (const [k, row] of rows.entries()) {
      const read = await call('GET', `/api/rows/${row.id}`, { token });
      const base = read.json.data.attributes.version;
      // Act: the same version read by both, sent at the same moment.
      const [a, b] = await Promise.all([
        call('PUT', `/api/rows/${row.id}`, { token, body: { descrizione: `descrizione ${k}`, base_version: base } }),
        call('PUT', `/api/rows/${row.id}`, { token, body: { quantita: 100 + k, base_version: base } }),
      ]);
      // Assess
      expect([a.status, b.status]).toEqual([200, 200]);
      const now = (await call('GET', `/api/rows/${row.id}`, { token })).json.data.attributes;
      expect(now).toMatchObject({ descrizione: `descrizione ${k}`, quantita: 100 + k, version: base + 2 });
    }
  }, 60_000);

  it('one gets 200 and the other 409 with the Italian message when both edit the same field', async () => {
    // Prepare
    const docId = await seedBigDocument(rt.ctx, admin, 10, codes);
    for (const row of await listRows(rt.ctx, docId)) {
      const base = (await call('GET', `/api/rows/${row.id}`, { token })).json.data.attributes.version;
      // Act
      const answers = await Promise.all(['Anna', 'Bruno'].map((who) => call('PUT', `/api/rows/${row.id}`, { token, body: { descrizione: `scritta da ${who}`, base_version: base } })));
      // Assess
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const [won, lost] = answers[0].status === 200 ? answers : [answers[1], answers[0]];
      expect(detail(lost)).toBe(ROW_CHANGED_BY_OTHER);
      const now = (await call('GET', `/api/rows/${row.id}`, { token })).json.data.attributes;
      expect(now.descrizione).toBe(won.json.data.attributes.descrizione);
    }
  }, 60_000);
});

describe('If-Match', () => {
  it('writes at the version named, answers the new ETag, and refuses a stale one with 412', async () => {
    // Prepare
    const [row] = await listRows(rt.ctx, await seedBigDocument(rt.ctx, admin, 2, codes));
    const read = await call('GET', `/api/rows/${row.id}`, { token });
    const etag = read.headers.get('etag')!;
    // Act
    const fresh = await call('PUT', `/api/rows/${row.id}`, { token, headers: { 'if-match': etag }, body: { quantita: 5 } });
    const stale = await call('PUT', `/api/rows/${row.id}`, { token, headers: { 'if-match': etag }, body: { quantita: 6 } });
    const staleDelete = await call('DELETE', `/api/rows/${row.id}`, { token, headers: { 'if-match': etag } });
    // Assess
    expect(etag).toBe(`"${read.json.data.attributes.version}"`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).toBe(`"${read.json.data.attributes.version + 1}"`);
    expect([stale.status, detail(stale)]).toEqual([412, ROW_VERSION_STALE]);
    expect(staleDelete.status).toBe(412);
    expect((await call('GET', `/api/rows/${row.id}`, { token })).json.data.attributes.quantita).toBe(5);
  });
});

/** A SIX computo (308 voci) waiting for analysis, not queued: the test runs the worker itself. */
async function pendingSix() {
  const ctx = { ...rt.ctx, config: { ...rt.ctx.config, enqueue: async () => undefined } };
  return createDocument(ctx, admin, { bytes: corpusData('six-str-vision-4440.xml'), filename: 'six.xml', pages: 0, file: { extension: 'xml', contentType: 'application/xml' }, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
}

/** The worker's context, with `before(command)` run (once it says so) ahead of each database call. */
function interceptedCtx(before: (command: unknown) => Promise<void>): AppContext {
  const db = new Proxy(rt.ctx.db, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: unknown) => {
        await before(command);
        return (target.send as (c: unknown) => Promise<unknown>)(command);
      };
    },
  });
  return { ...rt.ctx, db };
}

const isRowInsert = (c: unknown) => c instanceof BatchWriteCommand && Object.values(c.input.RequestItems ?? {}).some((items) => items.some((i) => i.PutRequest));

describe('a document deleted while its analysis writes rows', () => {
  it.each([
    ['between two batches of rows', (c: unknown, seen: { inserts: number }) => isRowInsert(c) && ++seen.inserts === 2],
    ['after the last batch, before the analysis ends', (c: unknown) => c instanceof UpdateCommand && (c.input.ExpressionAttributeValues ?? {})[':v0'] === 'completed'],
  ])('leaves no row behind when deleted %s', async (_when, trigger) => {
    // Prepare
    const doc = await pendingSix();
    const seen = { inserts: 0, deleted: false };
    const ctx = interceptedCtx(async (command) => {
      if (seen.deleted || !trigger(command, seen)) return;
      seen.deleted = true;
      const res = await call('DELETE', `/api/documents/${doc.id}`, { token });
      expect(res.status).toBe(200);
    });
    // Act
    await processDocument(ctx, doc.id, { log: () => undefined });
    // Assess
    expect(seen.deleted).toBe(true);
    expect(await getDocument(rt.ctx, doc.id)).toBeUndefined();
    expect(await countRows(rt.ctx, doc.id)).toBe(0);
  }, 60_000);
});

describe('status by hand', () => {
  it('refuses `processing` on a document that is not being analysed', async () => {
    // Prepare
    const docId = await seedBigDocument(rt.ctx, admin, 1, codes);
    // Act
    const res = await call('PUT', `/api/documents/${docId}/status`, { token, body: { status: 'processing' } });
    const failed = await call('PUT', `/api/documents/${docId}/status`, { token, body: { status: 'failed' } });
    // Assess
    expect([res.status, detail(res)]).toEqual([400, PROCESSING_BY_HAND]);
    expect(failed.status).toBe(200);
    expect((await getDocument(rt.ctx, docId))?.status).toBe('failed');
  });
});
