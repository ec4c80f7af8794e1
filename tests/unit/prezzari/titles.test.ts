import { describe, expect, it } from 'vitest';
import { readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { isCodePrefix, isHeading, looksLikeCode, TitleStack } from '../../../functions/prezzari/readers/titles.ts';
import { utf8, xlsxBytes } from './fixtures.ts';

const HEADER = ['Codice', 'Descrizione', 'U.M.', 'Prezzo'];

describe('title levels of spreadsheet price lists', () => {
  it('tells a code above another, a heading and a code', () => {
    expect(isCodePrefix('A15', 'A15010a')).toBe(true);
    expect(isCodePrefix('A', 'A15010a')).toBe(true);
    expect(isCodePrefix('01.A03', '01.A03.001.001')).toBe(true);
    expect(isCodePrefix('01.A03', '01.A031.001')).toBe(true); // letters with digits: DEI-like prefixes are allowed
    expect(isCodePrefix('1', '10')).toBe(false);
    expect(isCodePrefix('1', '1.01')).toBe(true);
    expect(isCodePrefix('A15010a', 'A15010b')).toBe(false);
    expect(isCodePrefix('A15', 'A15')).toBe(false);
    expect(['CAPITOLO A02 - DEMOLIZIONI', 'OPERE EDILI', 'Capitolo 3: scavi', 'con materiale di risulta', 'A1'].map(isHeading)).toEqual([true, true, true, false, false]);
    expect(['A25093', 'TOS25_01.A03.001.001', 'A02 001', 'CAPITOLO 1 - SCAVI', 'SCAVI', 'Cap. 3', 'CAT 1'].map(looksLikeCode)).toEqual([true, true, true, false, false, false, false]);
  });

  it('keeps a coded title only when an article under its code follows', () => {
    // Prepare
    const stack = new TitleStack<string>();
    // Act
    const chapter = stack.candidate('A15', 'SCAVI E RINTERRI.\nNote del capitolo', 'row A15');
    const voce = stack.candidate('A15010', 'Scavo di sbancamento', 'row A15010');
    const article = stack.above('A15010a');
    const unpriced = stack.candidate('A15020', 'Voce senza prezzo', 'row A15020');
    const next = stack.above('A16001');
    // Assess
    expect(chapter).toEqual([]);
    expect(voce).toEqual(['SCAVI E RINTERRI']);
    expect(article).toEqual(['SCAVI E RINTERRI', 'Scavo di sbancamento']);
    expect(unpriced).toEqual(['SCAVI E RINTERRI']);
    expect(next).toEqual([]);
    expect([...stack.confirmed]).toEqual(['row A15', 'row A15010']);
  });

  it('reads DEI chapters and voci above the priced articles, and keeps an article without price when nothing is under it', async () => {
    // Prepare
    const bytes = await xlsxBytes([
      {
        name: 'DEI',
        rows: [
          ['PREZZI INFORMATIVI DELL\u2019EDILIZIA - NUOVE COSTRUZIONI 2025'],
          HEADER,
          ['A', 'OPERE EDILI'],
          ['A15', 'SCAVI E RINTERRI'],
          ['A15010', 'Scavo di sbancamento eseguito con mezzi meccanici'],
          ['A15010a', 'in terreno sciolto', 'mc', 5.2],
          ['A15010b', 'in roccia tenera', 'mc', 9.8],
          ['A15020', 'Rinterro senza prezzo'],
          ['A20', 'MURATURE'],
          ['A20001a', 'Muratura in blocchi di laterizio', 'mq', 41],
        ],
      },
    ]);
    // Act
    const res = await readPriceFile(bytes, 'dei.xlsx');
    // Assess
    expect(res.rows.map((r) => [r.codice, r.titoli])).toEqual([
      ['A15010a', ['OPERE EDILI', 'SCAVI E RINTERRI', 'Scavo di sbancamento eseguito con mezzi meccanici']],
      ['A15010b', ['OPERE EDILI', 'SCAVI E RINTERRI', 'Scavo di sbancamento eseguito con mezzi meccanici']],
      ['A15020', ['OPERE EDILI', 'SCAVI E RINTERRI']],
      ['A20001a', ['OPERE EDILI', 'MURATURE']],
    ]);
    expect(res.rows[0]).toMatchObject({ descrizione: 'in terreno sciolto', unita_di_misura: 'mc', prezzo: 5.2 });
    expect(res.warnings).toEqual(['1 riga senza prezzo: importata con prezzo vuoto.']);
    expect(res.titleRows).toBe(4);
  });

  it('reads section headings without a code, in the code column or the description column, and not a description carried on', async () => {
    // Prepare
    const text = [
      'Codice;Descrizione;U.M.;Prezzo',
      'CAPITOLO 1 - SCAVI;;;',
      '01.001;Scavo di sbancamento;mc;12,50',
      ';con mezzi meccanici;;',
      '01.002;Scavo a sezione obbligata;mc;18,00',
      ';DEMOLIZIONI;;',
      '02.001;Demolizione di tramezzi;mq;9,00',
      'Cap. 3;Intonaci;;',
      '03.001;Intonaco civile;mq;18,00',
    ].join('\n');
    // Act
    const res = await readPriceFile(utf8(text), 'lista.csv');
    // Assess
    expect(res.rows.map((r) => [r.codice, r.titoli])).toEqual([
      ['01.001', ['CAPITOLO 1 - SCAVI']],
      ['01.002', ['CAPITOLO 1 - SCAVI']],
      ['02.001', ['DEMOLIZIONI']],
      ['03.001', ['Cap. 3 - Intonaci']],
    ]);
    expect(res.skipped).toBe(1);
    expect(res.titleRows).toBe(3);
  });

  it('keeps the levels above the article of "Livello n" columns as titles', async () => {
    // Prepare
    const bytes = await xlsxBytes([
      {
        name: 'Elenco',
        rows: [
          ['Codice', 'Livello 1', 'Livello 2', 'Livello 3', 'UM', 'Prezzo'],
          ['B1', 'OPERE EDILI', 'MURATURE.\nNote del capitolo.', 'Muratura in mattoni pieni', 'mq', 45.3],
        ],
      },
    ]);
    // Act
    const res = await readPriceFile(bytes, 'livelli.xlsx');
    // Assess
    expect(res.rows[0].titoli).toEqual(['OPERE EDILI', 'MURATURE']);
  });
});
