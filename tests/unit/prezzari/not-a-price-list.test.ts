import { describe, expect, it } from 'vitest';
import { codeFamily, codeShares, computoColumn, computoRefusal, foreignCodesAlert, missingColumnsRefusal } from '../../../shared/domain/price-file.ts';
import { PriceFileError, readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, utf8, xlsBytes, xlsxBytes } from './fixtures.ts';

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof PriceFileError ? e.detail : String(e)));

describe('the rule: which header is a computo\u2019s', () => {
  it('names the computo columns and nothing of a price list', () => {
    // Prepare
    const titles = ['Quantità', 'Q.tà', 'QTA', 'I M P O R T I', 'Importo totale', 'TOTALE', 'par.ug.', 'lung.', 'Codice', 'Prezzo unitario', 'U.M.', 'Descrizione', 'Prezzo senza S.G.'];
    // Act
    const kinds = titles.map(computoColumn);
    // Assess
    expect(kinds).toEqual(['quantita', 'quantita', 'quantita', 'importo', 'importo', 'importo', 'misura', 'misura', null, null, null, null, null]);
  });

  it('refuses quantities beside amounts, measurements or prices, and keeps a list whose price column is called Importo', () => {
    expect(computoRefusal(['N.', 'Tariffa', 'Designazione', 'Quantità', 'Prezzo unitario', 'Importo'])).toBe(
      'Il file non sembra un prezzario: sembra un computo (quantità e importi, colonne «Quantità» e «Importo»), non un prezzario. Un computo si carica come documento, non come prezzario.',
    );
    expect(computoRefusal(['Codice', 'Descrizione', 'Q.tà', 'Prezzo'], true)).toMatch(/sembra un computo \(quantità e importi, colonne «Q\.tà»\)/);
    expect(computoRefusal(['Num.Ord. TARIFFA', 'par.ug.', 'lung.', 'Quantità', 'unitario', 'TOTALE'])).toMatch(/«Quantità» e «TOTALE»/);
    expect(computoRefusal(['Codice', 'Descrizione', 'U.M.', 'Importo'], true)).toBeNull();
    expect(computoRefusal(['Codice', 'Descrizione', 'Quantità'])).toBeNull();
  });

  it('says which column is missing', () => {
    expect(missingColumnsRefusal({ codice: true, prezzo: false }, ['Codice', 'Descrizione'], 30)).toBe(
      'Il file non sembra un prezzario: manca la colonna dei prezzi. Servono almeno le colonne Codice e Prezzo in un\u2019intestazione nelle prime 30 righe (trovate: Codice, Descrizione).',
    );
    expect(missingColumnsRefusal({ codice: false, prezzo: true }, ['Prezzo'], 30)).toMatch(/^Il file non sembra un prezzario: manca la colonna dei codici\./);
    expect(missingColumnsRefusal({ codice: false, prezzo: false }, [], 30)).toMatch(/mancano le colonne dei codici e dei prezzi\..*nessuna colonna riconosciuta/);
  });
});

describe('readPriceFile refuses files that are not price lists', () => {
  it('refuses a computo export (N., Tariffa, Designazione, Quantità, Prezzo unitario, Importo) in .xlsx and .xls', async () => {
    // Prepare: title rows, the computo header, rows with quantities and amounts.
    const rows = [
      ['COMPUTO METRICO ESTIMATIVO'],
      ['Lavori di manutenzione della scuola primaria'],
      ['N.', 'Tariffa', 'Designazione dei lavori', 'Quantità', 'Prezzo unitario', 'Importo'],
      [1, 'TOS25_01.A04.001.001', 'Scavo di sbancamento', 120, 15.25, 1830],
      [2, 'TOS25_01.A04.008.001', 'Rinterro', 40, 7.2, 288],
    ];
    // Act
    const fromXlsx = await refusal(readPriceFile(await xlsxBytes([{ name: 'Computo', rows }]), 'computo.xlsx'));
    const fromXls = await refusal(readPriceFile(xlsBytes([{ name: 'Computo', rows }]), 'computo.xls'));
    // Assess
    expect(fromXlsx).toMatch(/^Il file non sembra un prezzario: sembra un computo \(quantità e importi, colonne «Quantità» e «Importo»\)/);
    expect(fromXls).toBe(fromXlsx);
  });

  it('refuses this app\u2019s own Excel export of a document (its header on row 7, Quantità and Totale beside the prices)', async () => {
    // Prepare: the columns of functions/export/formats.ts, below the document's title rows.
    const rows: Array<Array<string | number> | null> = [['Computo metrico estimativo'], ['Documento: computo.pdf'], null, ['Totale documento', 1830], null, null];
    rows.push(['N°', 'Tariffa', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Totale', 'Prezzo DB', 'Totale DB', 'Differenza', 'Variazione %', 'Fonte del prezzo', 'Note']);
    rows.push([1, 'TOS25_01.A04.001.001', 'Scavo di sbancamento', 'mc', 120, 15.25, 1830, 15.25, 1830, 0, 0, 'Prezzario Toscana PISA 2025', '']);
    // Act
    const detail = await refusal(readPriceFile(await xlsxBytes([{ name: 'Computo', rows }]), 'export.xlsx'));
    // Assess
    expect(detail).toMatch(/^Il file non sembra un prezzario: sembra un computo \(quantità e importi, colonne «Quantità» e «Totale»\)/);
  });

  it('refuses a PriMus print exported to Excel, whose two-row header has no price column a price list would have', async () => {
    // Prepare
    const rows = [
      ['COMPUTO METRICO ESTIMATIVO'],
      ['Num.Ord. TARIFFA', 'DESIGNAZIONE DEI LAVORI', 'par.ug.', 'lung.', 'larg.', 'H/peso', 'Quantità', 'I M P O R T I'],
      [null, null, null, null, null, null, null, 'unitario', 'TOTALE'],
      ['1 E.01.010', 'Massetto in calcestruzzo alleggerito', 2, 4, 5, null, 40, 18.5, 740],
    ];
    // Act
    const detail = await refusal(readPriceFile(await xlsxBytes([{ name: 'Computo', rows }]), 'primus.xlsx'));
    // Assess
    expect(detail).toMatch(/^Il file non sembra un prezzario: sembra un computo/);
  });

  it('refuses a CSV computo, and a CSV without a price column says so', async () => {
    // Act
    const computo = await refusal(readPriceFile(utf8('Codice;Descrizione;U.M.;Q.tà;Prezzo;Importo\nA.1;Scavo;mc;12;3,50;42,00\n'), 'c.csv'));
    const noPrice = await refusal(readPriceFile(utf8('Codice;Descrizione;U.M.\nA.1;Scavo;mc\n'), 'l.csv'));
    // Assess
    expect(computo).toMatch(/sembra un computo \(quantità e importi, colonne «Q\.tà» e «Importo»\)/);
    expect(noPrice).toMatch(/^Il file non sembra un prezzario: manca la colonna dei prezzi\./);
  });

  it('refuses an XPWE and a SIX computo sent as XML price lists', async () => {
    // Prepare
    const xpwe = utf8('<?xml version="1.0"?><PweDocumento><PweDatiGenerali/><PweMisurazioni><PweElencoPrezzi><EPItem ID="1"><Tariffa>A1</Tariffa><Prezzo1>10</Prezzo1></EPItem></PweElencoPrezzi></PweMisurazioni></PweDocumento>');
    const six = utf8('<Documento xmlns="six.xsd"><prezzario><prodotto prdId="1" codice="A1"><prdDescrizione breve="Scavo"/><prdQuotazione valore="10"/></prodotto></prezzario><preventivo><prvRilevazione prdId="1"><prvMisura quantita="3"/></prvRilevazione></preventivo></Documento>');
    // Act
    const fromXpwe = await refusal(readPriceFile(xpwe, 'computo.xml'));
    const fromSix = await refusal(readPriceFile(six, 'computo.xml'));
    // Assess
    expect(fromXpwe).toBe('Il file non sembra un prezzario: è un computo XPWE (PriMus), non un prezzario. Un computo si carica come documento, non come prezzario.');
    expect(fromSix).toBe('Il file non sembra un prezzario: è un computo SIX (con misure e quantità), non un prezzario. Un computo si carica come documento, non come prezzario.');
  });

  it('refuses every computo fixture of the structured-computo import with a reason', async () => {
    // Prepare
    const names = ['computo.xlsx', 'computo.xls', 'computo-primus.xlsx', 'computo-colonne-incerte.xlsx', 'computo.xpwe', 'non-computo.xls'];
    const files = names.map((n) => readFileSync(path.join(repoRoot, 'tests/fixtures/computi', n)));
    // Act
    const details = await Promise.all(files.map((bytes, i) => refusal(readPriceFile(new Uint8Array(bytes), names[i].replace(/\.xpwe$/, '.xml')))));
    // Assess
    expect(details.map((d) => d?.replace(/:.*$/s, ''))).toEqual(names.map(() => 'Il file non sembra un prezzario'));
    expect(details.slice(0, 3).every((d) => d!.includes('sembra un computo (quantità e importi'))).toBe(true);
    expect(details[4]).toContain('è un computo XPWE (PriMus)');
  });

  it('refuses a list of codes none of which has a price', async () => {
    // Prepare
    const bytes = await xlsxBytes([{ name: 'A', rows: [['Codice', 'Descrizione', 'U.M.', 'Prezzo'], ['A1', 'Scavo', 'mc', null], ['A2', 'Rinterro', 'mc', '-']] }]);
    // Act
    const detail = await refusal(readPriceFile(bytes, 'vuoto.xlsx'));
    // Assess
    expect(detail).toBe('Il file non sembra un prezzario: nessuna voce ha un prezzo (la colonna dei prezzi è vuota).');
  });

  it('still reads a price list whose price column is called Importo', async () => {
    // Prepare
    const bytes = await xlsxBytes([{ name: 'A', rows: [['Codice', 'Descrizione', 'U.M.', 'Importo'], ['A1', 'Scavo', 'mc', 12.5]] }]);
    // Act
    const res = await readPriceFile(bytes, 'importo.xlsx');
    // Assess
    expect(res.rows).toEqual([expect.objectContaining({ codice: 'A1', prezzo: 12.5 })]);
  });
});

describe('the rule: whose codes a file holds', () => {
  it('tells Toscana codes from DEI codes', () => {
    expect(['TOS25_01.A03.001.001', 'A25093', 'N04001a', '01.A03.001', 'NP_OC062'].map(codeFamily)).toEqual(['toscana', 'dei', 'dei', null, null]);
  });

  it('alerts when most codes belong to another source than the one chosen', () => {
    // Prepare
    const dei = codeShares(['A25093', 'A25135b', 'N04001a', 'TOS25_01.A03.001.001']);
    const toscana = codeShares(['TOS25_01.A03.001.001', 'TOS25_01.A03.001.002', 'A25093']);
    const other = codeShares(['01.A03.001', '01.A03.002', 'TOS25_01.A03.001.001']);
    const half = codeShares(['TOS25_01.A03.001.001', 'A25093']);
    // Act + Assess
    expect(foreignCodesAlert('toscana', dei)).toBe(
      'La maggior parte dei codici del file (3 su 4, ad esempio A25093) non sono codici della Regione Toscana (TOSnn_…): il file sembra un prezzario DEI, non un prezzario Toscana.',
    );
    expect(foreignCodesAlert('dei', toscana)).toBe(
      'La maggior parte dei codici del file (2 su 3, ad esempio TOS25_01.A03.001.001) sono codici della Regione Toscana (TOSnn_…): il file sembra un prezzario Toscana, non un prezzario DEI.',
    );
    expect(foreignCodesAlert('toscana', other)).toMatch(/\(2 su 3, ad esempio 01\.A03\.001\).*il file sembra un prezzario di un\u2019altra fonte, non un prezzario Toscana\.$/);
    expect(foreignCodesAlert('toscana', toscana)).toBeNull();
    expect(foreignCodesAlert('dei', dei)).toBeNull();
    expect(foreignCodesAlert('dei', other)).toBeNull();
    expect(foreignCodesAlert('toscana', half)).toBeNull();
    expect(foreignCodesAlert('csv', toscana)).toBeNull();
  });
});
