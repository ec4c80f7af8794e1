/**
 * Workbooks with the traits of real contractors' files (tests/generator/offer-workbook-traits.ts),
 * varied at random by seed: every voce is imported exactly or flagged "da verificare", no row
 * below the grand total nor any measurement, note, option, subtotal or total row becomes a voce,
 * the declared total is the file's own (kept, never forced: one that disagrees flags the voci),
 * and wherever the columns' evidence is not unanimous the preview says so, with its doubts.
 */
import { describe, expect, it, vi } from 'vitest';
import { read, write } from '@e965/xlsx';
import { importComputo, previewComputo, type ImportResult } from '../../../functions/analysis/import/index.ts';
import { R_TOTALE } from '../../../functions/analysis/parser/checks.ts';
import { offerWorkbook, type OfferTruth } from '../../generator/offer-workbook.ts';

const SEEDS = Array.from({ length: 50 }, (_, i) => i + 1);
const FIELDS = ['tariffa', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale'] as const;

function assessProperty(truth: OfferTruth, r: ImportResult): number {
  const where = `seed ${truth.seed} (${truth.traits.join(', ')})`;
  const never = new Set([...truth.neverVoci, ...truth.totalLabels]);
  expect(r.voci.filter((v) => never.has(v.descrizione)).map((v) => v.descrizione), where).toEqual([]);
  expect(r.voci.length, where).toBe(truth.voci.length);
  let exact = 0;
  truth.voci.forEach((want, i) => {
    const got = r.voci[i];
    const wrong = FIELDS.filter((f) => got[f] !== want[f]);
    if (wrong.length) expect(got.verifica, `${where} voce ${i + 1}: ${wrong.join(', ')}`).not.toEqual([]);
    else exact++;
  });
  expect(r.document_total, where).toBe(truth.declared);
  if (truth.declared !== null && !truth.declaredAgrees) {
    expect(r.voci.every((v) => v.verifica.includes(R_TOTALE)), where).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('Il totale del file')), where).toBe(true);
  }
  return exact;
}

describe('real workbooks varied by seed', () => {
  it.each(SEEDS)('seed %i: every voce exact or flagged, nothing below the total imported, the declared total kept', async (seed) => {
    // Prepare
    const { bytes, truth } = await offerWorkbook(seed, { real: true });
    // Act
    const r = importComputo(bytes);
    // Assess: the property, and here (the generator's columns all have headers) every voce exact
    expect(assessProperty(truth, r)).toBe(truth.voci.length);
  });

  it.each(SEEDS.filter((s) => s % 4 === 0))('seed %i saved as .xls and .ods by another program: the same property', async (seed) => {
    // Prepare: SheetJS writes the same book in the other formats (it warns about the accounting format's sections in .ods)
    const { bytes, truth } = await offerWorkbook(seed, { real: true });
    const book = read(bytes, { type: 'array', cellStyles: true });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const files = (['xls', 'ods'] as const).map((bookType) => new Uint8Array(write(book, { type: 'buffer', bookType })));
    quiet.mockRestore();
    for (const file of files) {
      // Act
      const r = importComputo(file);
      // Assess
      assessProperty(truth, r);
    }
  });

  it('covers every trait over the seeds', async () => {
    // Prepare
    const seen = new Set<string>();
    // Act
    for (const seed of SEEDS) for (const t of (await offerWorkbook(seed, { real: true })).truth.traits) seen.add(t);
    // Assess
    expect([...seen].sort()).toEqual(
      [
        'fattori',
        'due quantità',
        'manodopera',
        'colonna nascosta',
        'U',
        'A EURO',
        'intestazioni su più righe',
        'formule non arrotondate',
        'formato contabile',
        'righe sotto il totale',
        'capitoli con codice',
        'escluso/compreso',
        'descrizione sopra i numeri',
        'a corpo senza quantità',
        'intestazione ripetuta',
        'opzioni',
        'articoli padre',
        'totale che dimentica un capitolo',
      ].sort(),
    );
  });

  it.each(SEEDS.filter((s) => s % 5 === 0))('seed %i: the preview is certain only when header, content and product agree', async (seed) => {
    // Prepare
    const { bytes, truth } = await offerWorkbook(seed, { real: true });
    // Act
    const p = previewComputo(bytes);
    // Assess: two quantity columns or a count column under a unit header are never certain, and say why
    const contested = truth.traits.includes('due quantità') || truth.traits.includes('fattori');
    if (contested) expect(p.certain, `seed ${seed}`).toBe(false);
    expect(p.certain).toBe(p.doubts.length === 0);
    if (truth.traits.includes('due quantità')) expect(p.doubts.join(' ')).toMatch(/2 colonne per Quantità: scelta «QUANTITA'» \(colonna [A-Z]\), quella su cui quantità × prezzo = importo/);
    if (truth.traits.includes('fattori')) expect(p.doubts).toContain("La colonna «UNITA'» contiene numeri, non unità di misura.");
    expect(p.preview.slice(0, 3).map((v) => [v.quantita, v.unitario, v.totale])).toEqual(truth.voci.slice(0, 3).map((v) => [v.quantita, v.unitario, v.totale]));
  });
});
