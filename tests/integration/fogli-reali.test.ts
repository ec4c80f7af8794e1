/**
 * The two real workbooks of issue 38 (tests/generator/real-workbooks.ts, rebuilt from their
 * description) through the API, as a user uploads them: the preview shows the offer's columns
 * (the evidence is not unanimous) with why and its first voci, nothing stored; the upload with
 * the mapping the preview chose imports every voce exactly, keeps the offer's declared total and
 * reports that the voci do not add up to it; the estimate with a % voce is verified as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import type { RealTruth } from '../generator/real-workbooks.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;

const dir = path.resolve(__dirname, '../fixtures/computi');
const fixture = (name: string) => readFileSync(path.join(dir, name));
const truthOf = (name: string) => JSON.parse(readFileSync(path.join(dir, name.replace(/\.xlsx$/, '.truth.json')), 'utf8')) as RealTruth;
const FIELDS = ['tariffa', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale'] as const;
const pick = (v: object) => FIELDS.map((f) => (v as Record<string, unknown>)[f]);

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'marta', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'marta', 'password-di-prova');
});
afterAll(async () => rt?.close());

async function rowsOf(id: number) {
  return (await call('GET', `/api/documents/${id}/rows?page[size]=500`, { token })).json.data.map((r: any) => r.attributes);
}

describe('the real workbooks of issue 38 through the API', () => {
  it("the contractor's offer: columns shown with why, then 91 voci exactly, the declared 547.544,73 € kept and not congruent", async () => {
    // Prepare
    const name = 'offerta-impresa.xlsx';
    const truth = truthOf(name);
    const before = (await call('GET', '/api/documents', { token })).json.meta['total-count'];
    // Act: the upload page asks for the preview first
    const preview = await uploadForm(rt.url, '/api/upload/preview', token, fixture(name), name, {});
    // Assess: not certain, the doubts in words, three voci as they will be imported, nothing stored
    expect(preview.status).toBe(200);
    const p = preview.json.data;
    expect(p).toMatchObject({ certain: false, total_rows: 91, mapping: { descrizione: 1, unita_di_misura: 2, quantita: 10, unitario: 11, totale: 13 } });
    expect(p.doubts).toContain("La colonna «UNITA'» contiene numeri, non unità di misura.");
    expect(p.preview.slice(0, 3).map(pick)).toEqual(truth.voci.slice(0, 3).map(pick));
    expect((await call('GET', '/api/documents', { token })).json.meta['total-count']).toBe(before);

    // Act: the user confirms the mapping shown
    const res = await uploadPdf(rt.url, token, fixture(name), name, { provincia: 'PI', tipologia_dei: 'nuove_costruzioni', column_mapping: JSON.stringify(p.mapping) });
    expect(res.status).toBe(201);
    const doc = await waitForAnalysis(rt.url, token, res.id);
    // Assess
    expect(doc).toMatchObject({ status: 'completed', layout: 'excel', row_count: 91, sum_totale: 912330.61, document_total: 547544.73, congruent: false });
    const rows = await rowsOf(res.id);
    expect(rows.map(pick)).toEqual(truth.voci.map(pick));
    expect(rows.some((r: any) => truth.neverVoci.includes(r.descrizione))).toBe(false);
  });

  it('the estimate with a % voce: 27 voci exactly, 29.992,29 € verified', async () => {
    // Prepare
    const name = 'preventivo-percentuale.xlsx';
    const truth = truthOf(name);
    // Act
    const preview = await uploadForm(rt.url, '/api/upload/preview', token, fixture(name), name, {});
    const res = await uploadPdf(rt.url, token, fixture(name), name, { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
    const doc = await waitForAnalysis(rt.url, token, res.id);
    // Assess
    expect(preview.json.data).toMatchObject({ certain: true, doubts: [] });
    expect(doc).toMatchObject({ status: 'completed', row_count: 27, sum_totale: 29992.29, document_total: 29992.29, congruent: true });
    const rows = await rowsOf(res.id);
    expect(rows.map(pick)).toEqual(truth.voci.map(pick));
    expect(rows.at(-1)).toMatchObject({ unita_di_misura: '%', unitario: 0.1923 });
  });
});
