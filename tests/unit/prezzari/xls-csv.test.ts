import { describe, expect, it } from 'vitest';
import { PriceFileError, readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { cp1252, utf8, xlsBytes } from './fixtures.ts';

describe('readPriceFile: legacy .xls', () => {
  it('reads a BIFF8 workbook with title rows, text and real numbers', async () => {
    // Prepare
    const bytes = xlsBytes([
      { name: 'Indice', rows: [['Prezzario Regione Toscana 2024'], ['Provincia di Pisa']] },
      {
        name: 'Prezzi PI',
        rows: [
          ['Prezzario dei Lavori Pubblici della Toscana 2024'],
          [],
          ['Codice', 'Descrizione', 'U.M.', 'Prezzo', 'Prezzo senza S.G. e U.I.', 'Provincia', 'Anno'],
          ['TOS24_01.A03.001.001', 'Demolizione totale', 'm³', 13.2, '10,35', 'Pisa', 2024],
          ['', 'capitolo senza codice'],
          ['TOS24_01.A03.001.002', 'Demolizione parziale', 'm³', '1.017,40', 'NaN', 'PISA', '2024'],
        ],
      },
    ]);
    // Act
    const res = await readPriceFile(bytes, 'toscana-2024.xls');
    // Assess
    expect(res.format).toBe('xls');
    expect(res.sheet).toBe('Prezzi PI');
    expect(res.headerRow).toBe(3);
    expect(res.skipped).toBe(0); // the chapter row without a code is the title of the row below
    expect(res.rows).toEqual([
      {
        codice: 'TOS24_01.A03.001.001', descrizione: 'Demolizione totale', unita_di_misura: 'm³', prezzo: 13.2, prezzo_senza_sg: 10.35,
        anno: 2024, provincia: 'PISA', tipologia: null, scostamento_perc_senza_sg_2024: null, scostamento_perc_su_anno_2024: null,
      },
      {
        codice: 'TOS24_01.A03.001.002', descrizione: 'Demolizione parziale', unita_di_misura: 'm³', prezzo: 1017.4, prezzo_senza_sg: null,
        anno: 2024, provincia: 'PISA', tipologia: null, scostamento_perc_senza_sg_2024: null, scostamento_perc_su_anno_2024: null,
        titoli: ['capitolo senza codice'],
      },
    ]);
  });

  it('refuses a broken compound file', async () => {
    // Prepare
    const bytes = xlsBytes([{ name: 'A', rows: [['Codice', 'Prezzo'], ['A1', 1]] }]).slice(0, 600);
    // Act
    const err = await readPriceFile(bytes, 'a.xls').catch((e: unknown) => e);
    // Assess
    expect((err as PriceFileError).detail).toBe('Il file non è un file Excel valido (.xlsx o .xls).');
  });
});

describe('readPriceFile: CSV', () => {
  it("reads ';' UTF-8 with BOM, quotes, \"\" escapes, CRLF and Italian decimals", async () => {
    // Prepare
    const text =
      '\uFEFFTariffa;Descrizione;Unità di misura;Prezzo;Prezzo s/ S.G.;Anno;Tipologia DEI\r\n' +
      'A25093;"Tubo in PVC ""serie pesante""; diam. 110";m;12,50;9,81;2025;impianti_tecnologici\r\n' +
      'A25135b;"Pozzetto\r\nprefabbricato";cad;1.234,56;;2025;impianti_tecnologici\r\n' +
      '\r\n' +
      ';Capitolo senza codice;;;;;\r\n' +
      'N04001a;Ora di operaio;ora;NaN;-;2025;\r\n';
    // Act
    const res = await readPriceFile(utf8(text), 'dei.csv');
    // Assess
    expect(res.format).toBe('csv');
    expect(res.headerRow).toBe(1);
    expect(res.skipped).toBe(0);
    expect(res.rows.map((r) => r.titoli)).toEqual([undefined, undefined, ['Capitolo senza codice']]);
    expect(res.rows.map((r) => [r.codice, r.descrizione, r.unita_di_misura, r.prezzo, r.prezzo_senza_sg, r.anno, r.tipologia])).toEqual([
      ['A25093', 'Tubo in PVC "serie pesante"; diam. 110', 'm', 12.5, 9.81, 2025, 'impianti_tecnologici'],
      ['A25135b', 'Pozzetto prefabbricato', 'cad', 1234.56, null, 2025, 'impianti_tecnologici'],
      ['N04001a', 'Ora di operaio', 'ora', null, null, 2025, null],
    ]);
    expect(res.recognised.map((r) => r.column)).toEqual(['Tariffa', 'Descrizione', 'Unità di misura', 'Prezzo', 'Prezzo s/ S.G.', 'Anno', 'Tipologia DEI']);
  });

  it("reads ',' Windows-1252 with quoted decimal commas and a title line", async () => {
    // Prepare
    const text =
      'Elenco prezzi unitari - Comune di Città di Castello\n' +
      'Codice articolo,Descrizione estesa,U.M.,Prezzo unitario,Prz s/SG\n' +
      'E.01.010,"Rasatura a gesso, su pareti già intonacate",mq,"8,75","6,90"\n' +
      'E.01.020,Pittura lavabile a più mani,mq,5.1,4\n';
    const bytes = cp1252(text);
    expect(bytes.includes(0xe0)).toBe(true); // 'à' as one byte: not valid UTF-8
    // Act
    const res = await readPriceFile(bytes, 'elenco.csv');
    // Assess
    expect(res.headerRow).toBe(2);
    expect(res.rows.map((r) => [r.codice, r.descrizione, r.unita_di_misura, r.prezzo, r.prezzo_senza_sg])).toEqual([
      ['E.01.010', 'Rasatura a gesso, su pareti già intonacate', 'mq', 8.75, 6.9],
      ['E.01.020', 'Pittura lavabile a più mani', 'mq', 5.1, 4],
    ]);
  });

  it('reads tab-separated text and our own export column names', async () => {
    // Prepare
    const text =
      'codice\tdescrizione\tunita_di_misura\tprezzo\tprezzo_senza_sg\tanno\tprovincia\tscostamento_perc_senza_sg_2024\tscostamento_perc_su_anno_2024\n' +
      'X.1\tVoce\tkg\t1,5\t1,2\t2023\tLucca\t3,25\t-0,5\n';
    // Act
    const res = await readPriceFile(utf8(text), 'export.txt');
    // Assess
    expect(res.missing).toEqual(['tipologia']);
    expect(res.rows[0]).toEqual({
      codice: 'X.1', descrizione: 'Voce', unita_di_misura: 'kg', prezzo: 1.5, prezzo_senza_sg: 1.2, anno: 2023, provincia: 'LUCCA',
      tipologia: null, scostamento_perc_senza_sg_2024: 3.25, scostamento_perc_su_anno_2024: -0.5,
    });
  });

  it('refuses a quote that is never closed with an Italian error', async () => {
    // Prepare
    const text = 'Codice;Descrizione;U.M.;Prezzo\nA.1;"Scavo;m3;12,50\nA.2;Rinterro;m3;8,00\n';
    // Act
    const err = await readPriceFile(utf8(text), 'rotto.csv').catch((e: unknown) => e);
    // Assess
    expect(err).toBeInstanceOf(PriceFileError);
    expect((err as PriceFileError).detail).toBe('Il file CSV non è valido: un campo tra virgolette non viene mai chiuso.');
  });

  it('names what it found when the CSV has no price column', async () => {
    // Prepare
    const text = 'Descrizione;U.M.;Quantità\nScavo;mc;12\n';
    // Act
    const err = await readPriceFile(utf8(text), 'computo.csv').catch((e: unknown) => e);
    // Assess
    expect(err).toBeInstanceOf(PriceFileError);
    expect((err as PriceFileError).detail).toMatch(/^Il file non sembra un prezzario: mancano le colonne dei codici e dei prezzi\. Servono almeno le colonne Codice e Prezzo in un’intestazione nelle prime 30 righe \(trovate: Descrizione, U\.M\.\)/);
  });

  it('refuses empty and binary files', async () => {
    // Prepare
    const pdf = utf8('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    // Act
    const errs = await Promise.all([new Uint8Array(), pdf, png].map((b) => readPriceFile(b, 'x.csv').then(() => null, (e: unknown) => e as PriceFileError)));
    // Assess
    expect(errs.map((e) => e?.detail)).toEqual([
      'Il file è vuoto.',
      'Formato del file non riconosciuto: sono supportati Excel (.xlsx, .xls), CSV e XML (Regione Toscana).',
      'Formato del file non riconosciuto: sono supportati Excel (.xlsx, .xls), CSV e XML (Regione Toscana).',
    ]);
  });
});
