/**
 * Structured computi (functions/analysis/import): each format read from a fixture of
 * tests/fixtures/computi (built by build.ts) into exact rows, the shared STR Vision SIX export,
 * the column-mapping preview, and every kind of malformed file refused with its Italian reason.
 * The expected rows are worked out by hand from the files' content (comments give the sums).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { utils, write } from '@e965/xlsx';
import { ImportError, importComputo, previewComputo, type ImportResult } from '../../../functions/analysis/import/index.ts';
import { checkZipBudget, ZIP_BOMB } from '../../../functions/analysis/import/zip.ts';
import { evalMeasure } from '../../../functions/analysis/import/expr.ts';
import { fromNumber, sum, toNumber } from '../../../shared/domain/money.ts';
import { corpusData } from '../../support/corpus.ts';

const dir = path.resolve(__dirname, '../../fixtures/computi');
const file = (name: string) => new Uint8Array(readFileSync(path.join(dir, name)));
const rows = (r: ImportResult) =>
  r.voci.map((v) => ({ tariffa: v.tariffa, descrizione: v.descrizione, um: v.unita_di_misura, q: v.quantita, p: v.unitario, t: v.totale, verifica: v.verifica, capitoli: v.capitoli ?? null }));
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImportError) return err.reason;
    throw err;
  }
  throw new Error('not refused');
};

describe('PriMus XPWE', () => {
  it('reads every VCItem with its price-list item, the file quantity and chapters; measurements only check it', () => {
    // Act
    const r = importComputo(file('computo.xpwe'));
    // Assess
    expect(r.layout).toBe('xpwe');
    expect(r.document_total).toBeNull();
    expect(rows(r)).toEqual([
      // 2 × 4,50 × 0,40 × 3 + 2(1,5) × 0,20 × 3 = 10,80 + 1,80 = 12,60 = Quantita; 12,60 × 85,40
      { tariffa: 'TOS25_02.A03.001.001', descrizione: 'Demolizione di muratura in mattoni pieni, compreso il carico del materiale.', um: 'm³', q: 12.6, p: 85.4, t: 1076.04, verifica: [], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Demolizioni', sottocategoria: 'Piano terra' } },
      // (6 + 4,5) × 3 − 0,90 × 2,10 + 0,90 × 2,10 = 31,50; 31,50 × 23,15 = 729,225
      { tariffa: 'TOS25_03.B01.002.001', descrizione: 'Intonaco civile per interni <a due strati>', um: 'm²', q: 31.5, p: 23.15, t: 729.23, verifica: [], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Murature & intonaci' } },
      // "vedi voce 2" 31,50 + 3 × 2,50 = 39,00 ≠ Quantita 40: the file's 40 is kept, flagged
      { tariffa: 'TOS25_03.B01.002.001', descrizione: 'Intonaco civile per interni <a due strati>', um: 'm²', q: 40, p: 23.15, t: 926, verifica: ['la somma delle righe di misura non corrisponde alla quantità'], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Murature & intonaci' } },
      { tariffa: 'TOS25_17.N05.001.001', descrizione: 'Cartello di cantiere', um: 'cad', q: 1, p: 120, t: 120, verifica: [], capitoli: null },
    ]);
  });

  it('reads a file saved in a Windows code page without saying so', () => {
    // Prepare: the same computo, with an accented description, in latin-1 bytes
    const text = readFileSync(path.join(dir, 'computo.xpwe'), 'utf8').replace('Cartello di cantiere', 'Cartello di cantiere: città').replace(/m³|m²/g, 'mq');
    // Act
    const r = importComputo(new Uint8Array(Buffer.from(text, 'latin1')));
    // Assess
    expect(r.voci[3].descrizione).toBe('Cartello di cantiere: città');
  });
});

describe('STR Vision SIX', () => {
  it('maps the shared real export: one voce per product of each preventivo, measured quantity, list price', () => {
    // Act
    const r = importComputo(new Uint8Array(corpusData('six-str-vision-4440.xml')));
    // Assess: 1,294 rilevazioni of 2 measured preventivi become 308 voci; the 2 others measure nothing.
    expect(r.layout).toBe('six');
    expect(r.voci).toHaveLength(308);
    expect(r.warnings).toEqual([]);
    const first = r.voci[0];
    expect({ tariffa: first.tariffa, um: first.unita_di_misura, q: first.quantita, p: first.unitario, t: first.totale, capitoli: first.capitoli }).toEqual({
      tariffa: 'A013.070.01',
      um: 'm²',
      q: 4162.7,
      p: 99,
      t: 412107.3,
      capitoli: { supercategoria: '4440 CME_Opere civili Piani Uffici', categoria: 'A013 - Opere da cartongessista', sottocategoria: 'Pareti in cartongesso strandard e idrorepellente' },
    });
    expect(first.descrizione.startsWith('C01a/b - Parete in cartongesso standard/ignilastra con mono orditura metallica da 50 mm C01a/b - Fornitura e posa')).toBe(true);
    // Every amount is its quantity × price: no voce is flagged, and the sum makes sense.
    expect(r.voci.filter((v) => v.verifica.length)).toEqual([]);
    expect(r.voci.every((v) => v.tariffa && v.descrizione && v.unita_di_misura)).toBe(true);
    expect(toNumber(sum(r.voci.map((v) => fromNumber(v.totale))))).toBe(10699599.96);
    expect(new Set(r.voci.map((v) => v.capitoli?.supercategoria))).toEqual(new Set(['4440 CME_Opere civili Piani Uffici', '4440 CME_Opere civili Piani Speciali']));
  });

  it('refuses a SIX file without measured voci', () => {
    expect(refusal(() => importComputo(file('six-senza-voci.xml')))).toBe('Il file SIX non contiene voci di computo misurate (nessuna prvRilevazione): è forse solo un prezzario?');
  });
});

const excelExpected = [
  { tariffa: 'A25093', descrizione: 'Demolizione di pavimento in ceramica', um: 'm²', q: 120.5, p: 12.3, t: 1482.15, verifica: [], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Demolizioni' } },
  { tariffa: 'A25135b', descrizione: 'Rimozione di infissi interni', um: 'cad', q: 8, p: 45, t: 360, verifica: [], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Demolizioni' } },
  { tariffa: 'N04001a', descrizione: 'Pavimento in gres porcellanato 30x30', um: 'm²', q: 120.5, p: 38.75, t: 4669.38, verifica: [], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Pavimenti' } },
  // 86,40 × 9,10 = 786,24: the file says 786,30, kept and flagged
  { tariffa: 'N04002', descrizione: 'Battiscopa in gres', um: 'm', q: 86.4, p: 9.1, t: 786.3, verifica: ['quantità × prezzo ≠ importo stampato'], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Pavimenti' } },
  // 3 % of 7.297,83 = 218,93: a percentage voce has the base as quantity and the rate as a fraction (q × p = amount)
  { tariffa: 'S01', descrizione: 'Oneri della sicurezza non soggetti a ribasso', um: '%', q: 7297.83, p: 0.03, t: 218.93, verifica: [], capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Pavimenti' } },
];

describe('Excel computi', () => {
  it.each(['computo.xlsx', 'computo.xls'])('reads %s: header by synonyms, titles as chapters, subtotals skipped, formulas by their cached values', (name) => {
    // Act
    const r = importComputo(file(name));
    // Assess
    expect(r.layout).toBe('excel');
    expect(rows(r)).toEqual(excelExpected);
    // TOTALE COMPLESSIVO = 1.482,15 + 360 + 4.669,38 + 786,30 + 218,93
    expect(r.document_total).toBe(7516.76);
  });

  it('previews a recognised table as certain, with its columns', () => {
    const p = previewComputo(file('computo.xlsx'));
    expect(p).toMatchObject({ format: 'xlsx', certain: true, sheet: 'Computo', header_row: 4, mapping: { codice: 1, descrizione: 2, unita_di_misura: 3, quantita: 4, unitario: 5, totale: 6 }, total_rows: 5, error: null });
    expect(p.columns.slice(0, 7)).toEqual(['N.', 'Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo']);
  });

  it('guesses unusual columns from the numbers and asks for confirmation; a corrected mapping is applied', () => {
    // Act
    const guessed = previewComputo(file('computo-colonne-incerte.xlsx'));
    // Assess
    expect(guessed).toMatchObject({ certain: false, header_row: 1, columns: ['Art.', 'Lavori', 'Mis.', 'Q.', '€/u', '€'], mapping: { codice: 0, descrizione: 1, unita_di_misura: 2, quantita: 3, unitario: 4, totale: 5 }, total_rows: 3 });
    expect(guessed.preview.map((v) => [v.tariffa, v.descrizione, v.unita_di_misura, v.quantita, v.unitario, v.totale])).toEqual([
      ['B.01', 'Scavo a sezione obbligata', 'm³', 40, 18.5, 740],
      ['B.02', 'Rinterro con materiale di scavo', 'm³', 25.5, 7.2, 183.6],
      ['B.03', 'Trasporto a discarica', 't', 22, 14, 308],
    ]);
    // A user who swaps code and unit sees the preview follow.
    const corrected = previewComputo(file('computo-colonne-incerte.xlsx'), { codice: 2, descrizione: 1, unita_di_misura: 0, quantita: 3, unitario: 4, totale: 5 });
    expect(corrected.certain).toBe(false);
    expect(corrected.preview[0]).toMatchObject({ tariffa: 'm³', unita_di_misura: 'B.01' });
    const imported = importComputo(file('computo-colonne-incerte.xlsx'), { codice: 2, descrizione: 1, unita_di_misura: 0, quantita: 3, unitario: 4, totale: 5 });
    expect(imported.voci.map((v) => v.tariffa)).toEqual(['m³', 'm³', 't']);
  });

  it('joins a description written over several rows, the numbers on the last one', () => {
    // Prepare
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo'],
        ['A.01', 'Muratura in blocchi di laterizio', null, null, null, null],
        [null, 'spessore 30 cm, compresa la malta', null, null, null, null],
        [null, 'e ogni onere', 'm²', 12, 50, 600],
        ['A.02', 'Intonaco civile', 'm²', 10, 20, 200],
      ]),
      'Computo',
    );
    // Act
    const r = importComputo(new Uint8Array(write(book, { type: 'buffer', bookType: 'xlsx' })));
    // Assess
    expect(r.voci.map((v) => [v.tariffa, v.descrizione, v.totale])).toEqual([
      ['A.01', 'Muratura in blocchi di laterizio spessore 30 cm, compresa la malta e ogni onere', 600],
      ['A.02', 'Intonaco civile', 200],
    ]);
  });

  it('refuses a spreadsheet that is not a computo', () => {
    expect(refusal(() => importComputo(file('non-computo.xls')))).toBe(
      'Nessuna tabella di computo riconosciuta nel foglio di calcolo: servono almeno le colonne Descrizione e Importo (o Quantità e Prezzo unitario).',
    );
  });
});

describe('LeenO', () => {
  it('reads the COMPUTO sheet: code and description of each voce, SOMMANO unit, quantity, price, amount; chapters from category rows', () => {
    // Act
    const r = importComputo(file('computo-leeno.ods'));
    // Assess
    expect(r.layout).toBe('leeno');
    expect(rows(r)).toEqual([
      { tariffa: 'TOS25_01.A04.001.001', descrizione: 'Scavo di sbancamento eseguito con mezzi meccanici', um: 'm³', q: 60, p: 15.25, t: 915, verifica: [], capitoli: { supercategoria: 'LAVORI A MISURA', categoria: 'Scavi' } },
      // 60 × 4,80 = 288,00: the file's 288,50 is kept and flagged
      { tariffa: 'TOS25_01.A05.002.001', descrizione: 'Trasporto a discarica autorizzata', um: 'm³', q: 60, p: 4.8, t: 288.5, verifica: ['quantità × prezzo ≠ importo stampato'], capitoli: { supercategoria: 'LAVORI A MISURA', categoria: 'Scavi' } },
      { tariffa: 'TOS25_07.B12.001.002', descrizione: 'Pavimentazione in masselli autobloccanti', um: 'm²', q: 102, p: 11.2588, t: 1148.4, verifica: [], capitoli: { supercategoria: 'LAVORI A MISURA', categoria: 'Pavimentazioni' } },
    ]);
    expect(r.document_total).toBe(2351.9);
  });
});

describe('Excel prints in SOMMANO blocks (PriMus and similar)', () => {
  it('reads each block: code and description of its first row, SOMMANO unit, quantity, price and amount; measurements not re-added', () => {
    const r = importComputo(file('computo-primus.xlsx'));
    expect(r.layout).toBe('excel');
    expect(rows(r)).toEqual([
      // 10 × 8 + 10 × 4,5 = 125; 125 × 21,40
      { tariffa: 'E.01.010', descrizione: 'Massetto in calcestruzzo alleggerito, spessore 6 cm', um: 'm²', q: 125, p: 21.4, t: 2675, verifica: [], capitoli: { categoria: 'LAVORI A CORPO' } },
      { tariffa: 'E.02.005', descrizione: 'Tinteggiatura con idropittura traspirante', um: 'm²', q: 75, p: 6.15, t: 461.25, verifica: [], capitoli: { categoria: 'LAVORI A CORPO' } },
    ]);
    // T O T A L E = 2.675 + 461,25
    expect(r.document_total).toBe(3136.25);
  });
});

describe('a voce beyond the business limit is kept and flagged, never the whole file refused', () => {
  const beyond = (label: string, inFile: string) => `${label} fuori dai limiti ammessi (nel file ${inFile}, massimo 999.999.999.999,99 in valore assoluto)`;

  it('XPWE: a quantity of 999.999.999.999 (amount 119.999.999.999.880,00)', () => {
    // Prepare
    const text = readFileSync(path.join(dir, 'computo.xpwe'), 'utf8').replace('<Quantita>1.00</Quantita>', '<Quantita>999999999999</Quantita>');
    // Act
    const r = importComputo(new Uint8Array(Buffer.from(text)));
    // Assess
    expect(r.voci).toHaveLength(4);
    expect(rows(r)[3]).toMatchObject({ tariffa: 'TOS25_17.N05.001.001', q: 999999999999, p: 120, t: 119999999999880, verifica: [beyond('importo', '119.999.999.999.880,00')] });
    expect(r.voci.slice(0, 2).every((v) => v.verifica.length === 0)).toBe(true);
  });

  it('SIX: a price of 999.999.999.999 on the first product', () => {
    // Prepare
    const text = corpusData('six-str-vision-4440.xml').toString('utf8');
    const at = text.indexOf('prodottoId="262"');
    const price = text.indexOf('valore="99.00"', at);
    const changed = text.slice(0, price) + 'valore="999999999999"' + text.slice(price + 'valore="99.00"'.length);
    // Act
    const r = importComputo(new Uint8Array(Buffer.from(changed)));
    // Assess
    expect(r.voci).toHaveLength(308);
    expect(r.voci[0]).toMatchObject({ tariffa: 'A013.070.01', quantita: 4162.7, unitario: 999999999999 });
    expect(r.voci[0].verifica).toEqual([beyond('importo', '4.162.699.999.995.837,30')]);
  });

  it('Excel: a voce of 999.999.999.999 × 85,40 and an amount beyond the limit', () => {
    // Prepare
    const sheet = utils.aoa_to_sheet([
      ['Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo'],
      ['A1', 'Demolizione', 'm³', 999999999999, 85.4, 85399999999914.6],
      ['A2', 'Intonaco', 'm²', 10, 20, 200],
    ]);
    const wb = utils.book_new();
    utils.book_append_sheet(wb, sheet, 'Computo');
    // Act
    const r = importComputo(new Uint8Array(write(wb, { type: 'buffer', bookType: 'xlsx' })));
    // Assess
    expect(rows(r).map((v) => [v.tariffa, v.q, v.t, v.verifica])).toEqual([
      ['A1', 999999999999, 85399999999914.6, [beyond('importo', '85.399.999.999.914,60')]],
      ['A2', 10, 200, []],
    ]);
  });
});

describe('malformed files are refused with their reason', () => {
  it.each([
    ['troncato.xpwe', 'Il file XML non è valido o è danneggiato (errore alla riga'],
    ['entita.xpwe', 'Il file XML contiene una dichiarazione DOCTYPE o ENTITY: per sicurezza non può essere importato.'],
    ['non-computo.xml', 'Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)'],
    ['danneggiato.xlsx', 'Il file è danneggiato: l\u2019archivio compresso non è leggibile.'],
    ['danneggiato.ods', 'Il file è danneggiato: l\u2019archivio compresso non è leggibile.'],
  ])('%s', (name, reason) => {
    expect(refusal(() => importComputo(file(name)))).toContain(reason);
  });

  it('refuses a file over 50 MB before reading it', () => {
    const big = new Uint8Array(52_428_801).fill(0x20);
    big.set(new TextEncoder().encode('<PweDocumento>'));
    expect(refusal(() => importComputo(big))).toBe('File troppo grande. Dimensione massima: 50MB');
  });

  it('refuses a zip bomb before inflating it, even when its headers lie about the size', () => {
    // Prepare: one entry of 300 MB of zeros (≈ 300 KB deflated), declared as 1 KB.
    const data = zlib.deflateRawSync(Buffer.alloc(300 * 1024 * 1024), { level: 9 });
    const bomb = zipOf('xl/worksheets/sheet1.xml', data, 1024);
    // Act + Assess
    expect(refusal(() => checkZipBudget(bomb))).toBe(ZIP_BOMB);
    expect(refusal(() => importComputo(bomb))).toBe(ZIP_BOMB);
  });
});

describe('measurement cells', () => {
  it.each([
    ['5.50+0.60', 6.1],
    ['2(3+4)', 14],
    ['2,5*3', 7.5],
    ['10/4', 2.5],
    ['-1,89', -1.89],
  ])('%s = %s', (text, value) => {
    expect(toNumber(evalMeasure(text)!)).toBe(value);
  });
  it.each(['a*2', 'process.exit()', '2**', ''])('%s is not a measurement', (text) => {
    expect(evalMeasure(text)).toBeNull();
  });
});

/** A one-entry zip (local header, central directory, end record) with a chosen declared size. */
function zipOf(name: string, deflated: Buffer, declaredSize: number): Uint8Array {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + n.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return new Uint8Array(Buffer.concat([local, n, deflated, central, n, end]));
}
