import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPUTO, EXPECTED, OFFERTA_MDO, PROGETTO_MDO, sumOf, VARIANTE, xpwe } from '../support/comparison-computi.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let mario: string;
let lucia: string;
let admin: string;
let computo: number;
let variante: number;
let offerta: number;
let luciaDoc: number;

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

async function uploadXpwe(token: string, voci: typeof COMPUTO, name: string) {
  const res = await uploadPdf(rt.url, token, Buffer.from(xpwe(voci, name)), name);
  expect(res.status).toBe(201);
  const doc = await waitForAnalysis(rt.url, token, res.id);
  expect(doc.status).toBe('completed');
  return res.id;
}

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  for (const username of ['mario', 'lucia']) await call('POST', '/api/admin/users', { token: admin, body: { username, password: 'password-di-prova' } });
  mario = await loginAs(rt.url, 'mario', 'password-di-prova');
  lucia = await loginAs(rt.url, 'lucia', 'password-di-prova');
  computo = await uploadXpwe(mario, COMPUTO, 'computo.xpwe');
  variante = await uploadXpwe(mario, VARIANTE, 'variante.xpwe');
  offerta = await uploadXpwe(mario, COMPUTO.map((v) => ({ ...v, prezzo: Math.round(v.prezzo * 95) / 100 })), 'offerta.xpwe');
  luciaDoc = await uploadXpwe(lucia, COMPUTO, 'lucia.xpwe');
}, 120_000);
afterAll(async () => rt?.close());

const rowsOf = async (token: string, id: number) => (await call('GET', `/api/documents/${id}/rows`, { token })).json.data.map((r: any) => r.attributes);

describe('GET /api/documents/{id}/comparison', () => {
  it('compares a computo with its variante exactly: every voce, its state, differences, chapters and totals', async () => {
    // Act
    const res = await call('GET', `/api/documents/${computo}/comparison?with=${variante}`, { token: mario });
    // Assess
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data.documenti.map((d: any) => [d.id, d.filename])).toEqual([
      [computo, 'computo.xpwe'],
      [variante, 'variante.xpwe'],
    ]);
    expect(data.voci).toHaveLength(Object.keys(EXPECTED).length);
    const [rowsA, rowsB] = [await rowsOf(mario, computo), await rowsOf(mario, variante)];
    const code = new Map([...rowsA, ...rowsB].map((r: any) => [r.id, r.tariffa]));
    for (const voce of data.voci) {
      const expected = EXPECTED[voce.tariffa];
      expect(expected, voce.tariffa).toBeDefined();
      expect({ code: voce.tariffa, stato: voce.stato, incerto: voce.incerto }).toEqual({ code: voce.tariffa, stato: expected.stato, incerto: expected.incerto });
      expect((voce.valori[1]?.row_ids ?? []).map((id: number) => code.get(id))).toEqual(expected.variante);
    }
    // Each row of each document in exactly one voce.
    for (const [i, rows] of [rowsA, rowsB].entries()) {
      const ids = data.voci.flatMap((v: any) => v.valori[i]?.row_ids ?? []).sort((a: number, b: number) => a - b);
      expect(ids).toEqual(rows.map((r: any) => r.id).sort((a: number, b: number) => a - b));
    }
    const tinta = data.voci.find((v: any) => v.tariffa === 'FIN.020');
    expect(tinta.differenze[1]).toEqual({ quantita: 40, unitario: 0, totale: 272, percentuale: 13.33 });
    const intonaco = data.voci.find((v: any) => v.tariffa.startsWith('TOS23'));
    expect(intonaco.abbinamento).toBe('codice simile');
    expect(intonaco.differenze[1]).toEqual({ quantita: 0, unitario: 0.75, totale: 23.62, percentuale: 3.24 }); // 752,85 − 729,23 (each amount rounded)
    const pavimento = data.voci.find((v: any) => v.tariffa === 'FIN.040');
    expect(pavimento.valori[1]).toMatchObject({ quantita: 80, unitario: 42, totale: 3360 });
    // Chapters in the computo's order, with subtotals per document; totals are the sums of the rows.
    expect(data.capitoli.map((c: any) => c.capitolo)).toEqual(['Demolizioni', 'Murature', 'Finiture']);
    const demolizioni = data.capitoli[0];
    expect(demolizioni.subtotali).toEqual([1076.04 + 1000, 1076.04 + 1040]);
    expect(demolizioni.differenze).toEqual([null, 40]);
    expect(data.totali.map((t: any) => t.totale)).toEqual([sumOf(COMPUTO), sumOf(VARIANTE)]);
    expect(data.totali[1].differenza).toBe(Math.round((sumOf(VARIANTE) - sumOf(COMPUTO)) * 100) / 100);
  });

  it('takes the other documents repeated or comma-separated, up to five', async () => {
    const a = await call('GET', `/api/documents/${computo}/comparison?with=${variante}&with=${offerta}`, { token: mario });
    const b = await call('GET', `/api/documents/${computo}/comparison?with=${variante},${offerta}`, { token: mario });
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect(a.json.data.documenti.map((d: any) => d.id)).toEqual([computo, variante, offerta]);
    const demolizione = a.json.data.voci.find((v: any) => v.tariffa === 'DEM.001');
    expect(demolizione.valori).toHaveLength(3);
    expect(demolizione.valori[2]).toMatchObject({ quantita: 12.6, unitario: 81.13 });
    expect(demolizione.stato).toBe('variata');
    const six = [variante, offerta, variante + 100, variante + 101, variante + 102, variante + 103].join(',');
    const tooMany = await call('GET', `/api/documents/${computo}/comparison?with=${six}`, { token: mario });
    expect(tooMany.status).toBe(400);
    expect(detail(tooMany)).toBe('Si possono confrontare al massimo 5 documenti con il primo');
    const none = await call('GET', `/api/documents/${computo}/comparison`, { token: mario });
    expect(detail(none)).toBe('Scegli da uno a cinque documenti da confrontare');
    const self = await call('GET', `/api/documents/${computo}/comparison?with=${computo}`, { token: mario });
    expect(detail(self)).toBe('Un documento non può essere confrontato con sé stesso');
  });

  it("answers 404 for another user's document, first or compared, as everywhere", async () => {
    const other = await call('GET', `/api/documents/${computo}/comparison?with=${luciaDoc}`, { token: mario });
    expect(other.status).toBe(404);
    expect(detail(other)).toBe('Documento non trovato');
    const first = await call('GET', `/api/documents/${luciaDoc}/comparison?with=${computo}`, { token: mario });
    expect(first.status).toBe(404);
    const exported = await fetch(`${rt.url}/api/documents/${computo}/comparison/export?with=${luciaDoc}`, { headers: { authorization: `Bearer ${mario}` } });
    expect(exported.status).toBe(404);
    // An administrator reads every document.
    expect((await call('GET', `/api/documents/${computo}/comparison?with=${luciaDoc}`, { token: admin })).status).toBe(200);
  });
});

describe('PUT /api/documents/{id}/comparison/pairs', () => {
  it('keeps a re-pairing and a split on the first document, and forgets them on request', async () => {
    // Prepare
    const [rowsA, rowsB] = [await rowsOf(mario, computo), await rowsOf(mario, variante)];
    const tramezzo = rowsA.find((r: any) => r.tariffa === 'MUR-011').id;
    const parete = rowsB.find((r: any) => r.tariffa === 'TRA.099').id;
    const battiscopaA = rowsA.find((r: any) => r.tariffa === 'FIN.030').id;
    const battiscopaB = rowsB.find((r: any) => r.tariffa === 'FIN.030').id;
    // Act
    const paired = await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'abbina', righe: [tramezzo, parete] } });
    const split = await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'separa', righe: [battiscopaA, battiscopaB] } });
    // Assess
    expect(paired.status).toBe(200);
    expect(paired.json.data.message).toBe('Voci abbinate');
    expect(split.json.data.scelte).toEqual([
      { azione: 'abbina', righe: [tramezzo, parete] },
      { azione: 'separa', righe: [battiscopaA, battiscopaB] },
    ]);
    const after = (await call('GET', `/api/documents/${computo}/comparison?with=${variante}`, { token: mario })).json.data;
    const voce = after.voci.find((v: any) => v.valori[0]?.row_id === tramezzo);
    expect(voce).toMatchObject({ stato: 'variata', abbinamento: 'scelta', incerto: false });
    expect(voce.valori[1].row_id).toBe(parete);
    expect(voce.differenze[1]).toMatchObject({ quantita: 0, unitario: 5.1, totale: 306 });
    expect(after.voci.find((v: any) => v.valori[0]?.row_id === battiscopaA).stato).toBe('eliminata');
    expect(after.voci.find((v: any) => v.valori[1]?.row_id === battiscopaB).stato).toBe('aggiunta');
    expect(after.voci).toHaveLength(Object.keys(EXPECTED).length);
    // The document itself does not show the choices.
    expect((await call('GET', `/api/documents/${computo}`, { token: mario })).json.data.attributes.comparison_choices).toBeUndefined();
    // Forget the split.
    const undo = await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'ripristina', righe: [battiscopaB, battiscopaA] } });
    expect(undo.json.data.scelte).toEqual([{ azione: 'abbina', righe: [tramezzo, parete] }]);
    const restored = (await call('GET', `/api/documents/${computo}/comparison?with=${variante}`, { token: mario })).json.data;
    expect(restored.voci.find((v: any) => v.valori[0]?.row_id === battiscopaA).stato).toBe('invariata');
    await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'ripristina', righe: [tramezzo, parete] } });
  });

  it('keeps every choice of concurrent requests (conditional writes)', async () => {
    // Prepare: ten separations sent at once.
    const [rowsA, rowsB] = [await rowsOf(mario, computo), await rowsOf(mario, offerta)];
    const pairs = rowsA.slice(0, 8).map((r: any, i: number) => [r.id, rowsB[i].id]);
    // Act
    const answers = await Promise.all(pairs.map((righe: number[]) => call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'separa', righe } })));
    // Assess
    expect(answers.map((a) => a.status)).toEqual(pairs.map(() => 200));
    const data = (await call('GET', `/api/documents/${computo}/comparison?with=${offerta}`, { token: mario })).json.data;
    expect(data.scelte.filter((c: any) => c.azione === 'separa')).toHaveLength(8);
    expect(data.voci.filter((v: any) => v.stato === 'eliminata')).toHaveLength(8);
  });

  it('refuses rows of the same document, rows the user may not read, and unknown actions, in Italian', async () => {
    const rowsA = await rowsOf(mario, computo);
    const luciaRow = (await rowsOf(lucia, luciaDoc))[0].id;
    const same = await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'abbina', righe: [rowsA[0].id, rowsA[1].id] } });
    expect(same.status).toBe(400);
    expect(detail(same)).toBe('Le due voci devono appartenere a documenti diversi');
    const foreign = await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'abbina', righe: [rowsA[0].id, luciaRow] } });
    expect(foreign.status).toBe(404);
    const bad = await call('PUT', `/api/documents/${computo}/comparison/pairs`, { token: mario, body: { azione: 'unisci', righe: [1, 2] } });
    expect(bad.status).toBe(400);
    const notMine = await call('PUT', `/api/documents/${luciaDoc}/comparison/pairs`, { token: mario, body: { azione: 'abbina', righe: [rowsA[0].id, luciaRow] } });
    expect(notMine.status).toBe(404);
  });
});

describe('GET /api/documents/{id}/comparison/export', () => {
  it('exports the comparison: one column group per document, states, chapter subtotals, A4 landscape', async () => {
    // Act
    const res = await fetch(`${rt.url}/api/documents/${computo}/comparison/export?with=${variante}`, { headers: { authorization: `Bearer ${mario}` } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`confronto_${computo}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.getWorksheet('Confronto')!;
    expect(ws.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1 });
    expect(ws.getCell(4, 6).value).toBe('Riferimento: computo.xpwe');
    expect(ws.getCell(4, 9).value).toBe('variante.xpwe');
    const header = (ws.getRow(5).values as unknown[]).slice(1);
    // The labour columns (issue 39) come after the existing ones, which keep their order.
    expect(header).toEqual(['Codice', 'Descrizione', 'U.M.', 'Stato', 'Abbinamento', 'Quantità', 'Prezzo', 'Importo', 'Quantità', 'Prezzo', 'Importo', 'Diff. importo', 'Diff. %', 'Riferimento: computo.xpwe', 'variante.xpwe', 'Avviso manodopera']);
    expect(ws.getCell(4, 14).value).toBe('Costo della manodopera');
    const lines: unknown[][] = [];
    ws.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    const byCode = (c: string) => lines.find((l) => l[0] === c)!;
    expect(byCode('FIN.020').slice(3, 4)).toEqual(['Variata']);
    expect(byCode('FIN.020').slice(5, 13)).toEqual([300, 6.8, 2040, 340, 6.8, 2312, 272, 13.33]);
    expect(byCode('MUR-011')[3]).toBe('Eliminata');
    expect(byCode('FIN.040')[4]).toMatch(/^Abbinamento incerto/);
    expect(lines.find((l) => l[1] === 'Subtotale Demolizioni')!.slice(7, 12)).toEqual([2076.04, undefined, undefined, 2116.04, 40]);
    expect(lines.find((l) => l[1] === 'Totale')!.slice(7, 11)).toEqual([sumOf(COMPUTO), undefined, undefined, sumOf(VARIANTE)]);
  });

  it('exports each document\'s labour cost per voce and in total, with the warning of an offer below the project\'s, after the existing columns', async () => {
    // Prepare: the project states each voce's labour incidence; the offer gives FIN.020 40% instead of 60% and DEM.001 50% instead of 45%.
    const progetto = await uploadXpwe(mario, PROGETTO_MDO, 'progetto-mdo.xpwe');
    const offertaMdo = await uploadXpwe(mario, OFFERTA_MDO, 'offerta-mdo.xpwe');
    // Act
    const res = await fetch(`${rt.url}/api/documents/${progetto}/comparison/export?with=${offertaMdo}`, { headers: { authorization: `Bearer ${mario}` } });
    // Assess
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.getWorksheet('Confronto')!;
    expect((ws.getRow(5).values as unknown[]).slice(14)).toEqual(['Riferimento: progetto-mdo.xpwe', 'offerta-mdo.xpwe', 'Avviso manodopera']);
    const lines: unknown[][] = [];
    ws.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    const byCode = (c: string) => lines.find((l) => l[0] === c)!;
    // 2.040,00 € × 60% = 1.224,00 €, × 40% = 816,00 €: below the project's, warned.
    expect(byCode('FIN.020').slice(13, 16)).toEqual([1224, 816, 'offerta-mdo.xpwe: manodopera 816,00 € contro 1.224,00 € del progetto (\u2212408,00 €)']);
    // 1.076,04 € × 45% = 484,22 €, × 50% = 538,02 €: above, no warning; FIN.030 states no incidence: empty cells.
    expect(byCode('DEM.001').slice(13, 16)).toEqual([484.22, 538.02, '']);
    expect(byCode('FIN.030').slice(13, 16)).toEqual([undefined, undefined, '']);
    expect(ws.getCell(lines.findIndex((l) => l[0] === 'FIN.020') + 1, 14).numFmt).toContain('€');
    // In total: the sum of the voci's (FIN.030 has none) and the warning.
    const project = [484.22, 400, 841.05, 816.9, 364.62, 1224, 672].reduce((a, b) => a + b, 0);
    const total = lines.find((l) => l[1] === 'Totale')!;
    expect(total.slice(13, 15)).toEqual([Math.round(project * 100) / 100, 4448.59]);
    expect(total[15]).toBe('offerta-mdo.xpwe: costo della manodopera 4.448,59 € inferiore a quello del progetto 4.802,79 €');
    // Each chapter's subtotal: the sum of its voci's. Demolizioni 484,22 + 400,00 = 884,22 against 538,02 + 400,00 = 938,02 (above);
    // Murature 841,05 + 816,90 in both; Finiture 364,62 + 1.224,00 + 672,00 = 2.260,62 against 364,62 + 816,00 + 672,00 = 1.852,62: below, warned.
    const subtotal = (name: string) => lines.find((l) => l[1] === `Subtotale ${name}`)!;
    expect(subtotal('Demolizioni').slice(13, 16)).toEqual([884.22, 938.02, '']);
    expect(subtotal('Murature').slice(13, 16)).toEqual([1657.95, 1657.95, '']);
    expect(subtotal('Finiture').slice(13, 16)).toEqual([2260.62, 1852.62, 'offerta-mdo.xpwe: manodopera del capitolo 1.852,62 € contro 2.260,62 € del progetto (\u2212408,00 €)']);
    expect(ws.getCell(lines.findIndex((l) => l[1] === 'Subtotale Finiture') + 1, 14).numFmt).toContain('€');
  });
});
