import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { corpusData, corpusFile, truthOf } from '../support/corpus.ts';
import { priceListXlsx, tuscanItemsOf, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;
let editor: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'estimatore', password: 'password-di-prova' } });
  editor = await loginAs(rt.url, 'estimatore', 'password-di-prova');
});
afterAll(async () => rt?.close());

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;
const easyXml = () => corpusData('toscana-firenze-2025-excerpt.xml');

async function importToscana(file: Buffer, filename: string, provincia: string, anno = '2025') {
  const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, file, filename, { provincia, anno });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const confirm = await call('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { temp_file_id: up.json.data.temp_file_id, anno, provincia } });
  expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);
  return { up: up.json.data, confirm: confirm.json.data };
}

async function importDei(rows: Array<{ codice: string; descrizione: string; um: string; prezzo: number }>, tipologia = 'nuove_costruzioni') {
  const up = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, await priceListXlsx(rows), 'dei.xlsx', { tipologia_dei: tipologia, anno: '2025' });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const confirm = await call('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: up.json.data.temp_file_id } });
  expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);
}

async function waitForAnalysis(token: string, id: number) {
  for (let i = 0; i < 600; i++) {
    const res = await call('GET', `/api/documents/${id}`, { token });
    if (res.json.data.attributes.status !== 'processing') return res.json.data.attributes;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('analysis did not end');
}

describe('importing a price list in two steps', () => {
  it('previews the first 30 rows with the recognised columns, then confirms', async () => {
    // Prepare: 40 rows below title rows, Italian prices as text.
    const rows = Array.from({ length: 40 }, (_, i) => ({ codice: `TOS25_01.A03.${String(i + 1).padStart(3, '0')}.001`, descrizione: `Scavo di sbancamento ${i + 1}`, um: 'mc', prezzo: `${i + 1},50` }));
    // Act
    const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, await priceListXlsx(rows), 'lucca.xlsx', { provincia: 'LU', anno: '2024' });
    // Assess
    expect(up.status).toBe(200);
    const data = up.json.data;
    expect(data).toMatchObject({ type: 'success', total_rows: 40, target: { source: 'toscana', key: 'LUCCA', year: 2024 } });
    expect(data.preview).toHaveLength(30);
    expect(data.preview[1]).toMatchObject({ codice: 'TOS25_01.A03.002.001', tariffa: 'TOS25_01.A03.002.001', unita_di_misura: 'mc', prezzo: 2.5, anno: 2024, provincia: 'LUCCA' });
    expect(data.columns.recognised.map((c: any) => c.field)).toEqual(expect.arrayContaining(['codice', 'descrizione', 'unita_di_misura', 'prezzo']));
    // Nothing is visible before the confirmation.
    expect((await call('GET', '/api/search/price-list?q=TOS25_01.A03&anno=2024', { token: editor })).json.meta['total-count']).toBe(0);
    const confirm = await call('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { temp_file_id: data.temp_file_id, anno: 2024, provincia: 'LUCCA' } });
    expect(confirm.json.data).toMatchObject({ type: 'success', total_rows: 40 });
    expect((await call('GET', '/api/search/price-list?q=TOS25_01.A03&anno=2024', { token: editor })).json.meta['total-count']).toBe(40);
    // The temporary file is used up.
    const again = await call('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { temp_file_id: data.temp_file_id } });
    expect(again.status).toBe(404);
  });

  it('reads the official Regione Toscana XML', async () => {
    const { up } = await importToscana(easyXml(), 'firenze.xml', 'FIRENZE');
    expect(up.total_rows).toBe(9);
    const res = await call('GET', '/api/search/price-list?q=sondaggi%20geognostici&tipologiaDeiprovincia=FI', { token: editor });
    expect(res.json.meta['total-count']).toBeGreaterThan(0);
    expect(res.json.data[0].attributes).toMatchObject({ source: 'toscana', list_key: 'FIRENZE', list_year: 2025 });
  });

  it('refuses a missing temp id, a file that is not a price list, a wrong extension and an oversized file', async () => {
    expect(detail(await call('POST', '/api/confirm-prezzario-dei', { token: admin, body: {} }))).toBe('ID file temporaneo mancante');
    const fake = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, Buffer.from('non sono un excel'), 'listino.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    expect(fake.status).toBe(400);
    expect(detail(fake)).toMatch(/non è un file Excel valido/);
    const pdf = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, corpusFile('primus_small.pdf'), 'listino.pdf', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    expect(detail(pdf)).toBe('Seleziona un file Excel valido (.xlsx o .xls)');
    const noPrice = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, await priceListXlsx([{ codice: 'A1', descrizione: 'x', um: 'mq', prezzo: 1 }], ['Codice', 'Descrizione', 'U.M.', 'Note']), 'listino.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    expect(noPrice.status).toBe(400);
    expect(detail(noPrice)).toMatch(/Prezzo/);
    const noYear = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, await priceListXlsx([{ codice: 'A1', descrizione: 'x', um: 'mq', prezzo: 1 }]), 'l.xlsx', { tipologia_dei: 'nuove_costruzioni' });
    expect(detail(noYear)).toBe('Seleziona l\u2019anno.');
    const notTuscan = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, easyXml(), 'f.xml', { provincia: 'MI', anno: '2025' });
    expect(notTuscan.status).toBe(400);
    const huge = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, Buffer.alloc(6 * 1024 * 1024, 65), 'grande.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    expect(huge.status).toBe(413);
  });

  it('keeps the previous list whole when an import fails half-way', async () => {
    // Prepare: a DEI list is loaded.
    const v1 = [{ codice: 'A25093', descrizione: 'Muratura in blocchi', um: 'mq', prezzo: 40 }];
    const up1 = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, await priceListXlsx(v1), 'dei.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    await call('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: up1.json.data.temp_file_id } });
    const v2 = Array.from({ length: 100 }, (_, i) => ({ codice: `B${i}`, descrizione: 'Nuova voce', um: 'mq', prezzo: 1 }));
    const up2 = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, await priceListXlsx(v2), 'dei2.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    // Act: the blob store fails while the new version is written (an AWS fault, injected).
    const s3 = rt.ctx.s3 as unknown as { send: (cmd: unknown) => Promise<unknown> };
    const realSend = s3.send.bind(s3);
    s3.send = async (cmd) => {
      if (cmd instanceof PutObjectCommand && String(cmd.input.Key).startsWith('price-index/')) throw Object.assign(new Error('Slow down'), { name: 'SlowDown' });
      return realSend(cmd);
    };
    let failed;
    try {
      failed = await call('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: up2.json.data.temp_file_id } });
    } finally {
      s3.send = realSend;
    }
    // Assess: the old list is what readers see, and the price still comes from it.
    expect(failed.status).toBe(500);
    const search = await call('GET', '/api/search/price-list?q=A25093&tipologiaDeiprovincia=nuove_costruzioni', { token: editor });
    expect(search.json.data.map((d: any) => d.attributes.codice)).toEqual(['A25093']);
    expect((await call('GET', '/api/search/price-list?q=B1&tipologiaDeiprovincia=nuove_costruzioni', { token: editor })).json.meta['total-count']).toBe(0);
    const price = await call('POST', '/api/get_unitario', { token: editor, body: { tariffa: 'a25093', provincia: 'PG', tipologia_dei: 'nuove_costruzioni', quantita: 3 } });
    expect(price.json.data).toMatchObject({ success: true, unitario: 40, prezzo_totale_db: 120 });
    // The same staged file can be confirmed once the fault is gone.
    const retry = await call('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: up2.json.data.temp_file_id } });
    expect(retry.status).toBe(200);
    expect((await call('GET', '/api/search/price-list?q=A25093&tipologiaDeiprovincia=nuove_costruzioni', { token: editor })).json.meta['total-count']).toBe(0);
  });

  it('is for admins only', async () => {
    const res = await uploadForm(rt.url, '/api/upload-prezzario-dei', editor, await priceListXlsx([]), 'x.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    expect(res.status).toBe(403);
  });
});

describe('a file that is not a price list, and a DEI list with its chapters', () => {
  /** The temporary imports and the loaded lists: what a refused upload must leave as it was. */
  async function stored() {
    const out = await rt.ctx.s3.send(new ListObjectsV2Command({ Bucket: rt.ctx.config.bucket, Prefix: 'tmp/imports/' }));
    const lists = await Promise.all(['toscana', 'dei', 'csv'].map((source) => call('GET', `/api/prezzari?source=${source}`, { token: admin })));
    return { temps: (out.Contents ?? []).map((o) => o.Key).sort(), lists: lists.map((l) => l.json.meta.lists) };
  }

  it('refuses a computo export on every price-list upload with the Italian reason, and stores nothing', async () => {
    // Prepare: a computo export (N., Tariffa, Designazione, Quantità, Prezzo unitario, Importo) of Toscana articles.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Computo');
    ws.addRow(['COMPUTO METRICO ESTIMATIVO']);
    ws.addRow(['N.', 'Tariffa', 'Designazione', 'Quantità', 'Prezzo unitario', 'Importo']);
    ws.addRow([1, 'TOS25_01.A04.001.001', 'Scavo di sbancamento', 120, 15.25, 1830]);
    ws.addRow([2, 'TOS25_01.A04.008.001', 'Rinterro con materiale di scavo', 40, 7.2, 288]);
    const computo = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await stored();
    // Act
    const asToscana = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, computo, 'computo.xlsx', { provincia: 'PISA', anno: '2025' });
    const asDei = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, computo, 'computo.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    const asCsv = await uploadForm(rt.url, '/api/upload-csv', admin, computo, 'computo.xlsx', {});
    const six = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, corpusData('six-str-vision-4440.xml'), 'computo.xml', { provincia: 'PISA', anno: '2025' });
    const xpwe = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, readFileSync(new URL('../fixtures/computi/computo.xpwe', import.meta.url)), 'computo.xpwe', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    // Assess
    const reason = 'Il file non sembra un prezzario: sembra un computo (quantità e importi, colonne «Quantità» e «Importo»), non un prezzario. Un computo si carica come documento, non come prezzario.';
    for (const res of [asToscana, asDei, asCsv]) {
      expect(res.status).toBe(400);
      expect(detail(res)).toBe(reason);
    }
    expect(six.status).toBe(400);
    expect(detail(six)).toBe('Il file non sembra un prezzario: è un computo SIX (con misure e quantità), non un prezzario. Un computo si carica come documento, non come prezzario.');
    expect(xpwe.status).toBe(400);
    expect(detail(xpwe)).toBe('Il file non sembra un prezzario: è un computo XPWE (PriMus), non un prezzario. Un computo si carica come documento, non come prezzario.');
    expect(await stored()).toEqual(before);
  });

  it('keeps the chapters of a DEI list: a chapter\u2019s word finds its articles, below the article named by it, with the titles shown', async () => {
    // Prepare: DEI chapters and voci as rows without a price above the priced articles.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('DEI');
    ws.addRow(['PREZZI INFORMATIVI DELL\u2019EDILIZIA - RECUPERO 2025']);
    ws.addRow(['Codice', 'Descrizione', 'U.M.', 'Prezzo']);
    ws.addRow(['R', 'OPERE DI RESTAURO']);
    ws.addRow(['R15', 'CONSOLIDAMENTI DI MURATURE']);
    ws.addRow(['R15010', 'Iniezioni di miscela legante']);
    ws.addRow(['R15010a', 'a base di calce idraulica naturale', 'kg', 3.4]);
    ws.addRow(['R15010b', 'a base di resina epossidica', 'kg', 12.1]);
    ws.addRow(['R20', 'INTONACI']);
    ws.addRow(['R20001a', 'Intonaco deumidificante macroporoso', 'mq', 38]);
    ws.addRow(['R20002a', 'Consolidamento di intonaci distaccati con iniezioni', 'mq', 52]);
    const up = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, Buffer.from(await wb.xlsx.writeBuffer()), 'dei-recupero.xlsx', { tipologia_dei: 'ristrutturazione_manutenzione', anno: '2025' });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data.total_rows).toBe(4);
    expect(up.json.data.message).toMatch(/^File analizzato: 4 righe pronte per l’importazione \(4 righe di titolo tenute come titoli delle voci sotto di esse\)\./);
    expect(up.json.data.source_alerts).toEqual([]);
    const confirm = await call('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: up.json.data.temp_file_id } });
    expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);
    const ask = (q: string) => call('GET', `/api/search/price-list?q=${encodeURIComponent(q)}&tipologiaDeiprovincia=ristrutturazione_manutenzione&anno=2025`, { token: editor });
    // Act
    const chapter = await ask('consolidamenti');
    const voce = await ask('iniezioni');
    // Assess
    const hits = (res: { json: any }) => (res.json.data as Array<{ attributes: { codice: string; titoli?: string[] } }>).map((d) => d.attributes);
    expect(hits(chapter).map((h) => h.codice)).toEqual(['R20002a', 'R15010a', 'R15010b']);
    expect(hits(chapter)[1].titoli).toEqual(['OPERE DI RESTAURO', 'CONSOLIDAMENTI DI MURATURE', 'Iniezioni di miscela legante']);
    expect(hits(voce).map((h) => h.codice)).toEqual(['R20002a', 'R15010a', 'R15010b']);
    expect(hits(voce)[0].titoli).toEqual(['OPERE DI RESTAURO', 'INTONACI']);
  });
});

describe('pricing a computo', () => {
  it('prices every TOS25 row of a Lucca computo from the Lucca list and re-totals', async () => {
    // Prepare: the Lucca 2025 list holds the Toscana articles of primus_large, 10% dearer.
    const items = tuscanItemsOf('primus_large.pdf');
    expect(items.length).toBeGreaterThan(0);
    await importToscana(await priceListXlsx(items), 'lucca-2025.xlsx', 'LUCCA');
    // Act
    const up = await uploadForm(rt.url, '/api/upload', editor, corpusFile('primus_large.pdf'), 'lucca.pdf', { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
    const doc = await waitForAnalysis(editor, up.json.data.data.document_id);
    // Assess
    expect(doc.status).toBe('completed');
    const rows = (await call('GET', `/api/documents/${doc.id}/rows`, { token: editor })).json.data.map((d: any) => d.attributes);
    const tuscan = rows.filter((r: any) => r.tariffa.startsWith('TOS25'));
    expect(tuscan.length).toBe(truthOf('primus_large.pdf').items.filter((i) => i.tariffa.startsWith('TOS25')).length);
    for (const r of tuscan) {
      expect(r.prezzo_db, r.tariffa).toBe(items.find((i) => i.codice === r.tariffa)!.prezzo);
      expect(r.price_source).toMatchObject({ list: 'toscana', key: 'LUCCA', year: 2025, code: r.tariffa, prezzo: r.prezzo_db, unit_warning: null });
      expect(r.variazione_percentuale).toBeCloseTo(10, 0);
    }
    expect(rows.filter((r: any) => !r.tariffa.startsWith('TOS')).every((r: any) => r.prezzo_db === null)).toBe(true);
    expect(doc.document_total_db).toBeGreaterThan(0);

    const refresh = await call('POST', `/api/documents/${doc.id}/update-total`, { token: editor, body: { refresh: true } });
    expect(refresh.json.data).toMatchObject({ updated: tuscan.length, not_found: rows.length - tuscan.length, errors: 0 });
  });

  it('normalises codes with the admin patterns, in order', async () => {
    // Prepare: its own DEI list, so the price does not depend on what earlier tests imported.
    await importDei([{ codice: 'NORM7', descrizione: 'Voce per i pattern', um: 'mq', prezzo: 7.5 }]);
    const bad = await call('POST', '/api/patterns', { token: admin, body: { pattern: '(a+)+$' } });
    expect(bad.status).toBe(400);
    expect(detail(bad)).toMatch(/rifiutata/);
    const p = await call('POST', '/api/patterns', { token: admin, body: { pattern: '^DEI-', replacement: '', notes: 'prefisso stampato da alcuni programmi' } });
    expect(p.status).toBe(201);
    const price = await call('POST', '/api/get_unitario', { token: editor, body: { tariffa: 'DEI-NORM7', provincia: 'PG', tipologia_dei: 'nuove_costruzioni' } });
    expect(price.json.data).toMatchObject({ success: true, unitario: 7.5, source: { code: 'NORM7' } });
    expect((await call('PUT', `/api/patterns/${p.json.data.id}`, { token: admin, body: { notes: 'ok' } })).status).toBe(200);
    expect((await call('GET', '/api/patterns', { token: admin })).json.data).toHaveLength(1);
    expect((await call('DELETE', `/api/patterns/${p.json.data.id}`, { token: admin })).json.data.message).toBe('Pattern eliminato con successo');
    const none = await call('POST', '/api/get_unitario', { token: editor, body: { tariffa: 'NESSUNO', provincia: 'PG' } });
    expect(none.json.data).toMatchObject({ success: false, message: 'Nessun prezzo trovato per la tariffa: NESSUNO' });
  });
});

describe('search and CSV data', () => {
  it('finds by description words with accents and case folded, never by an empty term', async () => {
    // Prepare: 40 articles of its own, with words no other test uses.
    const rows = Array.from({ length: 40 }, (_, i) => ({ codice: `TOS23_99.S01.${String(i + 1).padStart(3, '0')}.001`, descrizione: `Sterro con ruspa cingolata ${i + 1}`, um: 'mc', prezzo: `${i + 1},00` }));
    await importToscana(await priceListXlsx(rows, undefined, 'Pisa'), 'pisa-2023.xlsx', 'PISA', '2023');
    // Act and Assess
    expect(detail(await call('GET', '/api/search/price-list?q=', { token: editor }))).toBe('Inserisci un termine di ricerca');
    const res = await call('GET', '/api/search/price-list?q=STERRO%20cingol%C3%A0t&limit=5', { token: editor });
    expect(res.json.data).toHaveLength(5);
    expect(res.json.meta['total-count']).toBe(40);
    const page8 = await call('GET', '/api/search/price-list?q=STERRO%20cingol%C3%A0t&limit=5&page=8', { token: editor });
    expect(page8.json.data).toHaveLength(5);
    expect(page8.json.data[0].attributes.codice).not.toBe(res.json.data[0].attributes.codice);
  });

  it('ranks the article named by the words first, forgives typos and says which words it left out', async () => {
    // Prepare: twenty articles that repeat "geotessile" in long descriptions, and the one it names, last in code order
    const rows = Array.from({ length: 20 }, (_, i) => ({
      codice: `TOS24_98.G01.${String(i + 1).padStart(3, '0')}.001`,
      descrizione: `Strato drenante in ghiaia lavata ${i + 1}, compreso il geotessile di separazione, il geotessile di protezione e il risvolto del geotessile sulle pareti`,
      um: 'mq',
      prezzo: `${i + 1},00`,
    }));
    rows.push({ codice: 'TOS24_98.G99.001.001', descrizione: 'GEOTESSILE NON TESSUTO in polipropilene agugliato, 200 g/mq', um: 'mq', prezzo: '3,10' });
    rows.push({ codice: 'TOS24_98.S01.001.001', descrizione: 'Scavo di sbancamento in terreni di qualsiasi natura', um: 'mc', prezzo: '7,00' });
    await importToscana(await priceListXlsx(rows, undefined, 'Siena'), 'siena-2024.xlsx', 'SIENA', '2024');
    const codes = (res: { json: any }) => (res.json.data as Array<{ attributes: { codice: string } }>).map((d) => d.attributes.codice);
    const ask = (q: string) => call('GET', `/api/search/price-list?q=${encodeURIComponent(q)}&provincia=SIENA&anno=2024`, { token: editor });
    // Act
    const named = await ask('geotessile');
    const typos = await ask('geotesile tesuto');
    const sbancamento = await ask('sbancameto');
    const missing = await ask('geotessile xyzzy');
    // Assess
    expect(codes(named)[0]).toBe('TOS24_98.G99.001.001');
    expect(named.json.meta.missing_words).toEqual([]);
    expect(codes(typos).slice(0, 3)).toContain('TOS24_98.G99.001.001');
    expect(typos.json.data[0].attributes.highlights.descrizione.length).toBeGreaterThan(0);
    expect(codes(sbancamento)).toEqual(['TOS24_98.S01.001.001']);
    expect(missing.json.meta).toMatchObject({ missing_words: ['xyzzy'], used_words: ['geotessile'], 'total-count': 21 });
    expect(codes(missing)[0]).toBe('TOS24_98.G99.001.001');
  });

  it('falls back to the row\u2019s description when its code (a new price) finds nothing', async () => {
    // Prepare
    const rows = [
      { codice: 'TOS24_97.P01.001.001', descrizione: 'Pozzetto prefabbricato in calcestruzzo vibrato, 50x50 cm', um: 'cad', prezzo: '80,00' },
      { codice: 'TOS24_97.P01.002.001', descrizione: 'Chiusino in ghisa sferoidale per pozzetti', um: 'cad', prezzo: '95,00' },
      { codice: 'TOS24_97.Q01.001.001', descrizione: 'Intonaco civile per interni', um: 'mq', prezzo: '18,00' },
    ];
    await importToscana(await priceListXlsx(rows, undefined, 'Grosseto'), 'grosseto-2024.xlsx', 'GROSSETO', '2024');
    const descrizione = 'Fornitura e posa di pozzetti prefabbricati in cls vibrato dim. 50x50';
    const ask = (q: string, d?: string) =>
      call('GET', `/api/search/price-list?q=${encodeURIComponent(q)}&tipologiaDeiprovincia=GROSSETO&anno=2024${d ? `&descrizione=${encodeURIComponent(d)}` : ''}`, { token: editor });
    // Act
    const byCode = await ask('NP_OC062');
    const fallback = await ask('NP_OC062', descrizione);
    const known = await ask('TOS24_97.Q01.001.001', descrizione);
    // Assess
    expect(byCode.json.meta['total-count']).toBe(0);
    expect(fallback.json.meta.from_description).toBe(true);
    expect(fallback.json.data[0].attributes.codice).toBe('TOS24_97.P01.001.001');
    expect(fallback.json.data[0].attributes.highlights.descrizione.length).toBeGreaterThan(0);
    expect(known.json.meta.from_description).toBe(false);
    expect(known.json.data.map((d: { attributes: { codice: string } }) => d.attributes.codice)).toEqual(['TOS24_97.Q01.001.001']);
  });

  it('imports CSV data (semicolons, Windows-1252) and pages through them', async () => {
    const lines = ['Codice;Descrizione;UM;Prezzo;Anno;Provincia', ...Array.from({ length: 120 }, (_, i) => `CSV.${i};Fornitura di pietra serena \u00e0 vista ${i};mq;${i},25;2024;FIRENZE`)];
    const bytes = Buffer.from(lines.join('\r\n'), 'latin1');
    const up = await uploadForm(rt.url, '/api/upload-csv', admin, bytes, 'dati.csv', {});
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data.total_rows).toBe(120);
    const page = await call('GET', '/api/csv-data?page=3&per_page=50', { token: editor });
    expect(page.json.meta['total-count']).toBe(120);
    expect(page.json.data).toHaveLength(20);
    const found = await call('GET', '/api/csv-data?search=pietra%20a%20vista', { token: editor });
    expect(found.json.meta['total-count']).toBe(120);
    expect(found.json.data[0].attributes.descrizione).toContain('à vista');
    const combined = await call('GET', '/api/search?q=CSV.1&type=all', { token: editor });
    expect(combined.json.data.csv_data.length).toBeGreaterThan(0);
  });
});

describe('DEI typologies', () => {
  it('creates, refuses a duplicate value with 409, toggles, bulk-toggles and deletes', async () => {
    const created = await call('POST', '/api/tipologie-dei', { token: admin, body: { value: ' restauro ', description: 'RESTAURO', is_active: true } });
    expect(created.status).toBe(201);
    expect(created.json.meta.message).toBe('Tipologia creata con successo');
    const id = created.json.data.attributes.id;
    const dup = await call('POST', '/api/tipologie-dei', { token: admin, body: { value: 'RESTAURO', description: 'x' } });
    expect(dup.status).toBe(409);
    expect(detail(dup)).toBe('Una tipologia con questo valore esiste già');
    expect(detail(await call('POST', '/api/tipologie-dei', { token: admin, body: { value: 'x' } }))).toBe('Valore e descrizione sono obbligatori');
    const off = await call('PATCH', `/api/admin/tipologie-dei/${id}/status`, { token: admin, body: { attivo: false } });
    expect(off.json.data.attributes.attivo).toBe(false);
    const active = await call('GET', '/api/tipologie-dei?active_only=true', { token: editor });
    expect(active.json.data.map((t: any) => t.attributes.value)).not.toContain('restauro');
    const bulk = await call('PATCH', '/api/admin/tipologie-dei/bulk-status', { token: admin, body: { tipologie_ids: [id, 1], attivo: true } });
    expect(bulk.json.meta.updated).toBe(2);
    const renamed = await call('PUT', `/api/tipologie-dei/${id}`, { token: admin, body: { value: 'impianti_elettrici', description: 'x' } });
    expect(renamed.status).toBe(409);
    expect((await call('DELETE', `/api/tipologie-dei/${id}`, { token: admin })).json.data.message).toBe('Tipologia eliminata con successo');
    expect((await call('POST', '/api/tipologie-dei', { token: editor, body: { value: 'y', description: 'y' } })).status).toBe(403);
  });
});

describe('API debug', () => {
  it('answers /test/db and /test/db/schema for admins', async () => {
    expect((await call('GET', '/test/db', { token: admin })).json.data.status).toBe('ok');
    const schema = await call('GET', '/test/db/schema', { token: admin });
    expect(schema.json.data.tables.length).toBeGreaterThan(5);
    expect((await call('GET', '/test/db', { token: editor })).status).toBe(403);
  });
});

describe('price lists in Windows-1252', () => {
  it('the preview keeps € and typographic quotes and carries a warning that the encoding was guessed', async () => {
    // Prepare: what Excel writes for "CSV (separato da ;)" on Italian Windows.
    const text = 'Codice;Descrizione;U.M.;Prezzo\r\nW.01;Porta \u201cREI 60\u201d \u2013 anta singola (\u20ac/cad);cad;1.234,50\r\nW.02;Davanzale \u2018in pietra\u2019;m;45,00\r\n';
    const high: Record<string, number> = { '\u20ac': 0x80, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u2013': 0x96 };
    const bytes = Buffer.from([...text].map((ch) => high[ch] ?? ch.charCodeAt(0)));
    // Act
    const up = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, bytes, 'dei-1252.csv', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    // Assess
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data.preview.map((r: any) => r.descrizione)).toEqual(['Porta \u201cREI 60\u201d \u2013 anta singola (\u20ac/cad)', 'Davanzale \u2018in pietra\u2019']);
    expect(up.json.data.warnings).toContain('Codifica del file non dichiarata: letto come Windows-1252. Controlla che i caratteri accentati e il simbolo \u20ac siano corretti.');
    // The same file in UTF-8 brings no such warning.
    const utf = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, Buffer.from(text, 'utf8'), 'dei-utf8.csv', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    expect(utf.json.data.preview[0].descrizione).toBe('Porta \u201cREI 60\u201d \u2013 anta singola (\u20ac/cad)');
    expect(utf.json.data.warnings.some((w: string) => w.startsWith('Codifica del file'))).toBe(false);
  });
});
