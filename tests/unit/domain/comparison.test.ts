import { describe, expect, it } from 'vitest';
import { normalizeCode } from '../../../shared/domain/pricing.ts';
import { chapterLabel, compareDocuments, coreCode, UNCERTAIN, withChoice, type ComparisonRow, type ComparedVoce } from '../../../shared/domain/comparison.ts';

let nextId = 1;
/** A row: code, description, unit, quantity, price, chapter; amount = q × p rounded to the cent. */
const row = (tariffa: string, descrizione: string, quantita: number, unitario: number, capitolo = 'Opere edili', unita = 'm²'): ComparisonRow => ({
  id: nextId++,
  tariffa,
  descrizione,
  unita_di_misura: unita,
  quantita,
  unitario,
  totale: Math.round(quantita * unitario * 100) / 100,
  capitolo,
  page: 1,
});
const doc = (id: number, rows: ComparisonRow[]) => ({ id, rows });

/** Every row of every document in exactly one compared voce. */
function expectEachRowOnce(docs: Array<{ rows: ComparisonRow[] }>, voci: ComparedVoce[]) {
  docs.forEach((d, i) => {
    const seen = voci.flatMap((v) => v.valori[i]?.row_ids ?? []);
    expect([...seen].sort((a, b) => a - b)).toEqual(d.rows.map((r) => r.id).sort((a, b) => a - b));
  });
}
const voceOf = (voci: ComparedVoce[], rowId: number, docIndex = 0) => voci.find((v) => v.valori[docIndex]?.row_ids.includes(rowId))!;

describe('codes compared by form (comparison rule)', () => {
  it('normalises case and separators, and drops a changed prefix or year for the similar-code rule', () => {
    const compact = (code: string) => normalizeCode(code, { compact: true });
    expect(compact('PAV-001')).toBe('PAV001');
    expect(compact(' pav 001 ')).toBe('PAV001');
    expect(compact('PAV.001')).toBe(compact('pav001'));
    expect(compact('Pàv\uff0d001')).toBe('PAV001');
    expect(coreCode('TOS23_01.A04.008.001')).toBe(coreCode('TOS24_01.A04.008.001'));
    expect(coreCode('2023.E.01.001')).toBe(coreCode('2024.E.01.001'));
    expect(coreCode('PAV001')).toBe(coreCode('PV001'));
    expect(coreCode('A.01.001')).not.toBe(coreCode('A.01.002'));
    expect(chapterLabel({ supercategoria: 'OPERE EDILI', categoria: 'Demolizioni' })).toBe('OPERE EDILI \u203a Demolizioni');
    expect(chapterLabel(null)).toBe('');
  });
});

describe('compareDocuments: a computo against its variante', () => {
  it('pairs by code in any form, states each voce and computes the differences exactly', () => {
    // Prepare
    const a = [
      row('PAV-001', 'Pavimento in gres porcellanato', 120, 35.5),
      row('INT.002', 'Intonaco civile per interni', 300, 23.15),
      row('DEM-003', 'Demolizione di tramezzi in laterizio', 18, 42.1),
      row('TIN-004', 'Tinteggiatura con idropittura lavabile', 450, 6.8),
    ];
    const b = [
      row('pav001', 'Pavimento in gres porcellanato', 120, 35.5),
      row('INT 002', 'Intonaco civile per interni', 320.5, 23.15),
      row('TIN-004', 'Tinteggiatura con idropittura lavabile', 450, 7.1),
      row('SER-009', 'Serramento in alluminio a taglio termico', 6, 890),
    ];
    // Act
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    // Assess
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    expect(voceOf(result.voci, a[0].id).stato).toBe('invariata');
    expect(voceOf(result.voci, a[0].id).abbinamento).toBe('codice');
    const intonaco = voceOf(result.voci, a[1].id);
    expect(intonaco.stato).toBe('variata');
    expect(intonaco.differenze[1]).toEqual({ quantita: 20.5, unitario: 0, totale: 474.58, percentuale: 6.83 });
    const tinta = voceOf(result.voci, a[3].id);
    expect(tinta.differenze[1]).toEqual({ quantita: 0, unitario: 0.3, totale: 135, percentuale: 4.41 });
    const demolizione = voceOf(result.voci, a[2].id);
    expect(demolizione.stato).toBe('eliminata');
    expect(demolizione.valori[1]).toBeNull();
    expect(demolizione.differenze[1]).toEqual({ quantita: -18, unitario: null, totale: -757.8, percentuale: -100 });
    const serramento = voceOf(result.voci, b[3].id, 1);
    expect(serramento.stato).toBe('aggiunta');
    expect(serramento.valori[0]).toBeNull();
    expect(serramento.differenze[1]!.totale).toBe(5340);
    expect(serramento.differenze[1]!.percentuale).toBeNull();
    expect(result.voci.every((v) => !v.incerto)).toBe(true);
    // Totals are the sums of each document's rows; the difference is their difference.
    expect(result.totali).toEqual([4260 + 6945 + 757.8 + 3060, 4260 + 7419.58 + 3195 + 5340]);
    expect(result.differenze_totali[1]!.totale).toBe(5191.78);
  });

  it('pairs a changed prefix or year, marking it uncertain when the words differ too', () => {
    const a = [row('TOS23_01.A04.008.001', 'Scavo a sezione obbligata in terreno sciolto', 40, 18.5), row('TOS23_01.A05.001.001', 'Rinterro con materiale di scavo', 30, 9)];
    const b = [row('TOS24_01.A04.008.001', 'Scavo a sezione obbligata in terreno sciolto', 40, 19.1), row('TOS24_01.A05.001.001', 'Rinterro con materiale proveniente dagli scavi compattato', 30, 9.4)];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    expect(result.voci).toHaveLength(2);
    const scavo = voceOf(result.voci, a[0].id);
    expect(scavo.valori[1]!.row_id).toBe(b[0].id);
    expect(scavo.abbinamento).toBe('codice simile');
    expect(scavo.incerto).toBe(false);
    const rinterro = voceOf(result.voci, a[1].id);
    expect(rinterro.valori[1]!.row_id).toBe(b[1].id);
    expect(rinterro.incerto).toBe(true);
    expect(rinterro.motivo).toBe(UNCERTAIN.similarCode);
  });

  it('a voce split in two rows in the variante is one compared voce with summed values, marked uncertain', () => {
    const a = [row('E.01', 'Massetto in sabbia e cemento spessore 5 cm', 100, 14), row('E.02', 'Battiscopa in legno', 80, 9)];
    const b = [row('E.01', 'Massetto in sabbia e cemento spessore 5 cm piano terra', 60, 14), row('E.02', 'Battiscopa in legno', 80, 9), row('E.01', 'Massetto in sabbia e cemento spessore 5 cm primo piano', 40, 14)];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    expect(result.voci).toHaveLength(2);
    const massetto = voceOf(result.voci, a[0].id);
    expect(massetto.valori[1]!.row_ids.sort()).toEqual([b[0].id, b[2].id].sort());
    expect(massetto.valori[1]).toMatchObject({ quantita: 100, unitario: 14, totale: 1400 });
    expect(massetto.stato).toBe('invariata');
    expect(massetto.incerto).toBe(true);
    expect(massetto.motivo).toBe(UNCERTAIN.split);
    expect(result.totali).toEqual([1400 + 720, 1400 + 720]);
  });

  it('a voce the first document splits and the variante joins is one voce too (summed on the first side)', () => {
    const a = [row('E.01', 'Massetto in sabbia e cemento piano terra', 60, 14), row('E.01', 'Massetto in sabbia e cemento primo piano', 40, 14)];
    const b = [row('E.01', 'Massetto in sabbia e cemento', 110, 14)];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    expect(result.voci).toHaveLength(1);
    expect(result.voci[0].valori[0]).toMatchObject({ quantita: 100, totale: 1400 });
    expect(result.voci[0].stato).toBe('variata');
    expect(result.voci[0].differenze[1]).toMatchObject({ quantita: 10, totale: 140 });
    expect(result.voci[0].incerto).toBe(true);
  });

  it('repeated codes are paired by chapter and description, never twice, even when the chapters are reordered', () => {
    const a = [
      row('B.10', 'Tubazione in PVC diametro 110', 50, 22, 'Piano terra', 'm'),
      row('B.20', 'Pozzetto prefabbricato 40x40', 4, 95, 'Piano terra', 'cad'),
      row('B.10', 'Tubazione in PVC diametro 110', 35, 22, 'Primo piano', 'm'),
      row('B.20', 'Pozzetto prefabbricato 40x40', 2, 95, 'Primo piano', 'cad'),
    ];
    // The variante prints the first floor first and changes only its pipe.
    const b = [
      row('B.10', 'Tubazione in PVC diametro 110', 42, 22, 'Primo piano', 'm'),
      row('B.20', 'Pozzetto prefabbricato 40x40', 2, 95, 'Primo piano', 'cad'),
      row('B.10', 'Tubazione in PVC diametro 110', 50, 22, 'Piano terra', 'm'),
      row('B.20', 'Pozzetto prefabbricato 40x40', 4, 95, 'Piano terra', 'cad'),
    ];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    expect(voceOf(result.voci, a[0].id).valori[1]!.row_id).toBe(b[2].id);
    expect(voceOf(result.voci, a[2].id).valori[1]!.row_id).toBe(b[0].id);
    expect(voceOf(result.voci, a[2].id).stato).toBe('variata');
    expect(result.voci.filter((v) => v.stato === 'invariata')).toHaveLength(3);
    // The first document's chapter order, and its subtotals per document.
    expect(result.capitoli.map((c) => c.capitolo)).toEqual(['Piano terra', 'Primo piano']);
    expect(result.capitoli[1].subtotali).toEqual([35 * 22 + 190, 42 * 22 + 190]);
    expect(result.capitoli[1].differenze).toEqual([null, 154]);
    expect(result.voci.map((v) => v.capitolo)).toEqual(['Piano terra', 'Piano terra', 'Primo piano', 'Primo piano']);
  });

  it('a repeated code that appears once more in another chapter is its own voce, added and uncertain', () => {
    const a = [row('C.1', 'Cartongesso doppia lastra', 40, 38, 'Piano terra')];
    const b = [row('C.1', 'Cartongesso doppia lastra', 40, 38, 'Piano terra'), row('C.1', 'Cartongesso doppia lastra', 25, 38, 'Sottotetto')];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    const added = voceOf(result.voci, b[1].id, 1);
    expect(added.stato).toBe('aggiunta');
    expect(added.incerto).toBe(true);
    expect(added.capitolo).toBe('Sottotetto');
    expect(voceOf(result.voci, a[0].id).stato).toBe('invariata');
  });

  it('voci without a code are paired by description and unit', () => {
    const a = [row('', 'Fornitura e posa di lavabo in ceramica bianca', 4, 180, 'Bagni', 'cad'), row('', 'Rivestimento in piastrelle di ceramica', 60, 45, 'Bagni')];
    const b = [row('', 'Rivestimento in piastrelle di ceramica', 66, 45, 'Bagni'), row('', 'Fornitura e posa di lavabo in ceramica bianca', 4, 175, 'Bagni', 'cad')];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    expect(result.voci).toHaveLength(2);
    expect(voceOf(result.voci, a[0].id).valori[1]!.row_id).toBe(b[1].id);
    expect(voceOf(result.voci, a[0].id).abbinamento).toBe('descrizione');
    expect(voceOf(result.voci, a[0].id).incerto).toBe(false);
    expect(voceOf(result.voci, a[1].id).differenze[1]).toMatchObject({ quantita: 6, totale: 270, percentuale: 10 });
  });

  it('a renamed code with the same words is paired by description and said uncertain', () => {
    const a = [row('A.07', 'Impermeabilizzazione con guaina bituminosa armata', 90, 16)];
    const b = [row('Z.99', 'Impermeabilizzazione con guaina bituminosa armata', 90, 16)];
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expect(result.voci).toHaveLength(1);
    expect(result.voci[0]).toMatchObject({ abbinamento: 'descrizione', incerto: true, motivo: UNCERTAIN.description, stato: 'invariata' });
  });

  it('keeps the user choices: two voci re-paired, a pair split', () => {
    const a = [row('A.1', 'Scavo di sbancamento', 100, 8), row('A.2', 'Rinterro con materiale arido', 40, 12)];
    const b = [row('X.1', 'Movimento terra generale', 100, 8.2), row('A.2', 'Rinterro con materiale arido', 40, 12)];
    const before = compareDocuments([doc(1, a), doc(2, b)]);
    expect(voceOf(before.voci, a[0].id).stato).toBe('eliminata');
    // Act: the user says A.1 is X.1, and that the two A.2 are not the same voce.
    let choices = withChoice([], { azione: 'abbina', righe: [a[0].id, b[0].id] });
    choices = withChoice(choices, { azione: 'separa', righe: [b[1].id, a[1].id] });
    const after = compareDocuments([doc(1, a), doc(2, b)], choices);
    // Assess
    expectEachRowOnce([{ rows: a }, { rows: b }], after.voci);
    const scavo = voceOf(after.voci, a[0].id);
    expect(scavo).toMatchObject({ stato: 'variata', abbinamento: 'scelta', incerto: false });
    expect(scavo.valori[1]!.row_id).toBe(b[0].id);
    expect(voceOf(after.voci, a[1].id).stato).toBe('eliminata');
    expect(voceOf(after.voci, b[1].id, 1).stato).toBe('aggiunta');
    // A later choice about the same rows replaces the earlier one.
    const undone = withChoice(choices, { azione: 'abbina', righe: [a[1].id, b[1].id] });
    expect(undone).toHaveLength(2);
    expect(voceOf(compareDocuments([doc(1, a), doc(2, b)], undone).voci, a[1].id).stato).toBe('invariata');
  });

  it('with several documents, a voce the others both add is one voce; totals per document', () => {
    const a = [row('S.1', 'Solaio in laterocemento', 200, 65)];
    const b = [row('S.1', 'Solaio in laterocemento', 200, 61), row('N.1', 'Nuovo cappotto termico in EPS 10 cm', 300, 48)];
    const c = [row('S-1', 'Solaio in laterocemento', 200, 63.5), row('N-1', 'Nuovo cappotto termico in EPS 10 cm', 300, 51)];
    const result = compareDocuments([doc(1, a), doc(2, b), doc(3, c)]);
    expectEachRowOnce([{ rows: a }, { rows: b }, { rows: c }], result.voci);
    expect(result.voci).toHaveLength(2);
    const cappotto = voceOf(result.voci, b[1].id, 1);
    expect(cappotto.stato).toBe('aggiunta');
    expect(cappotto.valori[2]!.row_id).toBe(c[1].id);
    expect(result.totali).toEqual([13000, 12200 + 14400, 12700 + 15300]);
    expect(result.differenze_totali.map((d) => d?.totale ?? null)).toEqual([null, 13600, 15000]);
  });

  it('each row once on a generated variante: shuffled, renamed, split, removed and added voci', () => {
    const a: ComparisonRow[] = [];
    for (let i = 0; i < 300; i++) a.push(row(`E.${String(i % 250).padStart(3, '0')}`, `Lavorazione numero ${i % 250} tipo ${i % 7}`, 10 + i, 5 + (i % 13), `Capitolo ${i % 6}`));
    const b: ComparisonRow[] = [];
    a.forEach((r, i) => {
      if (i % 17 === 0) return; // removed
      const copy = { ...r, id: nextId++, quantita: i % 5 === 0 ? (r.quantita ?? 0) + 1 : r.quantita };
      copy.totale = Math.round((copy.quantita ?? 0) * (copy.unitario ?? 0) * 100) / 100;
      if (i % 11 === 0) copy.tariffa = copy.tariffa.replace('.', '-');
      if (i % 23 === 0) {
        b.push({ ...copy, quantita: 1, totale: copy.unitario }, { ...copy, id: nextId++, quantita: (copy.quantita ?? 0) - 1, totale: Math.round(((copy.quantita ?? 0) - 1) * (copy.unitario ?? 0) * 100) / 100 });
      } else b.push(copy);
    });
    for (let i = 0; i < 20; i++) b.push(row(`N.${i}`, `Voce nuova ${i}`, 3, 10, `Capitolo ${i % 6}`));
    b.reverse();
    const result = compareDocuments([doc(1, a), doc(2, b)]);
    expectEachRowOnce([{ rows: a }, { rows: b }], result.voci);
    const sumOf = (rows: ComparisonRow[]) => Math.round(rows.reduce((s, r) => s + (r.totale ?? 0) * 100, 0)) / 100;
    expect(result.totali).toEqual([sumOf(a), sumOf(b)]);
    expect(result.voci.filter((v) => v.stato === 'aggiunta').length).toBeGreaterThanOrEqual(20);
  });
});
