/**
 * Bad input gets a clear answer, never a 500 nor a lost document: a row edit whose quantità ×
 * prezzo leaves the business limit (400, Italian), a file voce beyond it (imported, flagged "da
 * verificare" with the reason), lone surrogates and bidi controls in file names and titles
 * (replaced; the document downloads).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;

const xpwe = readFileSync(path.resolve(__dirname, '../fixtures/computi/computo.xpwe'), 'utf8');
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;
const rowsOf = async (id: number) => (await call('GET', `/api/documents/${id}/rows`, { token })).json.data.map((d: any) => d.attributes);

async function imported(file: Buffer | string, name: string) {
  const res = await uploadPdf(rt.url, token, Buffer.from(file), name);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { id: res.id, doc: await waitForAnalysis(rt.url, token, res.id) };
}

/** The original as the browser downloads it. */
const download = (id: number) => fetch(`${rt.url}/document/${id}/download`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'giulia', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'giulia', 'password-di-prova');
});
afterAll(async () => rt?.close());

describe('amounts beyond the business limit', () => {
  it('a row edit whose quantità × prezzo leaves the limit is a 400 in Italian, and nothing is written', async () => {
    // Prepare
    const { id } = await imported(xpwe, 'limiti.xpwe');
    const [row] = await rowsOf(id);
    const manual = await call('PUT', `/api/rows/${row.id}`, { token, body: { quantita: 1, unitario: 1, prezzo_db: '999.999.999.999,00' } });
    expect(manual.status).toBe(200);
    const before = (await rowsOf(id))[0];
    // Act
    const byDb = await call('PUT', `/api/rows/${row.id}`, { token, body: { quantita: '999.999.999.999' } });
    const byPrice = await call('PUT', `/api/rows/${row.id}`, { token, body: { quantita: 2, unitario: '999.999.999.999,99' } });
    // Assess
    expect(byDb.status).toBe(400);
    expect(detail(byDb)).toBe('Importo non valido: quantità × prezzo DB supera il massimo ammesso (999.999.999.999,99 in valore assoluto). Controlla la quantità e il prezzo.');
    expect(byPrice.status).toBe(400);
    expect(detail(byPrice)).toBe('Importo non valido: quantità × prezzo unitario supera il massimo ammesso (999.999.999.999,99 in valore assoluto). Controlla la quantità e il prezzo.');
    expect((await rowsOf(id))[0]).toEqual(before);
    // The largest product inside the limit is fine.
    const inside = await call('PUT', `/api/rows/${row.id}`, { token, body: { quantita: 1, unitario: '999.999.999.999,99', prezzo_db: 1 } });
    expect(inside.status).toBe(200);
  });

  it('an XPWE voce of 999.999.999.999 is imported, flagged with the reason, and can be corrected', async () => {
    // Prepare
    const file = xpwe.replace('<Quantita>1.00</Quantita>', '<Quantita>999999999999</Quantita>');
    // Act
    const { id, doc } = await imported(file, 'enorme.xpwe');
    // Assess
    // The third voce is flagged by the fixture itself (its measurements disagree).
    expect(doc).toMatchObject({ status: 'completed', row_count: 4, rows_to_check: 2 });
    const rows = await rowsOf(id);
    expect(rows[3]).toMatchObject({
      quantita: 999999999999,
      unitario: 120,
      // Beyond the limit: never written (issue 36), the reason says what the file had.
      totale: null,
      verifica: ['importo fuori dai limiti ammessi (nel file 119.999.999.999.880,00, massimo 999.999.999.999,99 in valore assoluto)'],
    });
    // The user corrects the quantity: the row is checked and the totals follow.
    const fixed = await call('PUT', `/api/rows/${rows[3].id}`, { token, body: { quantita: 1, totale: 120 } });
    expect(fixed.status).toBe(200);
    expect(fixed.json.data.attributes.verifica).toEqual([]);
    expect(fixed.json.meta.document).toMatchObject({ sum_totale: 2851.27, rows_to_check: 1 });
  });
});

describe('lone surrogates and bidi controls in names and titles', () => {
  it('an uploaded file named with a bidi override is stored with it replaced, and downloads', async () => {
    // Act
    const { id, doc } = await imported(xpwe, 'fattura\u202efdp.xpwe');
    const dl = await download(id);
    // Assess
    expect(doc.filename).toBe('fattura\ufffdfdp.xpwe');
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('fattura\ufffdfdp.xpwe')}`);
    expect(await dl.text()).toBe(xpwe);
  });

  it('a presigned upload named with a lone surrogate and isolates is registered with them replaced, and downloads', async () => {
    // Prepare
    const bytes = Buffer.from(xpwe);
    const presign = await call('POST', '/api/upload/presign', { token, body: { filename: 'computo.xpwe', size: bytes.length } });
    const put = await fetch(new URL(presign.json.data.upload_url, rt.url), { method: 'PUT', body: new Uint8Array(bytes), headers: presign.json.data.headers });
    expect(put.status).toBe(200);
    // Act
    const done = await call('POST', '/api/upload/complete', {
      token,
      body: { upload_id: presign.json.data.upload_id, filename: 'computo \ud800 \u2066lotto\u2069.xpwe', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' },
    });
    // Assess
    expect(done.status).toBe(201);
    const id = done.json.data.data.document_id;
    const doc = await waitForAnalysis(rt.url, token, id);
    expect(doc).toMatchObject({ status: 'completed', filename: 'computo \ufffd \ufffdlotto\ufffd.xpwe' });
    const dl = await download(id);
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe(xpwe);
    const list = await call('GET', '/api/documents', { token });
    expect(list.status).toBe(200);
  });

  it('a duplicate titled with a lone surrogate and an override is created with them replaced, and downloads', async () => {
    // Prepare
    const { id } = await imported(xpwe, 'origine.xpwe');
    const rows = await rowsOf(id);
    // Act
    const res = await call('POST', `/api/documents/${id}/duplicate-rows`, { token, body: { row_ids: [rows[0].id], new_title: 'Copia \udc00 \u202dlotto 2' } });
    // Assess
    expect(res.status).toBe(201);
    const copy = (await call('GET', `/api/documents/${res.json.data.new_document_id}`, { token })).json.data.attributes;
    expect(copy.filename).toBe('Copia \ufffd \ufffdlotto 2');
    const dl = await download(copy.id);
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe(xpwe);
  });
});

describe('merge with somma_quantita', () => {
  it('adds the quantities of two voci of one code and price; refuses it for others, writing nothing', async () => {
    // Prepare: voci 2 and 3 share code and price (31,50 and 40,00 × 23,15); voce 1 does not.
    const { id } = await imported(xpwe, 'somma.xpwe');
    const [first, second, third] = await rowsOf(id);
    // Act
    const refused = await call('POST', '/api/rows/merge', { token, body: { first_row_id: first.id, second_row_id: second.id, somma_quantita: true } });
    const summed = await call('POST', '/api/rows/merge', { token, body: { first_row_id: second.id, second_row_id: third.id, somma_quantita: true } });
    // Assess
    expect(refused.status).toBe(400);
    expect(detail(refused)).toBe('Le quantità si sommano solo tra due voci complete con la stessa tariffa e lo stesso prezzo unitario');
    expect(summed.status).toBe(200);
    expect(summed.json.data.row).toMatchObject({ id: second.id, quantita: 71.5, unitario: 23.15, totale: 1655.23 });
    // 1.076,04 + 1.655,23 + 120,00: no amount left the document.
    expect(summed.json.meta.document.sum_totale).toBe(2851.27);
    expect((await rowsOf(id)).map((r: any) => r.id)).toEqual([first.id, second.id, expect.any(Number)]);
  });
});
