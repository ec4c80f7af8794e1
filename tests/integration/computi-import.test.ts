/**
 * Structured computi through the API: each format uploaded by multipart is imported into its
 * rows and priced, the original is downloadable under its name; the column-mapping preview;
 * a malformed file of each kind refused with its Italian message and nothing stored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusData } from '../support/corpus.ts';
import { offerWorkbook } from '../generator/offer-workbook.ts';
import { sum2 } from '../generator/core.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;

const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../fixtures/computi', name));
const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'giulia', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'giulia', 'password-di-prova');
});
afterAll(async () => rt?.close());

async function rowsOf(id: number) {
  return (await call('GET', `/api/documents/${id}/rows`, { token })).json.data.map((r: any) => r.attributes);
}

async function storedKeys(): Promise<string[]> {
  const out = await rt.ctx.s3.send(new ListObjectsV2Command({ Bucket: rt.ctx.config.bucket, Prefix: 'documents/' }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('each format becomes a document with its rows', () => {
  it.each([
    ['computo.xpwe', 'xpwe', 4, 2851.27, null],
    ['computo.xlsx', 'excel', 5, 7516.76, 7516.76],
    ['computo.xls', 'excel', 5, 7516.76, 7516.76],
    ['computo-leeno.ods', 'leeno', 3, 2351.9, 2351.9],
  ])('%s', async (name, layout, count, sum, stated) => {
    // Act
    const res = await uploadPdf(rt.url, token, fixture(name), name);
    // Assess
    expect(res.status).toBe(201);
    const doc = await waitForAnalysis(rt.url, token, res.id);
    // Only a total the file states is the document's total; without one it stays null (the screens show the sum as such).
    expect(doc).toMatchObject({ status: 'completed', filename: name, layout, row_count: count, sum_totale: sum, document_total: stated, congruent: stated === null ? null : true });
    const rows = await rowsOf(res.id);
    expect(rows).toHaveLength(count);
    expect(rows.every((r: any) => r.page === null && r.tipologia_dei === 'nuove_costruzioni')).toBe(true);
    // The original, under its name and type.
    const dl = await fetch(`${rt.url}/document/${res.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain(encodeURIComponent(name).replace(/%20/g, ' ').split('.')[0]);
    expect(Buffer.from(await dl.arrayBuffer()).equals(fixture(name))).toBe(true);
  });

  it('imports the shared STR Vision SIX export and prices it like any document', async () => {
    const six = corpusData('six-str-vision-4440.xml');
    const res = await uploadPdf(rt.url, token, six, 'Fit out PN19.xml');
    expect(res.status).toBe(201);
    const doc = await waitForAnalysis(rt.url, token, res.id);
    expect(doc).toMatchObject({ status: 'completed', layout: 'six', row_count: 308, sum_totale: 10699599.96, document_total: null, congruent: null, rows_to_check: 0 });
  });

  it('keeps the amounts of an Excel computo exactly and flags the row whose product differs', async () => {
    const res = await uploadPdf(rt.url, token, fixture('computo.xlsx'), 'computo.xlsx');
    await waitForAnalysis(rt.url, token, res.id);
    const rows = await rowsOf(res.id);
    expect(rows.map((r: any) => [r.tariffa, r.unita_di_misura, r.quantita, r.unitario, r.totale, r.verifica ?? []])).toEqual([
      ['A25093', 'm²', 120.5, 12.3, 1482.15, []],
      ['A25135b', 'cad', 8, 45, 360, []],
      ['N04001a', 'm²', 120.5, 38.75, 4669.38, []],
      ['N04002', 'm', 86.4, 9.1, 786.3, ['quantità × prezzo ≠ importo stampato']],
      ['S01', '%', 7297.83, 0.03, 218.93, []],
    ]);
    expect(rows[0].capitoli).toEqual({ supercategoria: 'OPERE EDILI', categoria: 'Demolizioni' });
  });
});

describe('a contractor\'s offer with chapter subtotals and a grand total', () => {
  it.each([
    [5, false],
    [4, true],
  ])('seed %i: subtotals are chapters, the grand total row is the declared total, verified only when the voci add up to it (%s)', async (seed, agrees) => {
    // Prepare
    const { bytes, truth } = await offerWorkbook(seed);
    expect(truth.declaredAgrees).toBe(agrees);
    // Act
    const res = await uploadPdf(rt.url, token, Buffer.from(bytes), `offerta-${seed}.xlsx`);
    const doc = await waitForAnalysis(rt.url, token, res.id);
    // Assess
    const sum = sum2(truth.voci.map((v) => v.totale));
    expect(doc).toMatchObject({ status: 'completed', row_count: truth.voci.length, sum_totale: sum, document_total: truth.declared, congruent: agrees });
    const rows = await rowsOf(res.id);
    expect(rows.some((r: any) => /^(?:sub)?totale\b|^sommano\b/i.test(r.descrizione))).toBe(false);
    if (!agrees) expect(rows.every((r: any) => r.verifica.length > 0)).toBe(true);
  });
});

describe('column mapping', () => {
  it('previews an uncertain spreadsheet without storing anything, and imports with the mapping the user corrected', async () => {
    // Prepare
    const before = await storedKeys();
    // Act
    const preview = await uploadForm(rt.url, '/api/upload/preview', token, fixture('computo-colonne-incerte.xlsx'), 'incerto.xlsx', {});
    // Assess
    expect(preview.status).toBe(200);
    expect(preview.json.data).toMatchObject({ certain: false, columns: ['Art.', 'Lavori', 'Mis.', 'Q.', '€/u', '€'], mapping: { codice: 0, descrizione: 1, unita_di_misura: 2, quantita: 3, unitario: 4, totale: 5 }, total_rows: 3 });
    expect(await storedKeys()).toEqual(before);

    // The user maps "Mis." as the code and "Art." as the unit, and confirms.
    const mapping = JSON.stringify({ codice: 2, descrizione: 1, unita_di_misura: 0, quantita: 3, unitario: 4, totale: 5 });
    const again = await uploadForm(rt.url, '/api/upload/preview', token, fixture('computo-colonne-incerte.xlsx'), 'incerto.xlsx', { column_mapping: mapping });
    expect(again.json.data.preview[0]).toMatchObject({ tariffa: 'm³', unita_di_misura: 'B.01', totale: 740 });
    const res = await uploadPdf(rt.url, token, fixture('computo-colonne-incerte.xlsx'), 'incerto.xlsx', { provincia: 'LU', tipologia_dei: 'nuove_costruzioni', column_mapping: mapping });
    expect(res.status).toBe(201);
    await waitForAnalysis(rt.url, token, res.id);
    expect((await rowsOf(res.id)).map((r: any) => [r.tariffa, r.unita_di_misura, r.totale])).toEqual([
      ['m³', 'B.01', 740],
      ['m³', 'B.02', 183.6],
      ['t', 'B.03', 308],
    ]);
  });

  it('refuses a mapping without Descrizione or Importo', async () => {
    const res = await uploadForm(rt.url, '/api/upload', token, fixture('computo-colonne-incerte.xlsx'), 'incerto.xlsx', {
      provincia: 'LU',
      tipologia_dei: 'nuove_costruzioni',
      column_mapping: JSON.stringify({ codice: 0, descrizione: 1, unita_di_misura: 2, quantita: 3, unitario: 4, totale: null }),
    });
    expect(res.status).toBe(400);
    expect(detail(res)).toBe('Associazione delle colonne non valida: scegli almeno le colonne Descrizione e Importo, ciascuna una sola volta.');
  });
});

describe('a malformed file of each kind is refused and nothing is stored', () => {
  it.each([
    ['troncato.xpwe', /^Il file XML non è valido o è danneggiato \(errore alla riga \d+\)\.$/],
    ['entita.xpwe', 'Il file XML contiene una dichiarazione DOCTYPE o ENTITY: per sicurezza non può essere importato.'],
    ['non-computo.xml', 'Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)'],
    ['six-senza-voci.xml', 'Il file SIX non contiene voci di computo misurate (nessuna prvRilevazione): è forse solo un prezzario?'],
    ['danneggiato.xlsx', 'Il file è danneggiato: l\u2019archivio compresso non è leggibile.'],
    ['danneggiato.ods', 'Il file è danneggiato: l\u2019archivio compresso non è leggibile.'],
    ['non-computo.xls', 'Nessuna tabella di computo riconosciuta nel foglio di calcolo: servono almeno le colonne Descrizione e Importo (o Quantità e Prezzo unitario).'],
  ])('%s', async (name, message) => {
    // Prepare
    const count = (await call('GET', '/api/documents', { token })).json.meta['total-count'];
    const keys = await storedKeys();
    // Act
    const res = await uploadPdf(rt.url, token, fixture(name), name);
    // Assess
    expect(res.status).toBe(400);
    expect(detail(res)).toMatch(message);
    expect((await call('GET', '/api/documents', { token })).json.meta['total-count']).toBe(count);
    expect(await storedKeys()).toEqual(keys);
  });
});
