/**
 * The two real workbooks of issue 38, rebuilt from their description (tests/generator/real-workbooks.ts,
 * committed in tests/fixtures/computi with their truth): each imports exactly, voce by voce; the
 * offer's declared total (which forgets a chapter) is kept and reported as different from the sum;
 * none of the rows below its total is a voce; the offer's columns are shown for confirmation.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importComputo, previewComputo } from '../../../functions/analysis/import/index.ts';
import { R_TOTALE } from '../../../functions/analysis/parser/checks.ts';
import type { RealTruth } from '../../generator/real-workbooks.ts';

const dir = path.resolve(__dirname, '../../fixtures/computi');
const load = (name: string) => ({ bytes: new Uint8Array(readFileSync(path.join(dir, name))), truth: JSON.parse(readFileSync(path.join(dir, name.replace(/\.xlsx$/, '.truth.json')), 'utf8')) as RealTruth });
const FIELDS = ['tariffa', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale'] as const;
const pick = (v: object) => Object.fromEntries(FIELDS.map((f) => [f, (v as Record<string, unknown>)[f]]));

describe('the real workbooks of issue 38', () => {
  it("imports the contractor's offer voce by voce, keeps its declared total and reports the mismatch", () => {
    // Prepare
    const { bytes, truth } = load('offerta-impresa.xlsx');
    // Act
    const r = importComputo(bytes);
    // Assess
    expect(r.voci.map(pick)).toEqual(truth.voci.map(pick));
    expect(r.voci.filter((v) => truth.neverVoci.includes(v.descrizione))).toEqual([]);
    expect(r.document_total).toBe(547544.73);
    expect(r.voci.reduce((s, v) => s + Math.round(v.totale * 100), 0) / 100).toBe(912330.61);
    expect(r.voci.every((v) => v.verifica.length === 1 && v.verifica[0] === R_TOTALE)).toBe(true);
    expect(r.warnings).toContain('Il totale del file (547544.73) è diverso dalla somma delle voci lette (912330.61).');
    expect(r.warnings.some((w) => w.startsWith('Riga di opzione non importata come voce: «OPZIONE: pozzetti'))).toBe(true);
  });

  it("shows the offer's columns for confirmation, with why and three voci as they will be imported", () => {
    // Act
    const { bytes, truth } = load('offerta-impresa.xlsx');
    const p = previewComputo(bytes);
    // Assess: U is the unit, the second QUANTITA' the quantity, IMPORTO the amount
    expect(p).toMatchObject({ certain: false, mapping: { codice: null, descrizione: 1, unita_di_misura: 2, quantita: 10, unitario: 11, totale: 13 }, total_rows: 91 });
    expect(p.doubts).toEqual(["2 colonne per Quantità: scelta «QUANTITA'» (colonna K), quella su cui quantità × prezzo = importo.", "La colonna «UNITA'» contiene numeri, non unità di misura."]);
    expect(p.preview.slice(0, 3).map(pick)).toEqual(truth.voci.slice(0, 3).map(pick));
  });

  it('imports the estimate with a % voce exactly: codes, parent articles, A EURO, the labour column left aside', () => {
    // Prepare
    const { bytes, truth } = load('preventivo-percentuale.xlsx');
    // Act
    const r = importComputo(bytes);
    const p = previewComputo(bytes);
    // Assess
    expect(r.voci.map(pick)).toEqual(truth.voci.map(pick));
    expect(r.voci.every((v) => v.verifica.length === 0)).toBe(true);
    expect(r.document_total).toBe(29992.29);
    expect(r.voci.at(-1)).toMatchObject({ unita_di_misura: '%', unitario: 0.1923 });
    expect(p).toMatchObject({ certain: true, doubts: [], mapping: { codice: 1, descrizione: 2, unita_di_misura: 3, quantita: 4, unitario: 5, totale: 8 } });
  });
});
