/**
 * The rows memory (functions/storage/repositories/rows-cache.ts): a read after any write of rows,
 * through any route or by another instance, sees the rows as written; the memory stays bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.ts';
import { importLuccaList, tuscanItemsOf, uploadForm } from '../support/price-lists.ts';
import { otherInstance } from '../support/other-instance.ts';
import { rowsCacheStats, setRowsCacheLimit } from '../../functions/storage/repositories/rows-cache.ts';
import { getDocument } from '../../functions/storage/repositories/documents.ts';
import { listRows } from '../../functions/storage/repositories/rows.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;
let docId: number;
/** Queries of the rows table the server made (every call of the runtime's client is counted). */
let rowQueries = 0;

const rowsOf = async (id = docId) => {
  const res = await call('GET', `/api/documents/${id}/rows`, { token });
  expect(res.status).toBe(200);
  return res.json.data.map((d: any) => d.attributes) as any[];
};
/** What the table holds, read past every cache. */
// A row without the labour fields, which are presented from it (shared/domain/manodopera.ts
// labourFields: defaults filled in, the cost derived), so the table and the answer compare as stored.
const withoutLabour = ({ incidenza_manodopera: _i, costo_manodopera: _c, fonte_manodopera: _f, sicurezza: _s, manodopera_diversa: _d, ...r }: any) => r;
const stored = async (id = docId) => (await listRows(rt.ctx, id)).map((r) => withoutLabour({ ...r }));
const comparable = (rows: any[]) => rows.map(({ prezzo_unitario: _p, ...r }) => withoutLabour(r));

async function uploadMedium(name: string): Promise<number> {
  const up = await uploadForm(rt.url, '/api/upload', token, corpusFile('primus_medium.pdf'), name, { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
  const id = up.json.data.data.document_id as number;
  for (let i = 0; i < 600 && (await call('GET', `/api/documents/${id}`, { token })).json.data.attributes.status === 'processing'; i++) await new Promise((r) => setTimeout(r, 100));
  return id;
}

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, token, tuscanItemsOf('primus_medium.pdf'));
  docId = await uploadMedium('memoria.pdf');
  rt.ctx.db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand' && String((args.input as { TableName?: string }).TableName).endsWith('rows')) rowQueries++;
      return next(args);
    },
    { step: 'initialize', name: 'countRowQueries' },
  );
}, 120_000);
afterAll(async () => rt?.close());

describe('a document read twice', () => {
  it('is served from memory the second time, with the same rows the table holds', async () => {
    // Prepare
    const first = await rowsOf();
    const queries = rowQueries;
    // Act
    const second = await rowsOf();
    // Assess
    expect(rowQueries).toBe(queries);
    expect(second).toEqual(first);
    expect(comparable(second)).toEqual(await stored());
    expect(second.length).toBe(60);
  });
});

describe('every write of rows is seen by the next read', () => {
  it('PUT /api/rows/{id}', async () => {
    const [row] = await rowsOf();
    await call('PUT', `/api/rows/${row.id}`, { token, body: { descrizione: 'Descrizione cambiata' } });
    const after = await rowsOf();
    expect(after.find((r) => r.id === row.id).descrizione).toBe('Descrizione cambiata');
    expect(comparable(after)).toEqual(await stored());
  });

  it('POST /api/rows/update-tipologia-dei', async () => {
    const tipologie = (await call('GET', '/api/tipologie-dei', { token })).json.data.map((d: any) => d.attributes?.value ?? d.value);
    const other = tipologie.find((t: string) => t !== 'nuove_costruzioni');
    const rows = (await rowsOf()).slice(2, 4);
    const res = await call('POST', '/api/rows/update-tipologia-dei', { token, body: { row_ids: rows.map((r) => r.id), tipologia_dei: other } });
    expect(res.status).toBe(200);
    const after = await rowsOf();
    for (const r of rows) expect(after.find((a) => a.id === r.id).tipologia_dei).toBe(other);
    expect(comparable(after)).toEqual(await stored());
  });

  it('PUT /api/documents/{id}/settings and POST /api/documents/{id}/update-total', async () => {
    const priced = (await rowsOf()).filter((r) => r.price_source?.list === 'toscana');
    expect(priced.length).toBeGreaterThan(5);
    // Another province: the Lucca prices go.
    expect((await call('PUT', `/api/documents/${docId}/settings`, { token, body: { provincia: 'FI', tipologia_dei: 'nuove_costruzioni' } })).status).toBe(200);
    const unpriced = await rowsOf();
    for (const r of priced) expect(unpriced.find((a) => a.id === r.id).prezzo_db).toBeNull();
    expect(comparable(unpriced)).toEqual(await stored());
    // Back to Lucca, and the list's prices raised: re-pricing brings the new ones.
    expect((await call('PUT', `/api/documents/${docId}/settings`, { token, body: { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } })).status).toBe(200);
    await importLuccaList(rt.url, token, tuscanItemsOf('primus_medium.pdf').map((i) => ({ ...i, prezzo: Number(i.prezzo) + 1 })));
    const res = await call('POST', `/api/documents/${docId}/update-total`, { token, body: { refresh: true } });
    expect(res.status).toBe(200);
    const repriced = await rowsOf();
    const list = new Map(tuscanItemsOf('primus_medium.pdf').map((i) => [i.codice, Number(i.prezzo) + 1]));
    const raised = repriced.filter((r) => r.price_source?.list === 'toscana');
    expect(raised.length).toBe(priced.length);
    for (const r of raised) expect(r.prezzo_db).toBe(list.get(r.price_source.code));
    expect(comparable(repriced)).toEqual(await stored());
  });

  it('POST /api/rows/{id}/suggestions', async () => {
    const row = (await rowsOf()).find((r) => r.price_source?.list === 'toscana' && r.descrizione.length > 20)!;
    await call('PUT', `/api/rows/${row.id}`, { token, body: { tariffa: 'NP.1' } });
    expect((await rowsOf()).find((r) => r.id === row.id).prezzo_db).toBeNull();
    const [suggestion] = (await call('GET', `/api/rows/${row.id}/suggestions?limit=3`, { token })).json.data;
    expect(suggestion).toBeDefined();
    expect((await call('POST', `/api/rows/${row.id}/suggestions`, { token, body: { id: suggestion.id } })).status).toBe(200);
    const after = await rowsOf();
    expect(after.find((r) => r.id === row.id).prezzo_db).not.toBeNull();
    expect(comparable(after)).toEqual(await stored());
  });

  it('POST /api/rows/merge and DELETE /api/rows/{id}', async () => {
    const rows = await rowsOf();
    const merged = await call('POST', '/api/rows/merge', { token, body: { first_row_id: rows[5].id, second_row_id: rows[6].id, articolo: 'seconda' } });
    expect(merged.status).toBe(200);
    const afterMerge = await rowsOf();
    expect(afterMerge.length).toBe(rows.length - 1);
    expect(afterMerge.some((r) => r.id === rows[6].id)).toBe(false);
    expect((await call('DELETE', `/api/rows/${rows[10].id}`, { token })).status).toBe(200);
    const afterDelete = await rowsOf();
    expect(afterDelete.length).toBe(rows.length - 2);
    expect(afterDelete.some((r) => r.id === rows[10].id)).toBe(false);
    expect(comparable(afterDelete)).toEqual(await stored());
  });

  it('a write by another instance (its own memory, the same tables)', async () => {
    const other = otherInstance(rt.ctx);
    try {
      const [row] = await rowsOf();
      await other.putRow({ ...(await stored()).find((r) => r.id === row.id)!, descrizione: 'Scritta altrove' });
      expect((await rowsOf()).find((r) => r.id === row.id).descrizione).toBe('Scritta altrove');
    } finally {
      await other.close();
    }
  });

  it('POST /api/documents/{id}/duplicate-rows, then DELETE /api/documents/{id}', async () => {
    const rows = await rowsOf();
    const dup = await call('POST', `/api/documents/${docId}/duplicate-rows`, { token, body: { row_ids: rows.slice(0, 3).map((r) => r.id), new_title: 'Copia' } });
    expect(dup.status).toBe(201);
    const copy = await rowsOf(dup.json.new_document_id ?? dup.json.data.new_document_id);
    expect(copy.map((r) => r.descrizione)).toEqual(rows.slice(0, 3).map((r) => r.descrizione));
    expect((await call('DELETE', `/api/documents/${docId}`, { token })).status).toBe(200);
    expect((await call('GET', `/api/documents/${docId}/rows`, { token })).status).toBe(404);
    expect(await getDocument(rt.ctx, docId)).toBeUndefined();
  });
});

describe('the memory is bounded', () => {
  it('holds no more rows than its limit, dropping the least recently read documents', async () => {
    // Prepare: room for two 60-row documents, three documents read.
    setRowsCacheLimit(130);
    try {
      const ids = [await uploadMedium('a.pdf'), await uploadMedium('b.pdf'), await uploadMedium('c.pdf')];
      // Act
      for (const id of ids) expect((await rowsOf(id)).length).toBe(60);
      // Assess
      expect(rowsCacheStats()).toMatchObject({ documents: 2, rows: 120, maxRows: 130 });
      const queries = rowQueries;
      await rowsOf(ids[2]);
      expect(rowQueries).toBe(queries);
      await rowsOf(ids[0]);
      expect(rowQueries).toBeGreaterThan(queries);
      expect(rowsCacheStats().rows).toBeLessThanOrEqual(130);
    } finally {
      setRowsCacheLimit();
    }
  }, 120_000);
});
