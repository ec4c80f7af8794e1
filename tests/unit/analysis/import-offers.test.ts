/**
 * Spreadsheet offers and computi varied at random by seed (tests/generator/offer-workbook.ts): every
 * voce is imported exactly or flagged, no subtotal or total row becomes a voce, and the declared
 * total is the file's own grand total (a total that disagrees flags the voci, never the reverse).
 * The same workbooks saved as .xls and .ods go through the same importer.
 */
import { describe, expect, it } from 'vitest';
import { read, utils, write } from '@e965/xlsx';
import { importComputo, previewComputo, type ImportResult } from '../../../functions/analysis/import/index.ts';
import { R_TOTALE } from '../../../functions/analysis/parser/checks.ts';
import { R_INDISTINTI } from '../../../functions/analysis/import/excel.ts';
import { offerWorkbook, type OfferTruth } from '../../generator/offer-workbook.ts';

const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

function assessOffer(truth: OfferTruth, r: ImportResult): void {
  const where = `seed ${truth.seed}`;
  // Subtotal and total rows never become voci.
  const labels = new Set(truth.totalLabels.map((l) => l.toLowerCase()));
  expect(r.voci.filter((v) => labels.has(v.descrizione.toLowerCase()) || /^(?:sub)?totale\b|^sommano\b/i.test(v.descrizione)), where).toEqual([]);
  // Every voce, in order, exact or flagged; none missing, none extra.
  expect(r.voci.length, where).toBe(truth.voci.length);
  truth.voci.forEach((want, i) => {
    const got = r.voci[i];
    const exact =
      got.tariffa === want.tariffa &&
      got.descrizione === want.descrizione &&
      got.unita_di_misura === want.unita_di_misura &&
      got.quantita === want.quantita &&
      got.unitario === want.unitario &&
      got.totale === want.totale;
    if (!exact) expect(got.verifica, `${where} voce ${i + 1}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`).not.toEqual([]);
  });
  // The declared total is the file's grand total; one that disagrees flags the voci.
  expect(r.document_total, where).toBe(truth.declared);
  if (truth.declared !== null && !truth.declaredAgrees) expect(r.voci.every((v) => v.verifica.includes(R_TOTALE)), where).toBe(true);
}

describe('spreadsheet offers varied by seed', () => {
  it.each(SEEDS)('seed %i (.xlsx): every voce exact or flagged, subtotals never voci, the declared total honest', async (seed) => {
    // Prepare
    const { bytes, truth } = await offerWorkbook(seed);
    // Act
    const r = importComputo(bytes);
    // Assess
    assessOffer(truth, r);
    // Exact where the file is unambiguous: the generator's columns all have headers.
    const exact = r.voci.filter((v, i) => v.totale === truth.voci[i].totale && v.quantita === truth.voci[i].quantita && v.unitario === truth.voci[i].unitario && v.unita_di_misura === truth.voci[i].unita_di_misura);
    expect(exact.length, `seed ${seed}`).toBe(truth.voci.length);
  });

  it.each([3, 8, 21])('seed %i as .xls and .ods reads the same voci and total', async (seed) => {
    // Prepare: the same workbook saved by another program
    const { bytes, truth } = await offerWorkbook(seed);
    const book = read(bytes, { type: 'array', cellStyles: true });
    for (const bookType of ['xls', 'ods'] as const) {
      const other = new Uint8Array(write(book, { type: 'buffer', bookType }));
      // Act
      const r = importComputo(other);
      // Assess
      assessOffer(truth, r);
    }
  });

  it('shows the chosen columns as certain when the header and the content agree', async () => {
    // Prepare: a seed whose table has count columns beside the quantity
    const { bytes, truth } = await offerWorkbook(5);
    // Act
    const p = previewComputo(bytes);
    // Assess: the unit column holds the voci's units, not counts
    expect(p.certain).toBe(true);
    expect(p.preview.map((v) => v.unita_di_misura)).toEqual(truth.voci.slice(0, p.preview.length).map((v) => v.unita_di_misura));
  });

  it('never takes a column of counts for the unit, even under a "U.M." header, and asks the user to confirm', () => {
    // Prepare: the header is one column off: "U.M." sits over the counts, "N. parti" over the units
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['Codice', 'Descrizione', 'U.M.', 'N. parti', 'Quantità', 'Prezzo unitario', 'Importo'],
        ['A.01', 'Scavo di sbancamento', 2, 'm³', 40, 18.5, 740],
        ['A.02', 'Rinterro', 3, 'm³', 25.5, 7.2, 183.6],
        ['A.03', 'Trasporto a discarica', 1, 't', 22, 14, 308],
        [null, 'TOTALE SCAVI E RINTERRI', null, null, null, null, 1231.6],
      ]),
      'Offerta',
    );
    const bytes = new Uint8Array(write(book, { type: 'buffer', bookType: 'xlsx' }));
    // Act
    const p = previewComputo(bytes);
    // Assess
    expect(p).toMatchObject({ certain: false, mapping: { codice: 0, descrizione: 1, unita_di_misura: 3, quantita: 4, unitario: 5, totale: 6 }, total_rows: 3 });
    expect(p.preview.map((v) => [v.unita_di_misura, v.quantita, v.unitario, v.totale, v.capitoli])).toEqual([
      ['m³', 40, 18.5, 740, { categoria: 'SCAVI E RINTERRI' }],
      ['m³', 25.5, 7.2, 183.6, { categoria: 'SCAVI E RINTERRI' }],
      ['t', 22, 14, 308, { categoria: 'SCAVI E RINTERRI' }],
    ]);
  });

  it('flags every voce when only the numbers chose the columns: quantity × price cannot tell which is which', () => {
    // Prepare: no header word means anything; three rows where either way round gives the amount
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['Rif', 'Voce di lavoro', 'X', 'Y', 'Z'],
        ['Scavo di sbancamento', 'm³', 40, 18.5, 740],
        ['Rinterro', 'm³', 25.5, 7.2, 183.6],
      ]),
      'Foglio1',
    );
    // Act
    const r = importComputo(new Uint8Array(write(book, { type: 'buffer', bookType: 'xlsx' })));
    // Assess
    expect(r.voci.map((v) => v.totale)).toEqual([740, 183.6]);
    expect(r.voci.every((v) => v.verifica.includes(R_INDISTINTI))).toBe(true);
  });
});
