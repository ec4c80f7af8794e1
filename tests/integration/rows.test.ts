import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { corpusFile, truthOf } from '../support/corpus.ts';
import { tuscanItemsOf, uploadForm, importLuccaList } from '../support/price-lists.ts';
import { createPattern, deletePattern } from '../../functions/storage/repositories/patterns.ts';
import { MERGE_CHOICE_ERROR } from '../../shared/domain/rows.ts';
import { productAmount } from '../../shared/domain/totals.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;
let owner: string;
let other: string;
let docId: number;

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;
const rowsOf = async (id = docId) => (await call('GET', `/api/documents/${id}/rows`, { token: owner })).json.data.map((d: any) => d.attributes);
const docOf = async (id = docId) => (await call('GET', `/api/documents/${id}`, { token: owner })).json.data.attributes;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  for (const u of ['proprietario', 'estraneo']) await call('POST', '/api/admin/users', { token: admin, body: { username: u, password: 'password-di-prova' } });
  owner = await loginAs(rt.url, 'proprietario', 'password-di-prova');
  other = await loginAs(rt.url, 'estraneo', 'password-di-prova');
  // A Lucca list for the Toscana articles of primus_medium, and the document itself.
  await importLuccaList(rt.url, admin, tuscanItemsOf('primus_medium.pdf'));
  const doc = await uploadForm(rt.url, '/api/upload', owner, corpusFile('primus_medium.pdf'), 'medium.pdf', { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
  docId = doc.json.data.data.document_id;
  for (let i = 0; i < 600 && (await docOf()).status === 'processing'; i++) await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => rt?.close());

describe('editing a row', () => {
  it('recomputes the derived fields and the document totals on the server', async () => {
    const [row] = (await rowsOf()).filter((r: any) => r.prezzo_db !== null);
    const before = await docOf();
    const res = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { quantita: '2,00', unitario: 100, totale: 200 } });
    expect(res.status).toBe(200);
    const updated = res.json.data.attributes;
    expect(updated).toMatchObject({ quantita: 2, unitario: 100, totale: 200, prezzo_db: row.prezzo_db });
    expect(updated.prezzo_totale_db).toBe(Math.round(2 * row.prezzo_db * 100) / 100);
    expect(updated.variazione_percentuale).toBeCloseTo(((row.prezzo_db - 100) / 100) * 100, 2);
    const after = await docOf();
    expect(after.sum_totale).toBeCloseTo(before.sum_totale - row.totale + 200, 2);
    expect(res.json.meta.totals.sum_totale).toBe(after.sum_totale);
  });

  it('keeps a typed db price as manual, and refuses a non-number', async () => {
    const [row] = await rowsOf();
    const res = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { prezzo_db: 12.34, descrizione: 'Descrizione corretta' } });
    expect(res.json.data.attributes).toMatchObject({ prezzo_db: 12.34, descrizione: 'Descrizione corretta', price_source: { list: 'manuale' } });
    // Refreshing the whole document keeps it.
    const refresh = await call('POST', `/api/documents/${docId}/update-total`, { token: owner, body: { refresh: true } });
    expect(refresh.json.data.manual).toBe(1);
    expect((await rowsOf()).find((r: any) => r.id === row.id)).toMatchObject({ prezzo_db: 12.34, price_source: { list: 'manuale' } });
    const bad = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { quantita: 'dieci' } });
    expect(bad.status).toBe(400);
    expect(detail(bad)).toBe('Valore numerico non valido per quantità');
  });

  it('refreshes one row price by the rules', async () => {
    const tuscan = (await rowsOf()).find((r: any) => r.tariffa.startsWith('TOS25'));
    await call('PUT', `/api/rows/${tuscan.id}`, { token: owner, body: { prezzo_db: null } });
    const res = await call('PUT', `/api/rows/${tuscan.id}`, { token: owner, body: { refresh_price: true } });
    expect(res.json.data.attributes.price_source).toMatchObject({ list: 'toscana', key: 'LUCCA', year: 2025 });
    expect(res.json.meta.price_found).toBe(true);
  });

  it('hides rows of other people\'s documents and answers 404 for missing rows', async () => {
    const [row] = await rowsOf();
    for (const [method, body] of [['GET', undefined], ['PUT', { quantita: 1 }], ['DELETE', undefined]] as const) {
      const res = await call(method, `/api/rows/${row.id}`, { token: other, body });
      expect(res.status, method).toBe(404);
      expect(detail(res)).toBe('Riga non trovata');
    }
    expect((await call('GET', '/api/rows/99999999', { token: owner })).status).toBe(404);
    expect((await call('GET', `/api/rows/${row.id}`, { token: admin })).status).toBe(200);
  });
});

describe('why a row has the price it has', () => {
  it('a priced row names its article; an unpriced one says why, in Italian', async () => {
    const rows = await rowsOf();
    const priced = rows.find((r: any) => r.price_source?.list === 'toscana');
    const article = tuscanItemsOf('primus_medium.pdf').find((i) => i.codice === priced.tariffa)!;
    expect(priced.price_source).toMatchObject({ code: priced.tariffa, descrizione: expect.any(String), prezzo: priced.prezzo_db, patterns: [] });
    expect(priced.price_source.unita_di_misura).toBe(article.um);
    expect(priced.price_reason).toBeNull();
    const unpriced = rows.find((r: any) => r.prezzo_db === null && !r.tariffa.startsWith('TOS25'));
    expect(unpriced.price_reason).toBe('codice non presente nel prezzario Toscana LUCCA 2025; nessun prezzario DEI caricato per la tipologia NUOVE COSTRUZIONI');
  });

  it('warns when the row and the article measure different things', async () => {
    const priced = (await rowsOf()).find((r: any) => r.price_source?.list === 'toscana' && r.unita_di_misura !== 'm³');
    const res = await call('PUT', `/api/rows/${priced.id}`, { token: owner, body: { unita_di_misura: 'm³', refresh_price: true } });
    expect(res.json.data.attributes.price_source.unit_warning).toBe(`Unità di misura diversa: la riga è in m³, l\u2019articolo del prezzario in ${priced.price_source.unita_di_misura}`);
    await call('PUT', `/api/rows/${priced.id}`, { token: owner, body: { unita_di_misura: priced.unita_di_misura, refresh_price: true } });
  });
});

describe('correcting the province and typology of a document', () => {
  it('re-prices every row by the new settings, keeps manual prices, and refuses an unknown typology', async () => {
    // Prepare: one manual price
    const [manual] = (await rowsOf()).filter((r: any) => r.price_source?.list !== 'manuale' && r.tariffa.startsWith('TOS25'));
    await call('PUT', `/api/rows/${manual.id}`, { token: owner, body: { prezzo_db: 7.77 } });
    const tuscanPriced = (await rowsOf()).filter((r: any) => r.price_source?.list === 'toscana').length;
    expect(tuscanPriced).toBeGreaterThan(0);

    // Act: a province with no list loaded, and another typology
    const res = await call('PUT', `/api/documents/${docId}/settings`, { token: owner, body: { provincia: 'FI', tipologia_dei: 'ristrutturazione_manutenzione' } });

    // Assess
    expect(res.status).toBe(200);
    expect(res.json.data.document).toMatchObject({ provincia: 'FI', tipologia_dei: 'ristrutturazione_manutenzione' });
    const rows = await rowsOf();
    expect(rows.filter((r: any) => r.price_source?.list === 'toscana')).toHaveLength(0);
    expect(rows.find((r: any) => r.id === manual.id)).toMatchObject({ prezzo_db: 7.77, price_source: { list: 'manuale' } });
    const tuscan = rows.find((r: any) => r.tariffa.startsWith('TOS25') && r.id !== manual.id);
    expect(tuscan.price_reason).toMatch(/^nessun prezzario Toscana caricato per la provincia di FIRENZE/);
    expect(rows.every((r: any) => r.tipologia_dei === 'ristrutturazione_manutenzione')).toBe(true);
    expect(res.json.data.message).toBe(`Provincia e tipologia aggiornate. Prezzi di riferimento trovati per 0 righe su ${rows.length}.`);

    // Back to Lucca: the Tuscan rows are priced again
    const back = await call('PUT', `/api/documents/${docId}/settings`, { token: owner, body: { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } });
    expect(back.json.data.updated).toBe(tuscanPriced);
    expect((await rowsOf()).filter((r: any) => r.price_source?.list === 'toscana')).toHaveLength(tuscanPriced);

    const bad = await call('PUT', `/api/documents/${docId}/settings`, { token: owner, body: { provincia: 'LU', tipologia_dei: 'inesistente' } });
    expect(bad.status).toBe(400);
    expect(detail(bad)).toBe('Tipologia DEI non valida');
    await call('PUT', `/api/rows/${manual.id}`, { token: owner, body: { prezzo_db: null, refresh_price: true } });
  });
});

describe('merging rows', () => {
  it('refuses a wrong count, non-consecutive rows, missing rows and someone else\'s rows', async () => {
    const rows = await rowsOf();
    expect(detail(await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: rows[0].id } }))).toBe('Seleziona esattamente 2 righe consecutive per l\u2019unione');
    expect(detail(await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: rows[0].id, second_row_id: rows[0].id } }))).toBe('Seleziona esattamente 2 righe consecutive per l\u2019unione');
    expect(detail(await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: rows[0].id, second_row_id: rows[2].id } }))).toBe('Le righe devono essere consecutive per essere unite');
    expect(detail(await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: rows[0].id, second_row_id: 99999999 } }))).toBe('Righe selezionate non trovate');
    expect((await call('POST', '/api/rows/merge', { token: other, body: { first_row_id: rows[0].id, second_row_id: rows[1].id } })).status).toBe(404);
  });

  it('two different articles: refused without a choice; with it, the first row\'s id and the chosen article by the product rule', async () => {
    const rows = await rowsOf();
    const [first, second] = [rows[5], rows[6]];
    const refused = await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: second.id, second_row_id: first.id } });
    expect(refused.status).toBe(400);
    expect(detail(refused)).toBe(MERGE_CHOICE_ERROR);
    const res = await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: second.id, second_row_id: first.id, articolo: 'prima' } });
    expect(res.status).toBe(200);
    const after = await rowsOf();
    expect(after).toHaveLength(rows.length - 1);
    const merged = after.find((r: any) => r.id === first.id);
    const totale = productAmount(first.quantita, first.unitario);
    expect(merged).toMatchObject({ tariffa: first.tariffa, descrizione: first.descrizione, quantita: first.quantita, unitario: first.unitario, totale, prezzo_db: first.prezzo_db, price_source: first.price_source });
    expect(merged.prezzo_totale_db).toBe(productAmount(first.quantita, first.prezzo_db));
    expect(after.find((r: any) => r.id === second.id)).toBeUndefined();
    expect((await docOf()).row_count).toBe(rows.length - 1);
    // Numbers keep their gap (6, 8): the merged row and the next one are consecutive now.
    const next = await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: first.id, second_row_id: rows[7].id, articolo: 'seconda' } });
    expect(next.status).toBe(200);
  });

  it('leaves both rows untouched when the transaction fails', async () => {
    // Prepare: DynamoDB refuses the transaction (an AWS fault, injected).
    const rows = await rowsOf();
    const db = rt.ctx.db as unknown as { send: (cmd: unknown) => Promise<unknown> };
    const realSend = db.send.bind(db);
    db.send = async (cmd) => {
      if (cmd instanceof TransactWriteCommand) throw Object.assign(new Error('Internal server error'), { name: 'InternalServerError' });
      return realSend(cmd);
    };
    let res;
    try {
      // Act
      res = await call('POST', '/api/rows/merge', { token: owner, body: { first_row_id: rows[10].id, second_row_id: rows[11].id, articolo: 'seconda' } });
    } finally {
      db.send = realSend;
    }
    // Assess: neither half happened.
    expect(res.status).toBe(500);
    expect(await rowsOf()).toEqual(rows);
  });

  it('rolls a half-done transaction back in the local runtime too', async () => {
    // The second write's condition fails (the row id does not match): the first write is undone.
    const rows = await rowsOf();
    const [first, second] = [rows[12], rows[13]];
    await expect(
      rt.ctx.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: rt.ctx.table('rows'), Item: { ...first, descrizione: 'CAMBIATA' } } },
            { Delete: { TableName: rt.ctx.table('rows'), Key: { document_id: second.document_id, row_index: second.row_index }, ConditionExpression: 'id = :x', ExpressionAttributeValues: { ':x': -1 } } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await rowsOf()).toEqual(rows);
  });
});

describe('bulk typology, delete, duplicate, export', () => {
  it('changes the typology of the selection and re-prices those rows', async () => {
    const rows = await rowsOf();
    const ids = rows.slice(0, 3).map((r: any) => r.id);
    const res = await call('POST', '/api/rows/update-tipologia-dei', { token: owner, body: { row_ids: ids, tipologia_dei: 'impianti_elettrici' } });
    expect(res.status).toBe(200);
    expect(res.json.data.updated).toBe(3);
    expect((await rowsOf()).filter((r: any) => ids.includes(r.id)).every((r: any) => r.tipologia_dei === 'impianti_elettrici')).toBe(true);
    expect(detail(await call('POST', '/api/rows/update-tipologia-dei', { token: owner, body: { row_ids: ids, tipologia_dei: 'inventata' } }))).toBe('Tipologia DEI non valida');
  });

  it('deletes a row and re-totals', async () => {
    const rows = await rowsOf();
    const res = await call('DELETE', `/api/rows/${rows[20].id}`, { token: owner });
    expect(res.status).toBe(200);
    const doc = await docOf();
    expect(doc.row_count).toBe(rows.length - 1);
    expect(doc.congruent).toBe(false);
  });

  it('duplicates the selected rows into a new document with a custom title', async () => {
    const rows = await rowsOf();
    const chosen = [rows[3], rows[1], rows[8]];
    const res = await call('POST', `/api/documents/${docId}/duplicate-rows`, { token: owner, body: { row_ids: chosen.map((r: any) => r.id), new_title: 'Variante impianti' } });
    expect(res.status).toBe(201);
    expect(res.json.data.success).toBe(true);
    const copyId = res.json.data.new_document_id;
    const copy = await docOf(copyId);
    expect(copy).toMatchObject({ filename: 'Variante impianti', status: 'completed', row_count: 3, provincia: 'LU' });
    // Its original downloads as a PDF, under the title with ".pdf"
    const original = await fetch(`${rt.url}/document/${copyId}/download`, { headers: { authorization: `Bearer ${owner}` } });
    expect(original.headers.get('content-disposition')).toContain('Variante%20impianti.pdf');
    const copied = await rowsOf(copyId);
    expect(copied.map((r: any) => [r.row_index, r.tariffa])).toEqual([[1, rows[1].tariffa], [2, rows[3].tariffa], [3, rows[8].tariffa]]);
    expect(copied.every((r: any) => !chosen.some((c: any) => c.id === r.id))).toBe(true);
    expect(detail(await call('POST', `/api/documents/${docId}/duplicate-rows`, { token: owner, body: { row_ids: [rows[0].id], new_title: ' ' } }))).toBe('Inserisci un titolo per il nuovo documento');
    expect((await call('POST', `/api/documents/${docId}/duplicate-rows`, { token: other, body: { row_ids: [rows[0].id], new_title: 'x' } })).status).toBe(404);
  });

  it('exports a workbook with the same rows and totals and no formula injection', async () => {
    // Prepare: a description that a spreadsheet would run if it were a formula.
    const rows = await rowsOf();
    await call('PUT', `/api/rows/${rows[0].id}`, { token: owner, body: { descrizione: '=HYPERLINK("http://example.invalid","clic")' } });
    // Act
    const res = await fetch(`${rt.url}/api/documents/${docId}/export`, { headers: { authorization: `Bearer ${owner}` } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`documento_${docId}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(7).getCell(1).value).toBe('N°');
    // Printed as a person expects, with labels rather than keys
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '7:7' });
    expect(ws.getRow(3).getCell(3).value).toBe('NUOVE COSTRUZIONI');
    expect(ws.getRow(2).getCell(3).value).toBe('Lucca (LU)');
    expect(String(ws.getRow(4).getCell(3).value)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // Columns found by their header (the sheet may gain columns).
    const column = (header: string): number => (ws.getRow(7).values as unknown[]).indexOf(header);
    const value = (v: unknown): unknown => (v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v);
    const byIndex = new Map<number, any>();
    ws.eachRow((r, n) => n > 7 && typeof r.getCell(1).value === 'number' && byIndex.set(r.getCell(1).value as number, r));
    const tuscanRow = (await rowsOf()).find((r: any) => r.price_source?.list === 'toscana');
    expect(byIndex.get(tuscanRow.row_index).getCell(column('Fonte del prezzo')).value).toBe(`Prezzario Toscana LUCCA 2025 · ${tuscanRow.price_source.code}`);
    const unpricedRow = (await rowsOf()).find((r: any) => r.price_reason);
    const unpriced = byIndex.get(unpricedRow.row_index);
    expect(String(unpriced.getCell(column('Note')).value)).toContain(`Senza prezzo: ${unpricedRow.price_reason}`);
    const current = await rowsOf();
    const exported = [];
    for (let r = 8; r < 8 + current.length; r++) exported.push({ tariffa: ws.getRow(r).getCell(column('Tariffa')).value, totale: value(ws.getRow(r).getCell(column('Totale')).value) });
    expect(exported).toEqual(current.map((r: any) => ({ tariffa: r.tariffa, totale: r.totale })));
    const injected = ws.getRow(8).getCell(column('Descrizione'));
    expect(injected.type).toBe(ExcelJS.ValueType.String);
    expect(injected.value).toBe('=HYPERLINK("http://example.invalid","clic")');
    const amounts = String.fromCharCode(64 + column('Totale'));
    const total = ws.getRow(8 + current.length + 1).getCell(column('Totale')).value as { formula: string; result: number };
    expect(total.formula).toBe(`SUM(${amounts}8:${amounts}${7 + current.length})`);
    expect(total.result).toBe((await docOf()).sum_totale);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });
    expect(ws.autoFilter).toBeTruthy();
    expect(truthOf('primus_medium.pdf').voci).toBeGreaterThan(current.length);
  });
});

describe('numbers and texts are stored as sent or refused clearly', () => {
  it('refuses amounts DynamoDB cannot hold or beyond the business limit with a 400, on every field', async () => {
    const [row] = await rowsOf();
    const cases: Array<[string, unknown, string]> = [
      ['quantita', '1' + '0'.repeat(40), 'quantità'],
      ['unitario', 1e300, 'prezzo unitario'],
      ['prezzo_unitario', '1e400', 'prezzo unitario'],
      ['totale', '1.000.000.000.000,00', 'totale'],
      ['prezzo_db', '123456789012345678901234567890123456789', 'prezzo DB'],
      ['quantita', 'Infinity', 'quantità'],
      ['totale', '1e999999999', 'totale'],
    ];
    for (const [field, value, label] of cases) {
      const res = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { [field]: value } });
      expect(res.status, `${field}=${String(value).slice(0, 20)}`).toBe(400);
      expect(detail(res)).toBe(`Importo non valido per ${label}: troppe cifre o valore troppo grande (massimo 999.999.999.999,99 in valore assoluto).`);
    }
    const nan = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { quantita: 'NaN' } });
    expect(nan.status).toBe(400);
    expect(detail(nan)).toBe('Valore numerico non valido per quantità');
    // Nothing was written.
    expect((await rowsOf()).find((r: any) => r.id === row.id)).toEqual(row);
  });

  it('refuses extra decimals instead of rounding them, and keeps the largest amount exactly', async () => {
    const [row] = await rowsOf();
    const decimals = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { unitario: '12,3456789' } });
    expect(decimals.status).toBe(400);
    expect(detail(decimals)).toBe('Importo non valido per prezzo unitario: sono ammesse al massimo 6 cifre decimali.');
    const big = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { quantita: '1', totale: '-999.999.999.999,99' } });
    expect(big.status).toBe(200);
    expect(big.json.data.attributes).toMatchObject({ quantita: 1, totale: -999999999999.99 });
    expect((await rowsOf()).find((r: any) => r.id === row.id).totale).toBe(-999999999999.99);
    await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { quantita: row.quantita, totale: row.totale } });
  });

  it('get_unitario refuses an absurd quantity with a 400', async () => {
    const tuscan = (await rowsOf()).find((r: any) => r.tariffa.startsWith('TOS25'));
    const okRes = await call('POST', '/api/get_unitario', { token: owner, body: { tariffa: tuscan.tariffa, provincia: 'LU', quantita: '2,5' } });
    expect(okRes.status).toBe(200);
    expect(okRes.json.data.success).toBe(true);
    for (const quantita of [1e300, '1e999999999', '1' + '0'.repeat(45)]) {
      const res = await call('POST', '/api/get_unitario', { token: owner, body: { tariffa: tuscan.tariffa, provincia: 'LU', quantita } });
      expect(res.status).toBe(400);
      expect(detail(res)).toBe('Importo non valido per quantità: troppe cifre o valore troppo grande (massimo 999.999.999.999,99 in valore assoluto).');
    }
  });

  it('refuses a description, code or unit over its limit instead of cutting it', async () => {
    const [row] = await rowsOf();
    const long = 'è'.repeat(5001);
    const res = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { descrizione: long } });
    expect(res.status).toBe(400);
    expect(detail(res)).toBe('La descrizione è troppo lunga: massimo 5.000 caratteri (inseriti 5.001).');
    expect(detail(await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { tariffa: 'A'.repeat(101) } }))).toBe('La tariffa è troppo lunga: massimo 100 caratteri (inseriti 101).');
    expect(detail(await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { unita_di_misura: 'm'.repeat(101) } }))).toBe('L\u2019unità di misura è troppo lunga: massimo 100 caratteri (inseriti 101).');
    expect((await rowsOf()).find((r: any) => r.id === row.id).descrizione).toBe(row.descrizione);
    // Exactly at the limit is stored whole.
    const atLimit = '€'.repeat(5000);
    const saved = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { descrizione: atLimit } });
    expect(saved.status).toBe(200);
    expect((await rowsOf()).find((r: any) => r.id === row.id).descrizione).toBe(atLimit);
  });

  it('a duplicated document keeps the "/" of its title, and a title over 200 characters is refused', async () => {
    const rows = await rowsOf();
    const res = await call('POST', `/api/documents/${docId}/duplicate-rows`, { token: owner, body: { row_ids: [rows[0].id], new_title: 'Lavori 2024/2025 – lotto A/B' } });
    expect(res.status).toBe(201);
    expect((await docOf(res.json.data.new_document_id)).filename).toBe('Lavori 2024/2025 – lotto A/B');
    expect(res.json.data.message).toBe('Documento "Lavori 2024/2025 – lotto A/B" creato con 1 righe');
    const long = await call('POST', `/api/documents/${docId}/duplicate-rows`, { token: owner, body: { row_ids: [rows[0].id], new_title: 'T'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(detail(long)).toBe('Il titolo è troppo lungo: massimo 200 caratteri (inseriti 201).');
  });
});

describe('admin patterns cannot freeze the API', () => {
  it('prices a row with a 100-character code in under a second with worst-case patterns stored', async () => {
    // Prepare: patterns that would backtrack for ages on a backtracking engine, stored directly
    // (as old data, past the validator), then one that maps the code to a real Tuscan article.
    const tuscan = (await rowsOf()).find((r: any) => r.tariffa.startsWith('TOS25'));
    const code = 'A'.repeat(99) + '!';
    const stored = [];
    for (const pattern of ['^(A|AA)+$', '[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+X', '(\\w+\\s?)*$', '(.*A){20}$', '(A)\\1', '(?=A)(A+)+B']) {
      stored.push(await createPattern(rt.ctx, { pattern, replacement: '', notes: null }));
    }
    stored.push(await createPattern(rt.ctx, { pattern: '^A{99}!$', replacement: tuscan.tariffa, notes: null }));
    const [row] = await rowsOf();
    try {
      // Act
      const started = performance.now();
      const res = await call('PUT', `/api/rows/${row.id}`, { token: owner, body: { tariffa: code } });
      const elapsed = performance.now() - started;
      // Assess: fast, and every pattern ran (the last one found the Tuscan price).
      expect(res.status).toBe(200);
      expect(elapsed).toBeLessThan(1000);
      expect(res.json.meta.price_found).toBe(true);
      expect(res.json.data.attributes.price_source).toMatchObject({ list: 'toscana', code: tuscan.tariffa });
    } finally {
      for (const p of stored) await deletePattern(rt.ctx, p.id);
    }
  });
});
