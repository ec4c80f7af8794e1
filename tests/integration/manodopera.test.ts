import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPages } from '../../functions/analysis/pdf-text.ts';
import { manodoperaComputo } from '../support/manodopera-computo.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let api: ReturnType<typeof apiClient>;
let token: string;
let documentId: number;

type Row = Record<string, any>;

async function rowsAndTotals(): Promise<{ rows: Row[]; totals: Row }> {
  const res = await api('GET', `/api/documents/${documentId}/rows?per_page=50000`, { token });
  expect(res.status).toBe(200);
  return { rows: (res.json.data as Array<{ attributes: Row }>).map((r) => r.attributes), totals: res.json.meta.totals };
}
const byCode = (rows: Row[], code: string) => rows.find((r) => r.tariffa === code)!;

beforeAll(async () => {
  rt = await startTestRuntime();
  api = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  documentId = await manodoperaComputo(rt.url, token);
}, 180_000);

afterAll(async () => {
  await rt?.close();
});

describe('manodopera e sicurezza (issue 39)', () => {
  it('gives every priced voce the article incidence and its labour cost', async () => {
    // Act
    const { rows } = await rowsAndTotals();
    // Assess
    expect(rows).toHaveLength(4);
    expect(byCode(rows, 'TOS25_01.A03.001.001')).toMatchObject({ totale: 1363, incidenza_manodopera: 40.36, costo_manodopera: 550.11, fonte_manodopera: 'prezzario', sicurezza: false });
    expect(byCode(rows, 'TOS25_01.A03.001.001').price_source).toMatchObject({ incidenza_manodopera: 40.36, incidenza_sicurezza: 0.56 });
    expect(byCode(rows, 'TOS25_17.N05.002.013')).toMatchObject({ totale: 348, incidenza_manodopera: 26.86, costo_manodopera: 93.47 });
    expect(byCode(rows, 'TOS25_18.W01.001.002')).toMatchObject({ incidenza_manodopera: null, costo_manodopera: null, fonte_manodopera: null });
  });

  it('marks a safety voce through PUT, rebuilds the quadro by hand, and undoes', async () => {
    // Prepare
    const { rows } = await rowsAndTotals();
    const safety = byCode(rows, 'SIC.01');
    // Act
    const put = await api('PUT', `/api/rows/${safety.id}`, { token, body: { sicurezza: true, base_version: safety.version } });
    const { totals } = await rowsAndTotals();
    // Assess: 1363 + 348 + 1467,40 + 500 = 3678,40; labour 550,1068 → 550,11 and 93,4728 → 93,47.
    expect(put.status).toBe(200);
    expect(put.json.data.attributes).toMatchObject({ sicurezza: true, costo_manodopera: null });
    expect(totals.manodopera).toEqual({
      importo_totale: 3678.4,
      costo_manodopera: 643.58,
      incidenza_manodopera: 17.5, // 643,58 / 3678,40 = 17,496…%
      voci_senza_manodopera: { count: 1, row_ids: [byCode(rows, 'TOS25_18.W01.001.002').id] },
      oneri_sicurezza: 500,
      voci_sicurezza: 1,
      importo_soggetto_a_ribasso: 2534.82, // 3678,40 − 643,58 − 500
    });
    // Undo: the voce is no safety cost again, the whole amount is subject to discount but for labour.
    const undo = await api('POST', `/api/documents/${documentId}/undo`, { token, body: {} });
    expect(undo.status).toBe(200);
    const after = await rowsAndTotals();
    expect(byCode(after.rows, 'SIC.01').sicurezza).toBe(false);
    expect(after.totals.manodopera).toMatchObject({ oneri_sicurezza: 0, voci_senza_manodopera: { count: 2 } });
  });

  it('takes an incidence typed by hand, keeps it through a re-price, refuses one over 100%', async () => {
    // Prepare
    const { rows } = await rowsAndTotals();
    const voce = byCode(rows, 'TOS25_18.W01.001.002');
    // Act
    const typed = await api('PUT', `/api/rows/${voce.id}`, { token, body: { incidenza_manodopera: '12,5' } });
    const wrong = await api('PUT', `/api/rows/${voce.id}`, { token, body: { incidenza_manodopera: 140 } });
    const reprice = await api('PUT', `/api/rows/${voce.id}`, { token, body: { refresh_price: true } });
    // Assess: 1467,40 × 12,5% = 183,425 → 183,43
    expect(typed.status).toBe(200);
    expect(typed.json.data.attributes).toMatchObject({ incidenza_manodopera: 12.5, costo_manodopera: 183.43, fonte_manodopera: 'manuale' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0].detail).toContain('percentuale da 0 a 100');
    expect(reprice.json.data.attributes).toMatchObject({ incidenza_manodopera: 12.5, fonte_manodopera: 'manuale' });
  });

  it('puts the same numbers in the Excel, PDF, XPWE and SIX exports', async () => {
    // Prepare: the safety voce marked again; the hand-typed 12,5% of the previous test stays.
    const { rows } = await rowsAndTotals();
    const safety = byCode(rows, 'SIC.01');
    expect((await api('PUT', `/api/rows/${safety.id}`, { token, body: { sicurezza: true } })).status).toBe(200);
    const { totals } = await rowsAndTotals();
    // 550,11 + 93,47 + 183,43 = 827,01; 3678,40 − 827,01 − 500 = 2351,39
    expect(totals.manodopera).toMatchObject({ costo_manodopera: 827.01, oneri_sicurezza: 500, importo_soggetto_a_ribasso: 2351.39, voci_senza_manodopera: { count: 0 } });
    const get = async (format: string) => {
      const res = await fetch(`${rt.url}/api/documents/${documentId}/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, format).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    // Act
    const [xlsx, pdf, xpwe, six] = await Promise.all([get('xlsx'), get('pdf'), get('xpwe'), get('six')]);
    // Assess: Excel, per voce and the quadro sheet
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx as never);
    const sheet = wb.getWorksheet('Computo')!;
    const header = (sheet.getRow(7).values as unknown[]).map(String);
    const at = (title: string) => header.indexOf(title);
    const perVoce = new Map<string, unknown[]>();
    sheet.eachRow((r, n) => n > 7 && typeof r.getCell(1).value === 'number' && perVoce.set(String(r.getCell(at('Tariffa')).value), [r.getCell(at('Incidenza manodopera %')).value, r.getCell(at('Costo manodopera')).value, r.getCell(at('Oneri sicurezza')).value]));
    expect(perVoce.get('TOS25_01.A03.001.001')).toEqual([40.36, 550.11, '']);
    expect(perVoce.get('TOS25_18.W01.001.002')).toEqual([12.5, 183.43, '']);
    expect(perVoce.get('SIC.01')).toEqual([null, null, 'sì']);
    const quadro = new Map<string, unknown>();
    wb.getWorksheet('Manodopera')!.eachRow((r) => quadro.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(quadro.get('Costi della manodopera')).toBe(827.01);
    expect(quadro.get('Oneri della sicurezza non soggetti a ribasso')).toBe(500);
    expect(quadro.get('Importo soggetto a ribasso')).toBe(2351.39);
    // PDF: the section and its figures
    const printed = (await extractPages(new Uint8Array(pdf))).flatMap((p) => p.words.map((w) => w.text)).join(' ');
    expect(printed).toContain('Stima dei costi della manodopera');
    for (const figure of ['3.678,40', '827,01', '500,00', '2.351,39']) expect(printed).toContain(figure);
    // XPWE: IncMDO and IncSIC on every EPItem, in percent
    const parser = new XMLParser({ parseTagValue: false, isArray: (n) => n === 'EPItem' });
    const items = parser.parse(xpwe.toString('utf8')).PweDocumento.PweMisurazioni.PweElencoPrezzi.EPItem as Array<Record<string, string>>;
    const inc = Object.fromEntries(items.map((e) => [e.Tariffa, [e.IncMDO, e.IncSIC]]));
    expect(inc).toEqual({
      'TOS25_01.A03.001.001': ['40.36', '0.56'],
      'TOS25_17.N05.002.013': ['26.86', '0.14'],
      'TOS25_18.W01.001.002': ['12.5', '0'],
      'SIC.01': ['0', '0'],
    });
    // SIX: the prodotto's incidenzaManodopera (percent), where the article has one
    const sixDoc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, removeNSPrefix: true, isArray: (n) => n === 'prodotto' }).parse(six.toString('utf8'));
    const prodotti = sixDoc.Documento.prezzario.prodotto as Array<Record<string, string>>;
    expect(Object.fromEntries(prodotti.map((p) => [p.prdId, p.incidenzaManodopera ?? null]))).toEqual({
      'TOS25_01.A03.001.001': '40.36',
      'TOS25_17.N05.002.013': '26.86',
      'TOS25_18.W01.001.002': '12.5',
      'SIC.01': null,
    });
  });

  it("reads a PriMus file's own IncMDO, keeps it beside the list's and flags it when they differ", async () => {
    // Prepare: our XPWE (IncMDO 40.36, 26.86, 12.5), one incidence changed as another program would write it.
    const res = await fetch(`${rt.url}/api/documents/${documentId}/export?format=xpwe`, { headers: { authorization: `Bearer ${token}` } });
    const xpwe = (await res.text()).replace('<IncMDO>26.86</IncMDO>', '<IncMDO>35</IncMDO>');
    expect(xpwe).toContain('<IncMDO>35</IncMDO>');
    // Act
    const up = await uploadPdf(rt.url, token, Buffer.from(xpwe), 'computo-manodopera.xpwe', { provincia: 'FI', tipologia_dei: 'nuove_costruzioni' });
    await waitForAnalysis(rt.url, token, up.id, 120_000);
    const rows = (await api('GET', `/api/documents/${up.id}/rows`, { token })).json.data.map((r: { attributes: Row }) => r.attributes);
    // Assess: the file's figures rule, the list's stay in price_source, a cost over 10% from the list's is said.
    expect(byCode(rows, 'TOS25_01.A03.001.001')).toMatchObject({ incidenza_manodopera: 40.36, fonte_manodopera: 'documento', costo_manodopera: 550.11 });
    expect(byCode(rows, 'TOS25_01.A03.001.001').manodopera_diversa).toBeUndefined();
    expect(byCode(rows, 'TOS25_17.N05.002.013')).toMatchObject({
      incidenza_manodopera: 35,
      fonte_manodopera: 'documento',
      costo_manodopera: 121.8, // 348 × 35%
      price_source: { incidenza_manodopera: 26.86 },
      manodopera_diversa: 'costo della manodopera dichiarato nel computo 121,80 € (35%) contro 93,47 € (26,86%) dal prezzario',
    });
    expect(byCode(rows, 'TOS25_18.W01.001.002')).toMatchObject({ incidenza_manodopera: 12.5, fonte_manodopera: 'documento' });
    expect(byCode(rows, 'SIC.01')).toMatchObject({ incidenza_manodopera: null, fonte_manodopera: null });
  }, 150_000);

  it("round-trips the labour through our SIX: each prodotto's incidenzaManodopera is the voce's declared incidence, kept beside the list's", async () => {
    // Prepare: our SIX (incidenzaManodopera 40.36, 26.86, 12.5 on the prodotti), one changed as another program would write it.
    const res = await fetch(`${rt.url}/api/documents/${documentId}/export?format=six`, { headers: { authorization: `Bearer ${token}` } });
    const exported = await res.text();
    const six = exported.replace(/(incidenzaManodopera>)26\.86(<)/, '$135$2');
    expect(six).not.toBe(exported);
    // Act
    const up = await uploadPdf(rt.url, token, Buffer.from(six), 'computo-manodopera-six.xml', { provincia: 'FI', tipologia_dei: 'nuove_costruzioni' });
    await waitForAnalysis(rt.url, token, up.id, 120_000);
    const rows = (await api('GET', `/api/documents/${up.id}/rows`, { token })).json.data.map((r: { attributes: Row }) => r.attributes);
    // Assess: the file's incidence is the row's own (fonte documento), the list's stays in price_source, 10% off is said.
    expect(byCode(rows, 'TOS25_01.A03.001.001')).toMatchObject({ incidenza_manodopera: 40.36, incidenza_manodopera_dichiarata: 40.36, fonte_manodopera: 'documento', costo_manodopera: 550.11 });
    expect(byCode(rows, 'TOS25_01.A03.001.001').manodopera_diversa).toBeUndefined();
    expect(byCode(rows, 'TOS25_17.N05.002.013')).toMatchObject({
      incidenza_manodopera: 35,
      fonte_manodopera: 'documento',
      costo_manodopera: 121.8, // 348 × 35%
      price_source: { incidenza_manodopera: 26.86 },
      manodopera_diversa: 'costo della manodopera dichiarato nel computo 121,80 € (35%) contro 93,47 € (26,86%) dal prezzario',
    });
    expect(byCode(rows, 'TOS25_18.W01.001.002')).toMatchObject({ incidenza_manodopera: 12.5, fonte_manodopera: 'documento', costo_manodopera: 183.43 });
    expect(byCode(rows, 'SIC.01')).toMatchObject({ incidenza_manodopera: null, fonte_manodopera: null });
  }, 150_000);

  it("reads a spreadsheet computo's own Mdo inc. % and Tot . mdo, keeps the list's beside them, flags a voce 10% off and rebuilds the quadro by hand", async () => {
    // Prepare: the computo's own labour: 40,36% and 550,11 € (the list's: no flag); 120,00 € where the
    // list gives 348 × 26,86% = 93,47 € (26,53 € off, over 10% of 93,47: flagged); a voce 10 € off a
    // 1.000 € list cost (within 10%: not flagged); no figures on a voce whose article has none; a safety chapter.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Computo');
    ws.addRow(['Tariffa', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Mdo inc. %', 'Tot . mdo', 'Importo']);
    ws.addRow(['TOS25_01.A03.001.001', 'Demolizione totale di edifici in muratura', 'm³', 100, 13.63, 40.36, 550.11, 1363]);
    ws.addRow(['TOS25_17.N05.002.013', 'Cordolo in calcestruzzo', 'm', 20, 17.4, null, 120, 348]);
    ws.addRow(['TOS25_01.A03.001.001', 'Demolizione totale di edifici in muratura (secondo corpo)', 'm³', 181.4, 13.66, null, 1010, 2477.92]);
    ws.addRow(['TOS25_18.W01.001.002', 'Ricerca di beni di interesse archeologico', 'a corpo', 1, 1467.4, null, null, 1467.4]);
    ws.addRow([null, 'ONERI DELLA SICUREZZA']);
    ws.addRow(['SIC.01', 'Recinzione di cantiere', 'cad', 1, 500, null, null, 500]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    // Act
    const up = await uploadPdf(rt.url, token, bytes, 'computo-manodopera.xlsx', { provincia: 'FI', tipologia_dei: 'nuove_costruzioni' });
    expect(up.status).toBeLessThan(300);
    await waitForAnalysis(rt.url, token, up.id, 120_000);
    const res = await api('GET', `/api/documents/${up.id}/rows?per_page=50000`, { token });
    const rows = (res.json.data as Array<{ attributes: Row }>).map((r) => r.attributes);
    const verification = await api('GET', `/api/documents/${up.id}/verification`, { token });
    // Assess: each voce
    const [demolition, cordolo, second, archeo, safety] = [...rows].sort((a, b) => a.row_index - b.row_index);
    expect(demolition).toMatchObject({ incidenza_manodopera: 40.36, incidenza_manodopera_dichiarata: 40.36, costo_manodopera_dichiarato: 550.11, costo_manodopera: 550.11, fonte_manodopera: 'documento' });
    expect(demolition.manodopera_diversa).toBeUndefined();
    expect(cordolo).toMatchObject({
      incidenza_manodopera: 34.48, // 120 / 348 = 34,4827…%
      costo_manodopera_dichiarato: 120,
      costo_manodopera: 120, // the computo's own, as printed
      fonte_manodopera: 'documento',
      price_source: { incidenza_manodopera: 26.86 },
      manodopera_diversa: 'costo della manodopera dichiarato nel computo 120,00 € (34,48%) contro 93,47 € (26,86%) dal prezzario',
    });
    // 2.477,92 × 40,36% = 1.000,09 from the list; 1.010 declared is 9,91 € off, under 100,01 €: no flag.
    expect(second).toMatchObject({ costo_manodopera: 1010, incidenza_manodopera: 40.76 }); // 1010 / 2477,92 = 40,760…%
    expect(second.manodopera_diversa).toBeUndefined();
    expect(archeo).toMatchObject({ incidenza_manodopera: null, costo_manodopera: null, fonte_manodopera: null });
    expect(safety).toMatchObject({ sicurezza: true, costo_manodopera: null });
    // The quadro by hand: 1363 + 348 + 2477,92 + 1467,40 + 500 = 6156,32; labour 550,11 + 120 + 1010 = 1680,11
    // (1680,11 / 6156,32 = 0,272908… → 27,29%); safety 500; subject 6156,32 − 1680,11 − 500 = 3976,21.
    expect(res.json.meta.totals.manodopera).toEqual({
      importo_totale: 6156.32,
      costo_manodopera: 1680.11,
      incidenza_manodopera: 27.29,
      voci_senza_manodopera: { count: 1, row_ids: [archeo.id] },
      oneri_sicurezza: 500,
      voci_sicurezza: 1,
      importo_soggetto_a_ribasso: 3976.21,
    });
    // The verification: the voce without an incidence and the one far from its list, in the document's order.
    const rule = verification.json.data.controlli.find((c: Row) => c.regola === 'manodopera');
    expect(rule.esito).toBe('avviso');
    expect(rule.righe).toEqual([cordolo.id, archeo.id]);
    expect(rule.messaggio).toContain('1 voce con un costo della manodopera dichiarato nel computo diverso da quello del prezzario (oltre il 10%, almeno 1 €): 120,00 € dichiarati contro 93,47 € dal prezzario.');
  }, 150_000);
});
