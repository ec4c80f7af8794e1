/**
 * Labour in a comparison of offers (issue 39): each document's labour cost beside the project's,
 * voce by voce and in total; an offer below the project's is a warning. Numbers rebuilt by hand.
 */
import { describe, expect, it } from 'vitest';
import { compareDocuments, type ComparisonRow } from '../../../shared/domain/comparison.ts';
import { chapterLabour, comparedLabour, totalLabour } from '../../../shared/domain/comparison-labour.ts';
import type { LabourRow } from '../../../shared/domain/manodopera.ts';

type Row = ComparisonRow & LabourRow;
const row = (id: number, tariffa: string, quantita: number, unitario: number, incidenza_manodopera: number | null, extra: Partial<Row> = {}): Row => ({
  id,
  tariffa,
  descrizione: `Voce ${tariffa}`,
  unita_di_misura: 'm²',
  quantita,
  unitario,
  totale: Math.round(quantita * unitario * 100) / 100,
  capitolo: '',
  incidenza_manodopera,
  ...extra,
});

describe('labour of the compared offers', () => {
  it('puts each offer\u2019s labour beside the project\u2019s and warns, voce by voce and in total, where it is below', () => {
    // Prepare: project A 1.000,00 × 40% = 400,00, B 500,00 × 20% = 100,00, S safety 300,00 (no labour);
    // offer A 900,00 × 40% = 360,00 (below by 40,00), B 520,00 × 20% = 104,00 (above), S 300,00;
    // its computo declares A's labour at 395,00 € instead (the printed figure rules): not below by 40 then, by 5.
    const project = [row(1, 'A', 100, 10, 40), row(2, 'B', 50, 10, 20), row(3, 'S', 1, 300, null, { sicurezza: true })];
    const offer = [row(11, 'A', 100, 9, 40), row(12, 'B', 52, 10, 20), row(13, 'S', 1, 300, null, { sicurezza: true })];
    const declared = [row(21, 'A', 100, 9, 43.89, { fonte_manodopera: 'documento', costo_manodopera_dichiarato: 395 }), row(22, 'B', 52, 10, 20)];
    const docs = [project, offer, declared];
    const result = compareDocuments(docs.map((rows, i) => ({ id: i + 1, rows })));
    const byId = new Map(docs.flat().map((r) => [r.id, r]));
    const names = ['Progetto', 'offerta-rossi.pdf', 'offerta-bianchi.xlsx'];
    // Act
    const voci = comparedLabour(result, byId, names);
    const totali = totalLabour(docs, names);
    // Assess: voce by voce
    const of = (code: string) => voci[result.voci.findIndex((v) => v.tariffa === code)];
    expect(of('A')).toEqual({
      costi: [400, 360, 395],
      avviso: 'offerta-rossi.pdf: manodopera 360,00 € contro 400,00 € del progetto (−40,00 €); offerta-bianchi.xlsx: manodopera 395,00 € contro 400,00 € del progetto (−5,00 €)',
    });
    expect(of('B')).toEqual({ costi: [100, 104, 104], avviso: null });
    expect(of('S')).toEqual({ costi: [null, null, null], avviso: null });
    // In total: 500,00 against 464,00 (−36,00) and 499,00 (−1,00)
    expect(totali).toEqual([
      { costo: 500, differenza: null, avviso: null },
      { costo: 464, differenza: -36, avviso: 'offerta-rossi.pdf: costo della manodopera 464,00 € inferiore a quello del progetto 500,00 €' },
      { costo: 499, differenza: -1, avviso: 'offerta-bianchi.xlsx: costo della manodopera 499,00 € inferiore a quello del progetto 500,00 €' },
    ]);
  });

  it('says nothing of an offer at or above the project\u2019s labour', () => {
    // Prepare
    const project = [row(1, 'A', 100, 10, 40)];
    const offer = [row(11, 'A', 100, 10, 40)];
    const result = compareDocuments([{ id: 1, rows: project }, { id: 2, rows: offer }]);
    // Act
    const voci = comparedLabour(result, new Map([...project, ...offer].map((r) => [r.id, r])), ['Progetto', 'offerta']);
    const totali = totalLabour([project, offer], ['Progetto', 'offerta']);
    // Assess
    expect(voci).toEqual([{ costi: [400, 400], avviso: null }]);
    expect(totali.map((t) => t.avviso)).toEqual([null, null]);
  });

  it('sums each chapter\u2019s voci\u2019 labour per document to the cent, "—" (null) where none is known, and warns of an offer below the project\u2019s', () => {
    // Prepare: Demolizioni: project D1 1.000,00 × 40% = 400,00, D2 10,00 × 1% = 0,10, D3 20,00 × 1% = 0,20 → 400,30;
    // the offer D1 900,00 × 40% = 360,00 → 360,30, below by 40,00. Finiture: F1 300,00 with no incidence in either: none known.
    // Tinte: 0,10 + 0,20 = 0,30 to the cent (in floating point 0,30000000000000004). Scavi: only in the offer, 200,00 × 30% = 60,00: no project figure, no warning.
    const dem = { capitolo: 'Demolizioni' };
    const fin = { capitolo: 'Finiture' };
    const tin = { capitolo: 'Tinte' };
    const tinte = (id: number) => [row(id, 'T1', 1, 10, 1, tin), row(id + 1, 'T2', 1, 20, 1, tin)];
    const project = [row(1, 'D1', 100, 10, 40, dem), row(2, 'D2', 1, 10, 1, dem), row(3, 'D3', 1, 20, 1, dem), row(4, 'F1', 1, 300, null, fin), ...tinte(5)];
    const offer = [row(11, 'D1', 100, 9, 40, dem), row(12, 'D2', 1, 10, 1, dem), row(13, 'D3', 1, 20, 1, dem), row(14, 'F1', 1, 300, null, fin), row(15, 'S1', 1, 200, 30, { capitolo: 'Scavi' }), ...tinte(16)];
    const result = compareDocuments([{ id: 1, rows: project }, { id: 2, rows: offer }]);
    const names = ['Progetto', 'offerta-rossi.pdf'];
    const voci = comparedLabour(result, new Map([...project, ...offer].map((r) => [r.id, r])), names);
    // Act
    const capitoli = chapterLabour(result, voci, names);
    // Assess
    const of = (name: string) => capitoli.find((c) => c.capitolo === name);
    expect(capitoli.map((c) => c.capitolo)).toEqual(result.capitoli.map((c) => c.capitolo));
    expect(of('Demolizioni')).toEqual({
      capitolo: 'Demolizioni',
      costi: [400.3, 360.3],
      avviso: 'offerta-rossi.pdf: manodopera del capitolo 360,30 € contro 400,30 € del progetto (\u221240,00 €)',
    });
    expect(of('Finiture')).toEqual({ capitolo: 'Finiture', costi: [null, null], avviso: null });
    expect(of('Tinte')).toEqual({ capitolo: 'Tinte', costi: [0.3, 0.3], avviso: null });
    expect(of('Scavi')).toEqual({ capitolo: 'Scavi', costi: [null, 60], avviso: null });
  });
});
