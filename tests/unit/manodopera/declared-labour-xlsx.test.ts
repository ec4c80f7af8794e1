/**
 * A spreadsheet computo's own labour columns (issue 39): `Mdo inc. %` and `Tot . mdo` (and their
 * other names) are read as the voce's declared labour, never as its quantity, price or amount.
 * The workbook is written here with exceljs, as a contractor's program would.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importComputo } from '../../../functions/analysis/import/index.ts';

async function workbook(header: string[], rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Computo');
  ws.addRow(['COMPUTO METRICO ESTIMATIVO']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const HEADER = ['CODICE', 'DESCRIZIONE', 'U.M.', "Q.TA'", 'PREZZO', 'Mdo inc. %', 'Tot . mdo', 'TOTALE'];

describe('labour columns of a spreadsheet computo', () => {
  it('reads Mdo inc. % (as a percent cell or a number) and Tot . mdo as the declared labour, and the voce as before', async () => {
    // Prepare: 100 × 13,63 = 1.363,00 with 40,36% (550,11 €); 20 × 17,40 = 348,00 with 26,86% written as 0,2686
    // in a percent-formatted cell and a printed cost of 93,47; a voce with no labour figures.
    const bytes = await workbook(HEADER, [
      ['TOS25_01.A03.001.001', 'Demolizione totale di edifici', 'm³', 100, 13.63, 40.36, 550.11, 1363],
      ['TOS25_17.N05.002.013', 'Cordolo in calcestruzzo', 'm', 20, 17.4, 0.2686, 93.47, 348],
      ['NP.01', 'Nuovo prezzo senza analisi', 'cad', 2, 50, null, null, 100],
      [null, 'TOTALE', null, null, null, null, 643.58, 1811],
    ]);
    // Act
    const r = importComputo(bytes);
    // Assess
    expect(r.voci.map((v) => [v.tariffa, v.quantita, v.unitario, v.totale])).toEqual([
      ['TOS25_01.A03.001.001', 100, 13.63, 1363],
      ['TOS25_17.N05.002.013', 20, 17.4, 348],
      ['NP.01', 2, 50, 100],
    ]);
    expect(r.voci[0]).toMatchObject({ incidenza_manodopera: 40.36, costo_manodopera: 550.11 });
    expect(r.voci[1]).toMatchObject({ incidenza_manodopera: 26.86, costo_manodopera: 93.47 });
    expect(r.voci[2].incidenza_manodopera).toBeUndefined();
    expect(r.voci[2].costo_manodopera).toBeUndefined();
    expect(r.document_total).toBe(1811);
  });

  it('reads a cost-only column (Importo manodopera) and an incidence column named % manodopera, but not a safety column', async () => {
    // Prepare
    const header = ['Tariffa', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo', 'Importo manodopera', 'Oneri sicurezza'];
    const costOnly = await workbook(header, [
      ['A.1', 'Scavo di sbancamento', 'm³', 10, 12, 120, 30, 5],
      ['A.2', 'Rinterro', 'm³', 4, 9.5, 38, null, 2],
    ]);
    const incOnly = await workbook(['Tariffa', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', '% manodopera', 'Importo'], [['A.1', 'Scavo di sbancamento', 'm³', 10, 12, 25, 120]]);
    // Act
    const a = importComputo(costOnly);
    const b = importComputo(incOnly);
    // Assess: the cost as printed (the incidence it implies comes later, on the stored row); no incidence read from the safety column
    expect(a.voci[0]).toMatchObject({ totale: 120, costo_manodopera: 30 });
    expect(a.voci[0].incidenza_manodopera).toBeUndefined();
    expect(a.voci[1].costo_manodopera).toBeUndefined();
    expect(b.voci[0]).toMatchObject({ totale: 120, incidenza_manodopera: 25 });
    expect(b.voci[0].costo_manodopera).toBeUndefined();
  });
});
