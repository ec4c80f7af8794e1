import { describe, expect, it } from 'vitest';
import { PriceFileError, readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { xlsxBytes } from './fixtures.ts';

const HEADER = ['Cod. articolo', 'Declaratoria', 'U.M.', 'Prezzo €', 'Prezzo s/ S.G.'];

/** A DEI-like workbook: a notes sheet first, then title rows above the header of the price sheet. */
async function deiWorkbook() {
  return xlsxBytes([
    { name: 'Note', rows: [['Avvertenze'], ['I prezzi sono al netto di IVA.']] },
    {
      name: 'Prezzi',
      rows: [
        ['PREZZARIO DEI 2025 - NUOVE COSTRUZIONI'],
        ['Aggiornato al 1° gennaio 2025'],
        null,
        HEADER,
        ['A01.001', 'Scavo di sbancamento', 'mc', 12.5, 9.8],
        ['  A01.002  ', 'Scavo  a\nsezione obbligata', 'mc', '1.234,56', '970,10'],
        ['A01.003', { richText: [{ text: 'Rinterro ' }, { text: 'con materiale', font: { bold: true } }] }, 'mc', '€ 12,50', '7.25'],
        ['A01.004', 'Trasporto a discarica', 't', 'NaN', '-'],
        null,
        HEADER,
        [null, 'CAPITOLO A02 - DEMOLIZIONI'],
        ['A02   001', 'Demolizione di tramezzi', 'mq', { formula: 'E5*2', result: 25.104 }, 20],
        [1001, 'Voce con codice numerico', 'cad', 3, '2,5'],
        ['A02.002', 'Prezzo scritto male', 'mq', 'abc', 1],
      ],
    },
  ]);
}

describe('readPriceFile: .xlsx', () => {
  it('finds the header below the title rows of the first sheet that has one', async () => {
    // Prepare
    const bytes = await deiWorkbook();
    // Act
    const res = await readPriceFile(bytes, 'dei-2025.xlsx');
    // Assess
    expect(res.format).toBe('xlsx');
    expect(res.sheet).toBe('Prezzi');
    expect(res.headerRow).toBe(4);
    expect(res.recognised).toEqual([
      { field: 'codice', column: 'Cod. articolo' },
      { field: 'descrizione', column: 'Declaratoria' },
      { field: 'unita_di_misura', column: 'U.M.' },
      { field: 'prezzo', column: 'Prezzo €' },
      { field: 'prezzo_senza_sg', column: 'Prezzo s/ S.G.' },
    ]);
    expect(res.missing).toEqual(['anno', 'provincia', 'tipologia', 'scostamento_perc_senza_sg_2024', 'scostamento_perc_su_anno_2024']);
  });

  it('reads real numbers, Italian and dot text, euro signs, rich text and formula results', async () => {
    // Prepare
    const bytes = await deiWorkbook();
    // Act
    const { rows } = await readPriceFile(bytes, 'dei-2025.xlsx');
    // Assess
    expect(rows.map((r) => [r.codice, r.descrizione, r.unita_di_misura, r.prezzo, r.prezzo_senza_sg])).toEqual([
      ['A01.001', 'Scavo di sbancamento', 'mc', 12.5, 9.8],
      ['A01.002', 'Scavo a sezione obbligata', 'mc', 1234.56, 970.1],
      ['A01.003', 'Rinterro con materiale', 'mc', 12.5, 7.25],
      ['A01.004', 'Trasporto a discarica', 't', null, null],
      ['A02 001', 'Demolizione di tramezzi', 'mq', 25.1, 20],
      ['1001', 'Voce con codice numerico', 'cad', 3, 2.5],
      ['A02.002', 'Prezzo scritto male', 'mq', null, 1],
    ]);
    expect(rows[0]).toEqual({
      codice: 'A01.001',
      descrizione: 'Scavo di sbancamento',
      unita_di_misura: 'mc',
      prezzo: 12.5,
      prezzo_senza_sg: 9.8,
      anno: null,
      provincia: null,
      tipologia: null,
      scostamento_perc_senza_sg_2024: null,
      scostamento_perc_su_anno_2024: null,
    });
  });

  it('skips empty rows and repeated headers, keeps a chapter row as the title of the rows below, and warns about missing prices', async () => {
    // Prepare
    const bytes = await deiWorkbook();
    // Act
    const res = await readPriceFile(bytes, 'dei-2025.xlsx');
    // Assess
    expect(res.rows).toHaveLength(7);
    expect(res.skipped).toBe(1); // the repeated header
    expect(res.rows.map((r) => r.titoli ?? [])).toEqual([[], [], [], [], ['CAPITOLO A02 - DEMOLIZIONI'], ['CAPITOLO A02 - DEMOLIZIONI'], ['CAPITOLO A02 - DEMOLIZIONI']]);
    expect(res.warnings).toContain('1 riga senza prezzo: importata con prezzo vuoto.');
    expect(res.warnings.some((w) => w.includes('valore numerico non riconosciuto') && w.includes('riga 14') && w.includes('"abc"'))).toBe(true);
  });

  it('prefers the extended description and reads year, province, typology and deviations', async () => {
    // Prepare
    const bytes = await xlsxBytes([
      {
        name: 'Foglio1',
        rows: [
          [
            'Tariffa', 'Descrizione breve', 'Descrizione estesa', 'Unità di misura', 'Prezzo unitario (€)',
            'Prezzo senza spese generali e utili', 'Anno', 'Provincia', 'Tipologia DEI',
            'Scostamento % senza S.G. 2024', 'Scostamento % su anno 2024',
          ],
          ['X1', 'breve', 'Descrizione estesa completa', 'mq', '10,00', '8,00', 2024, 'firenze', 'nuove_costruzioni', '2,5%', '-1,25'],
          ['X2', 'solo breve', '', 'mq', 5, 4, '2024', 'Prato', null, null, null],
        ],
      },
    ]);
    // Act
    const res = await readPriceFile(bytes, 'lista.xlsx');
    // Assess
    expect(res.missing).toEqual([]);
    expect(res.recognised.find((r) => r.field === 'descrizione')?.column).toBe('Descrizione estesa');
    expect(res.rows[0]).toEqual({
      codice: 'X1',
      descrizione: 'Descrizione estesa completa',
      unita_di_misura: 'mq',
      prezzo: 10,
      prezzo_senza_sg: 8,
      anno: 2024,
      provincia: 'FIRENZE',
      tipologia: 'nuove_costruzioni',
      scostamento_perc_senza_sg_2024: 2.5,
      scostamento_perc_su_anno_2024: -1.25,
    });
    expect(res.rows[1]).toMatchObject({ codice: 'X2', descrizione: 'solo breve', anno: 2024, provincia: 'PRATO', tipologia: null });
  });

  it('joins hierarchical description levels', async () => {
    // Prepare
    const bytes = await xlsxBytes([
      {
        name: 'Elenco',
        rows: [
          ['Codice', 'Livello 1', 'Livello 2', 'Livello 3', 'Livello 4', 'UM', 'Prezzo 2025'],
          ['B1', 'OPERE EDILI', 'MURATURE.\nNote generali lunghe del capitolo.', 'Muratura in mattoni pieni.', 'spessore 12 cm', 'mq', 45.3],
        ],
      },
    ]);
    // Act
    const res = await readPriceFile(bytes, 'livelli.xlsx');
    // Assess
    expect(res.rows[0].descrizione).toBe('MURATURE - Muratura in mattoni pieni - spessore 12 cm');
    expect(res.recognised.find((r) => r.field === 'descrizione')?.column).toBe('Livello 1 + Livello 2 + Livello 3 + Livello 4');
    expect(res.rows[0].prezzo).toBe(45.3);
  });

  it('names the columns found and missing when there is no usable header', async () => {
    // Prepare
    const noPrice = await xlsxBytes([{ name: 'A', rows: [['Codice', 'Descrizione', 'U.M.', 'Quantità'], ['A1', 'x', 'mq', 2]] }]);
    const noCode = await xlsxBytes([{ name: 'A', rows: [['Computo'], ['Descrizione', 'U.M.', 'Quantità'], ['x', 'mq', 2]] }]);
    // Act
    const e1 = await readPriceFile(noPrice, 'a.xlsx').catch((e: unknown) => e);
    const e2 = await readPriceFile(noCode, 'b.xlsx').catch((e: unknown) => e);
    // Assess
    expect(e1).toBeInstanceOf(PriceFileError);
    expect((e1 as PriceFileError).detail).toBe(
      'Il file non sembra un prezzario: manca la colonna dei prezzi. Servono almeno le colonne Codice e Prezzo in un\u2019intestazione nelle prime 30 righe (trovate: Codice, Descrizione, U.M.).',
    );
    expect((e2 as PriceFileError).detail).toBe(
      'Il file non sembra un prezzario: mancano le colonne dei codici e dei prezzi. Servono almeno le colonne Codice e Prezzo in un\u2019intestazione nelle prime 30 righe (trovate: Descrizione, U.M.).',
    );
  });

  it('ignores a header below the first 30 rows', async () => {
    // Prepare
    const rows: Array<string[] | null> = Array.from({ length: 30 }, (_, i) => [`nota ${i + 1}`]);
    rows.push(['Codice', 'Prezzo'], ['A1', '1,00']);
    const bytes = await xlsxBytes([{ name: 'A', rows }]);
    // Act
    const err = await readPriceFile(bytes, 'a.xlsx').catch((e: unknown) => e);
    // Assess
    expect((err as PriceFileError).detail).toContain('nessuna colonna riconosciuta');
  });

  it('moves on to the next sheet after 30 rows without a header', async () => {
    // Prepare
    const notes: Array<string[]> = Array.from({ length: 45 }, (_, i) => [`nota ${i + 1}`, 'testo']);
    const bytes = await xlsxBytes([
      { name: 'Premessa', rows: notes },
      { name: 'Elenco prezzi', rows: [['Codice', 'Descrizione', 'Prezzo'], ['Z1', 'voce', '2,00']] },
    ]);
    // Act
    const res = await readPriceFile(bytes, 'a.xlsx');
    // Assess
    expect(res.sheet).toBe('Elenco prezzi');
    expect(res.rows).toEqual([expect.objectContaining({ codice: 'Z1', prezzo: 2 })]);
  });

  it('refuses a text file renamed to .xlsx and a broken zip with the Excel message', async () => {
    // Prepare
    const text = new TextEncoder().encode('Codice;Prezzo\nA1;1,00\n');
    const good = await deiWorkbook();
    const truncated = good.slice(0, Math.floor(good.length / 2));
    const garbled = good.slice();
    for (let i = 200; i < garbled.length - 200; i += 7) garbled[i] ^= 0x5a;
    // Act
    const results = await Promise.all([text, truncated, garbled].map((b) => readPriceFile(b, 'prezzi.xlsx').catch((e: unknown) => e)));
    // Assess
    for (const r of results) {
      expect(r).toBeInstanceOf(PriceFileError);
      expect((r as PriceFileError).detail).toBe('Il file non è un file Excel valido (.xlsx o .xls).');
    }
  });

  it('refuses more rows than allowed', async () => {
    // Prepare
    const rows = [['Codice', 'Prezzo'], ...Array.from({ length: 11 }, (_, i) => [`C${i}`, i])];
    const bytes = await xlsxBytes([{ name: 'A', rows }]);
    // Act
    const err = await readPriceFile(bytes, 'a.xlsx', { maxRows: 10 }).catch((e: unknown) => e);
    const ok = await readPriceFile(bytes, 'a.xlsx', { maxRows: 11 });
    // Assess
    expect((err as PriceFileError).detail).toBe('Il file contiene troppe righe (massimo 10).');
    expect(ok.rows).toHaveLength(11);
    expect(new PriceFileError('x')).toBeInstanceOf(Error);
  });

  it('streams 20,000 rows', async () => {
    // Prepare
    const rows: Array<unknown[]> = [['Prezzario DEI 2025'], ['Codice', 'Descrizione', 'U.M.', 'Prezzo', 'Prezzo s/ S.G.']];
    for (let i = 0; i < 20_000; i++) rows.push([`D${String(i).padStart(6, '0')}`, `Voce di prova numero ${i} con descrizione`, 'mq', (i % 997) + 0.25, `${i % 500},10`]);
    const bytes = await xlsxBytes([{ name: 'Prezzi', rows: rows as never }]);
    // Act
    const t0 = performance.now();
    const res = await readPriceFile(bytes, 'grande.xlsx');
    const ms = performance.now() - t0;
    // Assess
    console.log(`xlsx: ${res.rows.length} righe lette in ${ms.toFixed(0)} ms (${(bytes.length / 1024).toFixed(0)} KiB)`);
    expect(res.rows).toHaveLength(20_000);
    expect(res.rows[19_999]).toMatchObject({ codice: 'D019999', prezzo: (19_999 % 997) + 0.25, prezzo_senza_sg: 499.1 });
  });
});
