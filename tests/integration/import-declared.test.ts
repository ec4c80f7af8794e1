import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusData } from '../support/corpus.ts';
import { priceListXlsx, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let admin: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => rt?.close());

const firenzeXml = () => corpusData('toscana-firenze-2025-excerpt.xml');
/** Title rows "Prezzario dei Lavori Pubblici della Toscana 2025" and "Provincia di Lucca", TOS25_ codes. */
const luccaXlsx = () => priceListXlsx(Array.from({ length: 12 }, (_, i) => ({ codice: `TOS25_01.A03.${String(i + 1).padStart(3, '0')}.001`, descrizione: `Scavo di sbancamento ${i + 1}`, um: 'mc', prezzo: '5,50' })));

describe('what a price-list file declares, against what the user chose', () => {
  it('says what the official XML declares and warns nothing when the choice matches', async () => {
    const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, firenzeXml(), 'firenze.xml', { provincia: 'FIRENZE', anno: '2025' });
    expect(up.status).toBe(200);
    expect(up.json.data.declared).toMatchObject({ provincia: 'FIRENZE', anno: 2025 });
    expect(up.json.data.message).toContain('Il file dichiara: provincia FIRENZE, anno 2025.');
    expect(up.json.data.warnings.filter((w: string) => w.startsWith('Il file dichiara'))).toEqual([]);
  });

  it('warns before confirming when the XML header names another province', async () => {
    const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, firenzeXml(), 'firenze.xml', { provincia: 'PI', anno: '2025' });
    expect(up.json.data.warnings).toContain('Il file dichiara la provincia FIRENZE, ma è stata scelta PISA. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.');
  });

  it('reads the province and year of a workbook from its title rows, and warns on both', async () => {
    const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, await luccaXlsx(), 'listino.xlsx', { provincia: 'FIRENZE', anno: '2024' });
    expect(up.status).toBe(200);
    expect(up.json.data.declared).toMatchObject({ provincia: 'LUCCA', anno: 2025 });
    expect(up.json.data.warnings).toEqual(
      expect.arrayContaining([
        'Il file dichiara la provincia LUCCA, ma è stata scelta FIRENZE. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.',
        'Il file dichiara l\u2019anno 2025, ma è stato scelto il 2024. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.',
      ]),
    );
    // Another province is an alert the preview asks to confirm; another year is not.
    expect(up.json.data.source_alerts).toEqual(['Il file dichiara la provincia LUCCA, ma è stata scelta FIRENZE. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.']);
  });

  it('takes the year from TOS codes when the title does not say, and warns on a Toscana file imported as DEI', async () => {
    // Prepare: a bare table, no title rows, codes of the 2024 Toscana list.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Foglio1');
    ws.addRow(['Codice', 'Descrizione', 'U.M.', 'Prezzo']);
    ws.addRow(['TOS24_05.B01.001.001', 'Intonaco civile', 'mq', 20]);
    const plain = Buffer.from(await wb.xlsx.writeBuffer());
    const toscana = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, plain, 'senza-titolo.xlsx', { provincia: 'SIENA', anno: '2025' });
    expect(toscana.json.data.declared).toMatchObject({ provincia: null, anno: 2024 });
    expect(toscana.json.data.warnings).toContain('Il file dichiara l\u2019anno 2024, ma è stato scelto il 2025. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.');
    const dei = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, plain, 'senza-titolo.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2024' });
    expect(dei.status).toBe(200);
    const alert =
      'La maggior parte dei codici del file (1 su 1, ad esempio TOS24_05.B01.001.001) sono codici della Regione Toscana (TOSnn_…): il file sembra un prezzario Toscana, non un prezzario DEI. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.';
    expect(dei.json.data.warnings).toContain(alert);
    expect(dei.json.data.source_alerts).toEqual([alert]);
    // The other way round, a year that differs is a warning, not an alert.
    expect(toscana.json.data.source_alerts).toEqual([]);
  });

  it('imports a file with source alerts only when the confirmation says it was checked', async () => {
    // Prepare: a Lucca workbook previewed as the Firenze 2025 list (an alert)
    const call = apiClient(rt.url);
    const up = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, await luccaXlsx(), 'listino.xlsx', { provincia: 'FIRENZE', anno: '2025' });
    expect(up.json.data.source_alerts).toHaveLength(1);
    const body = { temp_file_id: up.json.data.temp_file_id, anno: 2025, provincia: 'FIRENZE' };

    // Act: confirmed without saying so, then saying so
    const refused = await call('POST', '/api/confirm-prezzario-toscana', { token: admin, body });
    const listAfterRefusal = await call('GET', '/api/prezzari?source=toscana&key=FIRENZE&anno=2025', { token: admin });
    const confirmed = await call('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { ...body, conferma_avvisi: true } });

    // Assess: refused with the alert in Italian and nothing stored; then imported as Firenze 2025
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].detail).toBe(
      'Il file non è stato importato: Il file dichiara la provincia LUCCA, ma è stata scelta FIRENZE. Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare. Per importarlo comunque, confermare di averlo verificato (conferma_avvisi).',
    );
    expect(listAfterRefusal.json.meta).toMatchObject({ 'total-count': 0, lists: [], list: null });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data.list).toMatchObject({ source: 'toscana', key: 'FIRENZE', year: 2025, total_rows: 12 });
  });
});
