/**
 * Issue 36, "Integrità dei numeri", through the API: an edit of quantity or price alone
 * recomputes the amount by the one product rule; three numbers that disagree flag the row; the
 * limits accept what the app stores (3-decimal quantities, rates as fractions); an edited row
 * keeps what was read (`letto`, `modificata`); one absurd cell never fails the document.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { extractPages } from '../../functions/analysis/pdf-text.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { EDIT_REASONS } from '../../shared/domain/row-edits.ts';
import { MERGE_CHOICE_ERROR } from '../../shared/domain/rows.ts';
import { productAmount } from '../../shared/domain/totals.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;

const xpwe = readFileSync(path.resolve(__dirname, '../fixtures/computi/computo.xpwe'), 'utf8');
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;
const rowsOf = async (id: number) => (await call('GET', `/api/documents/${id}/rows`, { token })).json.data.map((d: any) => d.attributes);
const put = (id: number, body: unknown) => call('PUT', `/api/rows/${id}`, { token, body });

async function imported(file: string, name: string) {
  const res = await uploadPdf(rt.url, token, Buffer.from(file), name);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { id: res.id, doc: await waitForAnalysis(rt.url, token, res.id) };
}

/** The fixture's fourth voce: "Cartello di cantiere", 1 cad × 120,00 = 120,00. */
async function cartello() {
  const { id } = await imported(xpwe, 'numeri.xpwe');
  const rows = await rowsOf(id);
  return { docId: id, row: rows[3] };
}

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'stimatore', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'stimatore', 'password-di-prova');
});
afterAll(async () => rt?.close());

describe('the product rule on an edit', () => {
  it('a quantity alone recomputes the amount on the server, and the document total follows', async () => {
    // Prepare
    const { row } = await cartello();
    expect(row).toMatchObject({ quantita: 1, unitario: 120, totale: 120 });
    // Act
    const res = await put(row.id, { quantita: 110 });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json.data.attributes).toMatchObject({ quantita: 110, unitario: 120, totale: 13200, verifica: [] });
    expect(res.json.meta.document.sum_totale).toBe(res.json.meta.totals.sum_totale);
  });

  it('a unit price alone recomputes the amount half-up to the cent, exactly', async () => {
    // Prepare
    const { row } = await cartello();
    await put(row.id, { quantita: '10,125' });
    // Act: 10,125 × 12,50 = 126,5625 -> 126,56; 10,125 × 0,05 = 0,50625 -> 0,51 (half-up)
    const first = await put(row.id, { unitario: '12,50' });
    const second = await put(row.id, { prezzo_unitario: 0.05 });
    // Assess
    expect(first.json.data.attributes).toMatchObject({ quantita: 10.125, unitario: 12.5, totale: 126.56 });
    expect(second.json.data.attributes).toMatchObject({ unitario: 0.05, totale: 0.51 });
  });

  it('three numbers that disagree beyond a cent are kept as sent and the row is flagged with the reason', async () => {
    // Prepare
    const { row } = await cartello();
    // Act
    const wrong = await put(row.id, { quantita: 2, unitario: 10, totale: 25 });
    const cent = await put(row.id, { quantita: 3, unitario: 10, totale: 30.01 });
    // Assess
    expect(wrong.status).toBe(200);
    expect(wrong.json.data.attributes).toMatchObject({ quantita: 2, unitario: 10, totale: 25, verifica: [EDIT_REASONS.product] });
    expect(wrong.json.meta.document.rows_to_check).toBe(2);
    // Within a cent the row agrees: the flag goes.
    expect(cent.json.data.attributes).toMatchObject({ totale: 30.01, verifica: [] });
  });
});

describe('one set of limits', () => {
  it('accepts quantities to 3 decimals and unit prices to 6, and a row sent back unchanged', async () => {
    // Prepare
    const { row } = await cartello();
    // Act: a percentage voce's rate as a fraction (3,25 % of 10.000,00)
    const rate = await put(row.id, { quantita: 10000, unitario: 0.0325 });
    const back = await put(row.id, { quantita: rate.json.data.attributes.quantita, unitario: rate.json.data.attributes.unitario, totale: rate.json.data.attributes.totale });
    const fine = await put(row.id, { unitario: '0,021255' });
    // Assess
    expect(rate.status).toBe(200);
    expect(rate.json.data.attributes).toMatchObject({ unitario: 0.0325, totale: 325 });
    expect(back.status).toBe(200);
    expect(fine.json.data.attributes).toMatchObject({ unitario: 0.021255, totale: 212.55 });
  });

  it('refuses a fourth decimal of quantity, a seventh of price, a third of amount, in Italian', async () => {
    // Prepare
    const { row } = await cartello();
    // Act
    const q = await put(row.id, { quantita: '10,1255' });
    const p = await put(row.id, { unitario: 0.0000001 });
    const t = await put(row.id, { totale: 1.234 });
    // Assess
    expect([q.status, p.status, t.status]).toEqual([400, 400, 400]);
    expect(detail(q)).toBe('Importo non valido per quantità: sono ammesse al massimo 3 cifre decimali.');
    expect(detail(p)).toBe('Importo non valido per prezzo unitario: sono ammesse al massimo 6 cifre decimali.');
    expect(detail(t)).toBe('Importo non valido per totale: sono ammesse al massimo 2 cifre decimali.');
    expect((await call('GET', `/api/rows/${row.id}`, { token })).json.data.attributes).toMatchObject({ quantita: 1, totale: 120 });
  });
});

describe('an edited row is not anonymous', () => {
  it('keeps what was read in `letto` and says `modificata`, in the row and the document rows; an edit back to the reading clears it', async () => {
    // Prepare
    const { docId, row } = await cartello();
    expect(row.modificata).toBeUndefined();
    // Act
    const edited = await put(row.id, { quantita: 3, descrizione: 'Cartello corretto' });
    const again = await put(row.id, { unitario: 100 });
    const listed = (await rowsOf(docId))[3];
    // Assess
    const letto = { tariffa: 'TOS25_17.N05.001.001', descrizione: row.descrizione, unita_di_misura: 'cad', quantita: 1, unitario: 120, totale: 120 };
    expect(edited.json.data.attributes).toMatchObject({ modificata: true, letto, totale: 360 });
    // A second edit keeps the first reading, not the first edit.
    expect(again.json.data.attributes).toMatchObject({ modificata: true, letto, totale: 300 });
    expect(listed).toMatchObject({ modificata: true, letto });
    expect((await rowsOf(docId))[0].modificata).toBeUndefined();
    // Back to what the file said: a plain row again.
    const back = await put(row.id, { quantita: 1, unitario: 120, descrizione: row.descrizione });
    expect(back.json.data.attributes.modificata).toBeUndefined();
    expect(back.json.data.attributes.letto).toBeUndefined();
  });

  it('the OpenAPI document describes `letto`, `modificata` and the product rule of PUT /api/rows/{id}', async () => {
    // Act
    const doc = (await call('GET', '/api/openapi.json')).json;
    // Assess
    const text = JSON.stringify(doc);
    expect(text).toContain('"modificata"');
    expect(text).toContain('"letto"');
    expect(text).toContain(EDIT_REASONS.product);
  });
});

describe('one absurd cell', () => {
  it('an XPWE voce of 1e10 × 1e10 is read and flagged, its amount never written, the document completed', async () => {
    // Prepare
    const file = xpwe.replace('<Quantita>1.00</Quantita>', '<Quantita>10000000000</Quantita>').replace('<Prezzo1>120</Prezzo1>', '<Prezzo1>10000000000</Prezzo1>');
    // Act
    const { id, doc } = await imported(file, 'assurdo.xpwe');
    // Assess
    expect(doc).toMatchObject({ status: 'completed', row_count: 4 });
    const rows = await rowsOf(id);
    expect(rows[3]).toMatchObject({ quantita: 10000000000, unitario: 10000000000, totale: null });
    expect(rows[3].verifica).toContain('importo fuori dai limiti ammessi (nel file 100.000.000.000.000.000.000,00, massimo 999.999.999.999,99 in valore assoluto)');
    // The document's sum leaves the refused number out.
    expect(doc.sum_totale).toBeLessThan(1e12);
  });
});

describe('one absurd cell in a spreadsheet', () => {
  it('an .xlsx voce of 1e10 × 1e10 = 1e20 is read and flagged; the other voci and the document stand', async () => {
    // Prepare
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Computo');
    ws.addRow(['Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo']);
    ws.addRow(['A.01', 'Scavo di sbancamento', 'm³', 10, 12.5, 125]);
    ws.addRow(['A.02', 'Rinterro con materiale di scavo', 'm³', 1e10, 1e10, 1e20]);
    ws.addRow(['A.03', 'Trasporto a discarica', 'm³', 4, 20, 80]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    // Act
    const res = await uploadPdf(rt.url, token, file, 'assurdo.xlsx');
    const doc = await waitForAnalysis(rt.url, token, res.id);
    // Assess
    expect(doc).toMatchObject({ status: 'completed', row_count: 3, sum_totale: 205 });
    const rows = await rowsOf(res.id);
    expect(rows[1]).toMatchObject({ tariffa: 'A.02', quantita: 1e10, unitario: 1e10, totale: null });
    expect(rows[1].verifica).toContain('importo fuori dai limiti ammessi (nel file 100.000.000.000.000.000.000,00, massimo 999.999.999.999,99 in valore assoluto)');
    expect(rows[0].verifica ?? []).toEqual([]);
  });
});

describe('merging two rows', () => {
  const merge = (body: Record<string, unknown>) => call('POST', '/api/rows/merge', { token, body });

  it('two different articles need an explicit choice; nothing is written without it', async () => {
    // Prepare: voce 1 (demolizione) and voce 2 (intonaco) have different codes and amounts.
    const { id } = await imported(xpwe, 'scelta.xpwe');
    const before = await rowsOf(id);
    // Act
    const refused = await merge({ first_row_id: before[0].id, second_row_id: before[1].id });
    const wrongChoice = await merge({ first_row_id: before[0].id, second_row_id: before[1].id, articolo: 'terza' });
    // Assess
    expect(refused.status).toBe(400);
    expect(detail(refused)).toBe(MERGE_CHOICE_ERROR);
    expect(wrongChoice.status).toBe(400);
    expect(await rowsOf(id)).toEqual(before);
  });

  it('keeps the chosen article: its code, price and reference price, the amount by the product rule, marked as changed', async () => {
    // Prepare: a manual reference price on each, so each names its own code.
    const { id } = await imported(xpwe, 'articolo.xpwe');
    const [first, second] = await rowsOf(id);
    await put(first.id, { prezzo_db: 20 });
    await put(second.id, { prezzo_db: 22.5 });
    // Act
    const summed = await merge({ first_row_id: first.id, second_row_id: second.id, articolo: 'seconda', somma_quantita: true });
    const res = await merge({ first_row_id: first.id, second_row_id: second.id, articolo: 'seconda' });
    // Assess: m³ and m² do not add up; 31,50 × 23,15 = 729,225 -> 729,23; DB 31,50 × 22,50 = 708,75
    expect(summed.status).toBe(400);
    expect(res.status).toBe(200);
    const row = res.json.data.row;
    expect(row).toMatchObject({ id: first.id, tariffa: second.tariffa, unita_di_misura: second.unita_di_misura, quantita: 31.5, unitario: 23.15, totale: 729.23 });
    expect(row).toMatchObject({ prezzo_db: 22.5, prezzo_totale_db: 708.75, price_source: { list: 'manuale', code: second.tariffa }, verifica: [] });
    expect(row).toMatchObject({ modificata: true, letto: { tariffa: first.tariffa, quantita: first.quantita, unitario: first.unitario, totale: first.totale } });
  });

  it('one voce split in two rows merges without a choice: the first code and its reference price, the second numbers', async () => {
    // Prepare: the first row has its code and description, its numbers went to the next row.
    const { id } = await imported(xpwe, 'divisa.xpwe');
    const [first, second] = await rowsOf(id);
    await put(first.id, { quantita: null, unitario: null, totale: null, prezzo_db: 20 });
    // Act
    const res = await merge({ first_row_id: first.id, second_row_id: second.id });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json.data.row).toMatchObject({
      tariffa: first.tariffa,
      quantita: second.quantita,
      unitario: second.unitario,
      totale: second.totale,
      prezzo_db: 20,
      prezzo_totale_db: productAmount(second.quantita, 20),
      price_source: { list: 'manuale', code: first.tariffa },
      verifica: [],
    });
  });
});

describe('small holes', () => {
  it('a password of spaces alone is refused, as the login would never accept it', async () => {
    // Prepare
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    // Act
    const spaces = await call('POST', '/api/admin/users', { token: admin, body: { username: 'spazi', password: ' '.repeat(12) } });
    const padded = await call('POST', '/api/admin/users', { token: admin, body: { username: 'corta', password: '   abcdefg   ' } });
    // Assess
    expect(spaces.status).toBe(400);
    expect(detail(spaces)).toContain('almeno 10 caratteri');
    expect(padded.status).toBe(400);
  });

  it('a presigned upload URL takes only a body of the size it was signed for (local /_store path)', async () => {
    // Prepare
    const bytes = Buffer.from(xpwe);
    const presign = await call('POST', '/api/upload/presign', { token, body: { filename: 'computo.xpwe', size: bytes.length } });
    const url = new URL(presign.json.data.upload_url, rt.url);
    const headers = presign.json.data.headers;
    // Act
    const larger = await fetch(url, { method: 'PUT', body: new Uint8Array(Buffer.concat([bytes, Buffer.alloc(1 << 20, 32)])), headers });
    const missing = await call('POST', '/api/upload/complete', { token, body: { upload_id: presign.json.data.upload_id, filename: 'computo.xpwe' } });
    const exact = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers });
    // Assess
    expect(larger.status).toBe(403);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(exact.status).toBe(200);
  });

  it('a duplicate titled "../../etc/passwd" downloads under its safe base name; the title stays as typed', async () => {
    // Prepare
    const { id } = await imported(xpwe, 'origine.xpwe');
    const rows = await rowsOf(id);
    // Act
    const res = await call('POST', `/api/documents/${id}/duplicate-rows`, { token, body: { row_ids: [rows[0].id], new_title: '../../etc/passwd' } });
    const copyId = res.json.data.new_document_id;
    const dl = await fetch(`${rt.url}/document/${copyId}/download`, { headers: { authorization: `Bearer ${token}` } });
    // Assess
    expect(res.status).toBe(201);
    expect((await call('GET', `/api/documents/${copyId}`, { token })).json.data.attributes.filename).toBe('../../etc/passwd');
    expect(dl.status).toBe(200);
    const disposition = dl.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('filename="passwd"');
    expect(disposition).not.toContain('..');
    expect(disposition).not.toContain('%2F');
  });
});

describe('exports mark edited rows', () => {
  const note = 'Modificata a mano; letto dal file: quantità 1,00; totale 120,00';
  const get = async (url: string) => Buffer.from(await (await fetch(`${rt.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
  const pdfText = async (bytes: Buffer) => (await extractPages(new Uint8Array(bytes))).flatMap((p) => p.words.map((w) => w.text)).join(' ');

  it('in the Excel (sign and note), the PDF (sign, note, legend), the XPWE and SIX comments and the verification report', async () => {
    // Prepare: the fourth voce's quantity changed by hand, the others as read.
    const { docId, row } = await cartello();
    expect((await put(row.id, { quantita: 3 })).status).toBe(200);
    // Act
    const [xlsx, pdf, xpweOut, six, report] = await Promise.all(
      ['?format=xlsx', '?format=pdf', '?format=xpwe', '?format=six'].map((q) => get(`/api/documents/${docId}/export${q}`)).concat(get(`/api/documents/${docId}/verification/export`)),
    );
    // Assess
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const cells: Array<{ value: unknown; numFmt: string }> = [];
    sheet.eachRow((r) => r.eachCell((c) => cells.push({ value: c.value, numFmt: c.numFmt })));
    expect(cells.some((c) => typeof c.value === 'string' && c.value.includes(note))).toBe(true);
    expect(cells.some((c) => c.value === 4 && c.numFmt === '"* "0')).toBe(true);
    expect(cells.some((c) => c.value === '* = riga modificata a mano (i valori letti dal file sono nella colonna Note)')).toBe(true);
    const printed = await pdfText(pdf);
    expect(printed).toContain('* 4');
    expect(printed).toContain('Modificata a mano; letto dal file: quantità 1,00;');
    expect(printed).toContain('Voci modificate a mano: 1 su 4.');
    expect(xpweOut.toString('utf8')).toContain(note);
    expect(six.toString('utf8')).toContain(note);
    expect(await pdfText(report)).toContain('Modificata a mano; letto dal file: quantità 1,00;');
  });
});
