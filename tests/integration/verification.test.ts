/**
 * Issue 24, "Verifica del computo", through the API on the real local parts: a computo with one
 * planted defect per rule (an .xlsx imported like any upload, priced against a Toscana list loaded
 * through the two import steps) is reported rule by rule with no false alarm on its clean voci; a
 * clean computo scores 100; without a list for its province the list rules are not verifiable;
 * the threshold is kept per document with a conditional write; the Excel export has the sheet.
 */
import ExcelJS from 'exceljs';
import { extractPages } from '../../functions/analysis/pdf-text.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { importLuccaList } from '../support/price-lists.ts';
import { PLANTED, VERIFICATION_LIST, verificationComputo } from '../support/verification-computo.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;
let other: string;
let planted: number;
let rows: Array<{ id: number; tariffa: string }>;

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

async function importComputo(clean: boolean, fields?: Record<string, string>) {
  const { file } = await verificationComputo(clean);
  const res = await uploadPdf(rt.url, token, file, clean ? 'palestra-pulito.xlsx' : 'palestra.xlsx', fields);
  expect(res.status).toBe(201);
  await waitForAnalysis(rt.url, token, res.id);
  return res.id;
}

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await importLuccaList(rt.url, admin, VERIFICATION_LIST);
  for (const username of ['verifica.anna', 'verifica.bruno']) await call('POST', '/api/admin/users', { token: admin, body: { username, password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'verifica.anna', 'password-di-prova');
  other = await loginAs(rt.url, 'verifica.bruno', 'password-di-prova');
  planted = await importComputo(false);
  rows = (await call('GET', `/api/documents/${planted}/rows`, { token })).json.data.map((r: any) => r.attributes);
}, 120_000);
afterAll(async () => rt?.close());

describe('GET /api/documents/{id}/verification', () => {
  it('reports each planted defect under its rule, and nothing on the clean voci', async () => {
    // Act
    const res = await call('GET', `/api/documents/${planted}/verification`, { token });
    // Assess
    expect(res.status).toBe(200);
    const { controlli, punteggio, formula, soglia } = res.json.data;
    expect(rows).toHaveLength(12);
    const codesOf = (ids: number[]) => ids.map((id) => rows.find((r) => r.id === id)!.tariffa);
    const got = Object.fromEntries(controlli.map((c: any) => [c.regola, codesOf(c.righe)]));
    expect(got).toEqual(PLANTED);
    expect(Object.fromEntries(controlli.map((c: any) => [c.regola, c.esito]))).toEqual({
      aritmetica: 'errore',
      totale: 'errore',
      duplicati: 'avviso',
      unita: 'errore',
      scostamento_prezzo: 'avviso',
      codice_non_in_prezzario: 'avviso',
      nuovi_prezzi: 'avviso',
      quantita: 'errore',
      lettura: 'avviso',
      manodopera: 'avviso',
    });
    // 4 errors, 4 warnings counted (nuovi_prezzi is informational): 100 - 80 - 20.
    expect(punteggio).toBe(0);
    expect(soglia).toBe(20);
    expect(formula).toContain('20 × controlli in errore');
    expect(res.json.data.prezzari).toEqual(['Toscana LUCCA 2025']);
    const message = (regola: string) => controlli.find((c: any) => c.regola === regola).messaggio;
    expect(message('nuovi_prezzi')).toContain('300,00 €');
    expect(message('scostamento_prezzo')).toContain('30,00 % su F.01');
    expect(message('unita')).toContain('M.02: m² invece di m³');
  });

  it('scores a clean computo 100, every check passed', async () => {
    const id = await importComputo(true);
    const res = await call('GET', `/api/documents/${id}/verification`, { token });
    expect(res.json.data.controlli.filter((c: any) => c.esito !== 'superato')).toEqual([]);
    expect(res.json.data).toMatchObject({ punteggio: 100, semaforo: 'verde' });
  });

  it('says "non verificabile" for the list rules when no list is loaded for the province', async () => {
    // Prepare: Milano has no Toscana list, and no DEI list of the typology is loaded.
    const id = await importComputo(true, { provincia: 'MI', tipologia_dei: 'nuove_costruzioni' });
    // Act
    const res = await call('GET', `/api/documents/${id}/verification`, { token });
    // Assess
    const esiti = Object.fromEntries(res.json.data.controlli.map((c: any) => [c.regola, c.esito]));
    expect(esiti).toMatchObject({ unita: 'non_verificabile', scostamento_prezzo: 'non_verificabile', codice_non_in_prezzario: 'non_verificabile', aritmetica: 'superato' });
    expect(res.json.data.punteggio).toBe(85);
    expect(res.json.data.controlli.find((c: any) => c.regola === 'codice_non_in_prezzario').messaggio).toContain('Nessun prezzario è caricato');
  });

  it('answers 404 for someone else\u2019s document and 400 for a threshold that is not one', async () => {
    expect((await call('GET', `/api/documents/${planted}/verification`, { token: other })).status).toBe(404);
    expect((await call('PUT', `/api/documents/${planted}/verification`, { token: other, body: { soglia: 30 } })).status).toBe(404);
    const bad = await call('GET', `/api/documents/${planted}/verification?soglia=abc`, { token });
    expect(bad.status).toBe(400);
    expect(detail(bad)).toContain('Soglia di scostamento non valida');
  });
});

describe('the threshold, kept per document', () => {
  it('reads with a threshold without keeping it, keeps it with PUT, honours If-Match', async () => {
    // Act: a lighter reading with 35 % is not kept
    const read = await call('GET', `/api/documents/${planted}/verification?soglia=35`, { token });
    expect(read.json.data.controlli.find((c: any) => c.regola === 'scostamento_prezzo')).toMatchObject({ esito: 'superato', righe: [] });
    expect((await call('GET', `/api/documents/${planted}/verification`, { token })).json.data.soglia).toBe(20);
    // Act: kept with PUT, conditional on the version the client read
    const before = (await call('GET', `/api/documents/${planted}`, { token })).json.data.attributes;
    const stale = await call('PUT', `/api/documents/${planted}/verification`, { token, body: { soglia: 35 }, headers: { 'if-match': `"${before.version - 1}"` } });
    expect(stale.status).toBe(412);
    const put = await call('PUT', `/api/documents/${planted}/verification`, { token, body: { soglia: '35' }, headers: { 'if-match': `"${before.version}"` } });
    // Assess
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${before.version + 1}"`);
    expect(put.json.data.soglia).toBe(35);
    const again = await call('GET', `/api/documents/${planted}/verification`, { token });
    expect(again.json.data.soglia).toBe(35);
    expect(again.json.data.controlli.find((c: any) => c.regola === 'scostamento_prezzo').esito).toBe('superato');
    expect((await call('GET', `/api/documents/${planted}`, { token })).json.data.attributes.soglia_scostamento).toBe(35);
    // Two writers at once without If-Match: both land, one after the other.
    const both = await Promise.all([15, 25].map((soglia) => call('PUT', `/api/documents/${planted}/verification`, { token, body: { soglia } })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect([15, 25]).toContain((await call('GET', `/api/documents/${planted}`, { token })).json.data.attributes.soglia_scostamento);
    await call('PUT', `/api/documents/${planted}/verification`, { token, body: { soglia: 20 } });
  });
});

describe('Excel export', () => {
  it('has the review as a sheet, one block per check with its rows', async () => {
    const res = await fetch(`${rt.url}/api/documents/${planted}/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = wb.getWorksheet('Verifica')!;
    const lines: string[][] = [];
    sheet.eachRow((r) => lines.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(lines[1]).toEqual(['Punteggio', '0 / 100']);
    expect(lines.find((l) => l[0] === 'Prezzari consultati')).toEqual(['Prezzari consultati', 'Toscana LUCCA 2025']);
    expect(lines.find((l) => l[0] === 'Documento')).toEqual(['Documento', 'palestra.xlsx']);
    const heading = lines.findIndex((l) => l[0] === 'Nuovi prezzi (NP)');
    expect(lines[heading][1]).toBe('Avviso');
    expect(lines[heading + 2].slice(0, 2)).toEqual(['9', 'NP.01']);
  });
});

describe('PDF report', () => {
  it('prints the header, the score and every check with its rows; another user gets 404', async () => {
    // Act
    const res = await fetch(`${rt.url}/api/documents/${planted}/verification/export`, { headers: { authorization: `Bearer ${token}` } });
    const denied = await fetch(`${rt.url}/api/documents/${planted}/verification/export`, { headers: { authorization: `Bearer ${other}` } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`verifica_${planted}.pdf`);
    const pages = await extractPages(new Uint8Array(await res.arrayBuffer()));
    const text = pages.map((p) => p.words.map((w) => w.text).join(' ')).join(' ');
    expect(text).toContain('Verifica del computo');
    expect(text).toContain('Documento: palestra.xlsx');
    expect(text).toContain('Prezzari consultati: Toscana LUCCA 2025');
    expect(text).toContain('Punteggio: 0 / 100');
    for (const title of ['Aritmetica', 'Nuovi prezzi (NP)']) expect(text).toContain(title);
    expect(text).toContain('NP.01');
    expect(text).toMatch(/Pagina 1 di \d+/);
    expect(denied.status).toBe(404);
  });
});
