import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { priceListXlsx, tuscanItemsOf, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { generateArticles } from '../bench/search-data.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;
let documentId: number;
const list = tuscanItemsOf('primus_medium.pdf');

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  // The document's Tuscan articles among 1,500 others that share their common words.
  const others = generateArticles(1500, 3).map((a, i) => ({ codice: `TOS25_99.Z${String(i).padStart(4, '0')}.001`, descrizione: a.descrizione, um: a.unita_di_misura ?? 'cad', prezzo: a.prezzo ?? 1 }));
  const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', token, await priceListXlsx([...list, ...others]), 'lu.xlsx', { provincia: 'LUCCA', anno: '2025' });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  await call('POST', '/api/confirm-prezzario-toscana', { token, body: { temp_file_id: up.json.data.temp_file_id } });
  ({ id: documentId } = await uploadPdf(rt.url, token, corpusFile('primus_medium.pdf')));
  await waitForAnalysis(rt.url, token, documentId);
}, 180_000);
afterAll(async () => rt?.close());

const rowsOf = async () => ((await call('GET', `/api/documents/${documentId}/rows`, { token })).json.data as Array<{ attributes: any }>).map((r) => r.attributes);
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

describe('suggestions for rows without a reference price', () => {
  it('finds the article a row was copied from among the first three, after its code was changed to a new-price code', async () => {
    // Prepare: priced rows of distinct articles get NP codes, so the rules find nothing.
    const priced = (await rowsOf()).filter((r) => r.price_source?.list === 'toscana');
    const seen = new Set<string>();
    const chosen = priced.filter((r) => !seen.has(r.tariffa) && seen.add(r.tariffa)).slice(0, 6);
    expect(chosen.length).toBeGreaterThanOrEqual(4);
    for (const [k, row] of chosen.entries()) {
      const res = await call('PUT', `/api/rows/${row.id}`, { token, body: { tariffa: `NP.${k + 1}` } });
      expect(res.json.data.attributes.prezzo_db).toBeNull();
    }
    for (const row of chosen) {
      // Act
      const res = await call('GET', `/api/rows/${row.id}/suggestions`, { token });
      // Assess
      expect(res.status).toBe(200);
      const top = res.json.data.slice(0, 3).map((d: any) => d.attributes);
      expect(top.map((s: any) => s.codice), row.descrizione).toContain(row.tariffa);
      const mine = top.find((s: any) => s.codice === row.tariffa);
      expect(mine).toMatchObject({ source: 'toscana', list_key: 'LUCCA', list_year: 2025, prezzo: list.find((a) => a.codice === row.tariffa)!.prezzo });
      expect(mine.similarity).toBeGreaterThan(0.5);
      expect(res.json.data.map((d: any) => d.attributes.similarity)).toEqual([...res.json.data.map((d: any) => d.attributes.similarity)].sort((a, b) => b - a));
    }
  });

  it('applies a suggestion as source "suggerito", which "Aggiorna Prezzi" keeps', async () => {
    // Prepare
    const row = (await rowsOf()).find((r) => r.prezzo_db === null && r.descrizione.length > 20 && r.quantita)!;
    const [first] = (await call('GET', `/api/rows/${row.id}/suggestions?limit=3`, { token })).json.data.map((d: any) => d.attributes);
    // Act
    const applied = await call('POST', `/api/rows/${row.id}/suggestions`, { token, body: { id: first.id } });
    // Assess
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    expect(applied.json.data.attributes).toMatchObject({ prezzo_db: first.prezzo, price_source: { list: 'suggerito', code: first.codice, key: 'LUCCA', year: 2025, origin: 'toscana' } });
    expect(applied.json.meta.price_found).toBe(true);
    const refresh = await call('POST', `/api/documents/${documentId}/update-total`, { token });
    expect(refresh.status).toBe(200);
    const after = (await rowsOf()).find((r) => r.id === row.id)!;
    expect(after.prezzo_db).toBe(first.prezzo);
    expect(after.price_source.list).toBe('suggerito');
  });

  it('is undone by "Annulla": the row and the totals exactly as before', async () => {
    // Prepare
    const withoutVersions = (rows: any[]) => rows.map(({ version: _v, field_versions: _f, same_as_version: _s, ...rest }) => rest);
    const docOf = async () => (await call('GET', `/api/documents/${documentId}`, { token })).json.data.attributes;
    const row = (await rowsOf()).find((r) => r.prezzo_db === null && r.descrizione.length > 20 && r.quantita)!;
    const [first] = (await call('GET', `/api/rows/${row.id}/suggestions?limit=3`, { token })).json.data.map((d: any) => d.attributes);
    const rowsBefore = withoutVersions(await rowsOf());
    const docBefore = await docOf();

    // Act
    const applied = await call('POST', `/api/rows/${row.id}/suggestions`, { token, body: { id: first.id } });
    const listed = await call('GET', `/api/documents/${documentId}/operations`, { token });
    const undone = await call('POST', `/api/documents/${documentId}/undo`, { token, body: { operation_id: applied.json.meta.operation.id } });

    // Assess
    expect(applied.status).toBe(200);
    expect(applied.json.meta.document.document_total_db).not.toBe(docBefore.document_total_db);
    expect(listed.json.data[0].descrizione).toBe(`Prezzo suggerito applicato alla riga ${row.row_index}`);
    expect(undone.status).toBe(200);
    expect(withoutVersions(await rowsOf())).toEqual(rowsBefore);
    const docAfter = await docOf();
    expect([docAfter.sum_totale, docAfter.document_total_db, docAfter.row_count]).toEqual([docBefore.sum_totale, docBefore.document_total_db, docBefore.row_count]);
  });

  it('refuses a missing or unknown article with an Italian message, changing nothing', async () => {
    const row = (await rowsOf()).find((r) => r.prezzo_db === null)!;
    expect(detail(await call('POST', `/api/rows/${row.id}/suggestions`, { token, body: {} }))).toBeTruthy();
    const unknown = await call('POST', `/api/rows/${row.id}/suggestions`, { token, body: { id: 'toscana#LUCCA#2025|NON.ESISTE' } });
    expect(unknown.status).toBe(404);
    expect(detail(unknown)).toBe('Articolo non trovato nei prezzari caricati: aggiorna i suggerimenti e riprova.');
    expect((await rowsOf()).find((r) => r.id === row.id)!.prezzo_db).toBeNull();
    expect((await call('GET', '/api/rows/999999/suggestions', { token })).status).toBe(404);
  });
});
