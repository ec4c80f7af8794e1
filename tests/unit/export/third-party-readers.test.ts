/**
 * Our XPWE and SIX as other programs read them: LeenO's XPWE import and Taboolo's SIX import,
 * ported from their public code (tests/support/readers/, with the source lines each rule comes
 * from), on a document with voci without a code, a code at two prices (and one differing only in
 * case), a deduction and chapters. LeenO keys its price list by code and skips articles without
 * one: before every article had its own code, such voci lost their price (a real PriMus print lost
 * 62.606,88 €). Taboolo imports one preventivo at a time and reads chapters as WBS groups.
 */
import { describe, expect, it } from 'vitest';
import { buildXpwe } from '../../../functions/export/xpwe.ts';
import { buildSix } from '../../../functions/export/six.ts';
import type { ExportDocument, ExportRow } from '../../../functions/export/model.ts';
import { leenoImportXpwe } from '../../support/readers/leeno-xpwe.ts';
import { PreventivoSelectionError, tabooloParseSix } from '../../support/readers/taboolo-six.ts';

const doc: ExportDocument = { id: 7, filename: 'Forte dei Marmi - scuola.pdf', provincia: 'LU', tipologia_dei: 'nuove_costruzioni', upload_date: '2026-11-20T09:00:00Z', document_total: null };
let n = 0;
const row = (tariffa: string, descrizione: string, unita: string, quantita: number, unitario: number, capitoli: ExportRow['capitoli']): ExportRow => ({
  row_index: ++n,
  tariffa,
  descrizione,
  unita_di_misura: unita,
  quantita,
  unitario,
  totale: Math.round(quantita * unitario * 100) / 100,
  prezzo_db: null,
  prezzo_totale_db: null,
  differenza_totale_db: null,
  verifica: [],
  capitoli,
});
const EDILI = { supercategoria: 'OPERE EDILI', categoria: 'Demolizioni' };
const MURI = { supercategoria: 'OPERE EDILI', categoria: 'Murature', sottocategoria: 'Piano terra' };
const IMPIANTI = { supercategoria: 'IMPIANTI', categoria: 'Impianto elettrico' };
const ROWS: ExportRow[] = [
  row('A005.030.08', 'Demolizione di tramezzi in laterizio', 'm²', 120.5, 14.2, EDILI),
  row('', 'Rimozione di infissi esistenti, a corpo', 'a corpo', 1, 2450, EDILI),
  row('', 'Trasporto a discarica dei materiali', 'm³', 38.25, 32.4, EDILI),
  row('A005.030.08', 'Demolizione di tramezzi in laterizio', 'm²', 44, 16.8, MURI), // the same code at a second price
  row('B.01', 'Muratura in blocchi', 'm²', 210, 48.5, MURI),
  row('b.01', 'Muratura in blocchi forati', 'm²', 35, 51.2, MURI), // the same code but for case, another price
  row('B.01', 'Muratura in blocchi', 'm²', -12.5, 48.5, MURI), // a deduction
  row('', 'Assistenze murarie agli impianti', 'a corpo', 1, 22_000, IMPIANTI),
  row('', 'Quadro elettrico generale', 'cad', 1, 7_850.4, IMPIANTI),
  row('', 'Linee dorsali FG16OR16', 'm', 420, 18.35, IMPIANTI),
  row('', 'Punti luce', 'cad', 86, 96.5, IMPIANTI),
  row('', 'Punti presa', 'cad', 124, 88.75, IMPIANTI),
  row('', 'Punti luce', 'cad', 12, 96.5, IMPIANTI), // the same voce without code again: shares its article
  row('E.12', 'Impianto di terra', 'a corpo', 1, 3_200, null),
];
const TOTAL = Math.round(ROWS.reduce((s, r) => s + (r.totale ?? 0), 0) * 100) / 100;
const WITHOUT_CODE = Math.round(ROWS.filter((r) => !r.tariffa).reduce((s, r) => s + (r.totale ?? 0), 0) * 100) / 100;
const NOW = new Date('2026-11-25T10:00:00Z');

describe('LeenO reads our XPWE (LeenoImport_XPWE.py)', () => {
  const xml = buildXpwe(doc, ROWS, NOW).toString('utf8');
  const leeno = leenoImportXpwe(xml);

  it('finds every article in its price list, each voce priced: the computo total is the document\u2019s', () => {
    // Assess: 12 distinct articles, none skipped or shadowed by an earlier one with the same code
    expect(leeno.elencoPrezzi.size).toBe(12);
    expect(leeno.voci.map((v) => v.prezzo)).toEqual(ROWS.map((r) => r.unitario));
    expect(leeno.voci.map((v) => Math.round(v.quantita * 10_000) / 10_000)).toEqual(ROWS.map((r) => r.quantita));
    expect(Math.round(leeno.total * 100) / 100).toBe(TOTAL);
    expect(WITHOUT_CODE).toBeGreaterThan(60_000);
  });

  it('gives each voce a code: its own, CODE/2 for a second price, VOCE.n for none', () => {
    expect(leeno.voci.map((v) => v.tariffa)).toEqual([
      'A005.030.08',
      'VOCE.2',
      'VOCE.3',
      'A005.030.08/2',
      'B.01',
      'b.01/2',
      'B.01',
      'VOCE.8',
      'VOCE.9',
      'VOCE.10',
      'VOCE.11',
      'VOCE.12',
      'VOCE.11',
      'E.12',
    ]);
  });

  it('inserts the chapters where they change, with their titles', () => {
    const chapters = leeno.sheet.flatMap((s) => ('chapter' in s ? [`${s.level}:${s.chapter}`] : []));
    expect(chapters).toEqual(['super:OPERE EDILI', 'cat:Demolizioni', 'cat:Murature', 'sub:Piano terra', 'super:IMPIANTI', 'cat:Impianto elettrico']);
  });

  it('the port is the reader that lost the money: with the codes left empty the voci without code get no price', () => {
    // Prepare: our XPWE as it was, the assigned codes emptied
    const old = xml.replace(/<Tariffa>VOCE\.\d+<\/Tariffa>/g, '<Tariffa></Tariffa>').replace(/<Tariffa>([^<]+)\/2<\/Tariffa>/g, '<Tariffa>$1</Tariffa>');
    // Act
    const lost = leenoImportXpwe(old);
    // Assess: short by the voci without code, and the second price read as the first
    expect(TOTAL - Math.round(lost.total * 100) / 100).toBeGreaterThan(WITHOUT_CODE);
  });
});

describe('Taboolo reads our SIX (importers/six/parser.py)', () => {
  const xml = buildSix(doc, ROWS).toString('utf8');
  const taboolo = tabooloParseSix(xml);

  it('one preventivo, imported without asking which: every voce, priced, summing to the document\u2019s total', () => {
    expect(taboolo.title).toBe(doc.filename);
    expect(taboolo.voci).toHaveLength(ROWS.length);
    expect(taboolo.voci.map((v) => [v.quantity, v.unitPrice, v.amount, v.references])).toEqual(ROWS.map((r) => [r.quantita, r.unitario, r.totale, 0]));
    expect(taboolo.total).toBe(TOTAL);
    expect(new Set(taboolo.voci.map((v) => v.code)).has('')).toBe(false);
  });

  it('finds our chapters as WBS levels of each voce', () => {
    const chapters = taboolo.voci.map((v) => v.wbs.filter((w) => w.level <= 5).map((w) => w.description));
    expect(chapters).toEqual(ROWS.map((r) => [r.capitoli?.supercategoria, r.capitoli?.categoria, r.capitoli?.sottocategoria].filter(Boolean)));
    const distinct = new Set(taboolo.voci.flatMap((v) => v.wbs.filter((w) => w.level <= 5).map((w) => `${w.level}:${w.code}`)));
    expect(distinct.size).toBe(6);
  });

  it('the port refuses a file of several preventivi, as Taboolo asks which one to import', () => {
    const two = xml.replace(/<\/preventivo>/, '</preventivo><preventivo preventivoId="9999" prvId="CME 2"></preventivo>');
    expect(() => tabooloParseSix(two)).toThrow(PreventivoSelectionError);
  });
});
