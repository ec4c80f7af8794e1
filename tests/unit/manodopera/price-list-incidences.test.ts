import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { classifyTitle } from '../../../functions/prezzari/readers/headers.ts';
import { toscanaXmlPath, utf8, xlsxBytes } from '../prezzari/fixtures.ts';

describe('price lists keep the labour and safety incidences', () => {
  it('reads incidenzamanodopera and incidenzasicurezza from the Toscana EASY analysis', async () => {
    // Prepare
    const bytes = new Uint8Array(fs.readFileSync(toscanaXmlPath));
    // Act
    const res = await readPriceFile(bytes, 'toscana.xml');
    // Assess
    const byCode = new Map(res.rows.map((r) => [r.codice, r]));
    expect(byCode.get('TOS25_01.A03.001.001')).toMatchObject({ incidenza_manodopera: 40.36, incidenza_sicurezza: 0.56 });
    expect(byCode.get('TOS25_17.N05.002.013')).toMatchObject({ incidenza_manodopera: 26.86, incidenza_sicurezza: 0.14 });
    // An article without an analysis has no incidence at all (not zero).
    expect(byCode.get('TOS25_18.W01.001.002')?.incidenza_manodopera).toBeUndefined();
    expect(res.rows.filter((r) => r.incidenza_manodopera != null)).toHaveLength(6);
    expect(res.recognised.find((r) => r.field === 'incidenza_manodopera')?.column).toBe('Analisi/incidenzamanodopera@percentuale');
    // Optional fields are never reported missing.
    expect(res.missing).toEqual(['tipologia', 'scostamento_perc_senza_sg_2024', 'scostamento_perc_su_anno_2024']);
  });

  it('recognises the incidence columns by their usual titles', () => {
    // Prepare
    const labour = ['% Manodopera', 'Incidenza manodopera', 'Inc. MdO', 'Manodopera %', "Incidenza mano d'opera %", 'Perc. manodopera'];
    const safety = ['Incidenza sicurezza', '% sicurezza', 'Inc. sic.'];
    // Act
    const fields = [...labour, ...safety].map((t) => classifyTitle(t)?.field);
    // Assess
    expect(fields).toEqual([...labour.map(() => 'incidenza_manodopera'), ...safety.map(() => 'incidenza_sicurezza')]);
    expect(classifyTitle('Prezzo')?.field).toBe('prezzo');
  });

  it('reads a CSV and an Excel list with an incidence column', async () => {
    // Prepare
    const csv = 'Codice;Descrizione;U.M.;Prezzo;% Manodopera\r\nA01;Scavo;mc;10,00;35,5\r\nA02;Rinterro;mc;5,00;\r\n';
    const xlsx = await xlsxBytes([{ name: 'Elenco', rows: [['Codice', 'Descrizione', 'U.M.', 'Prezzo', 'Inc. MdO', 'Incidenza sicurezza'], ['B01', 'Massetto', 'mq', 20, '42,10%', 1.5]] }]);
    // Act
    const fromCsv = await readPriceFile(utf8(csv), 'elenco.csv');
    const fromXlsx = await readPriceFile(xlsx, 'elenco.xlsx');
    // Assess
    expect(fromCsv.rows.map((r) => [r.codice, r.incidenza_manodopera])).toEqual([
      ['A01', 35.5],
      ['A02', null],
    ]);
    expect(fromCsv.recognised.map((r) => r.column)).toContain('% Manodopera');
    expect(fromXlsx.rows.map((r) => [r.codice, r.incidenza_manodopera, r.incidenza_sicurezza])).toEqual([['B01', 42.1, 1.5]]);
  });
});
