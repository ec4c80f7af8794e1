import { describe, expect, it } from 'vitest';
import { applyProductRule, EDIT_REASONS, markEdited, readingNote, type EditableRow } from '../../../shared/domain/row-edits.ts';
import { guardReadNumbers } from '../../../shared/domain/amounts.ts';
import { productAgrees, productAmount } from '../../../shared/domain/totals.ts';

const row = (over: Partial<EditableRow> = {}): EditableRow => ({
  tariffa: 'A.01',
  descrizione: 'Scavo',
  unita_di_misura: 'm³',
  quantita: 100,
  unitario: 12.5,
  totale: 1250,
  verifica: [],
  ...over,
});

describe('the product rule on numbers', () => {
  it('is exact and half-up: 10,125 × 0,05 = 0,51; 2.034,50 × 5,59 = 11.372,86; 0,1 × 3 = 0,30', () => {
    expect(productAmount(10.125, 0.05)).toBe(0.51);
    expect(productAmount(2034.5, 5.59)).toBe(11372.86);
    expect(productAmount(0.1, 3)).toBe(0.3);
    expect(productAmount(-10.125, 0.05)).toBe(-0.51);
    expect(productAmount(null, 3)).toBeNull();
    expect(productAgrees(100, 12.5, 1250.01)).toBe(true);
    expect(productAgrees(100, 12.5, 1250.02)).toBe(false);
  });
});

describe('an edit of a row', () => {
  it('recomputes the amount from a quantity or price alone, keeps three sent that disagree and flags them', () => {
    expect(applyProductRule(row({ quantita: 110 }), { quantita: true })).toMatchObject({ totale: 1375, verifica: [] });
    expect(applyProductRule(row({ quantita: 2, unitario: 10, totale: 25 }), { quantita: true, unitario: true, totale: true })).toMatchObject({ totale: 25, verifica: [EDIT_REASONS.product] });
    // Fixed afterwards: the flag goes, other reasons stay.
    expect(applyProductRule(row({ totale: 1250, verifica: ['codice non letto', EDIT_REASONS.product] }), { totale: true }).verifica).toEqual(['codice non letto']);
    // A description alone touches no number.
    expect(applyProductRule(row({ totale: 999 }), {})).toMatchObject({ totale: 999 });
  });

  it('keeps what was read from the first change, says modificata while a field differs, and says it in Italian', () => {
    const read = row();
    const once = markEdited(read, { ...read, quantita: 3, totale: 37.5 });
    const twice = markEdited(once, { ...once, descrizione: 'Scavo a mano' });
    expect(once).toMatchObject({ modificata: true, letto: { quantita: 100, totale: 1250, descrizione: 'Scavo' } });
    expect(twice.letto).toEqual(once.letto);
    expect(readingNote(twice)).toBe('Modificata a mano; letto dal file: descrizione «Scavo»; quantità 100,00; totale 1.250,00');
    const back = markEdited(twice, { ...twice, quantita: 100, totale: 1250, descrizione: 'Scavo' });
    expect(back.modificata).toBeUndefined();
    expect(back.letto).toBeUndefined();
    expect(readingNote(back)).toBeNull();
  });
});

describe('numbers read from a file', () => {
  it('are rounded to their decimals, and one beyond the limit is never kept: null, with the reason', () => {
    expect(guardReadNumbers(row({ quantita: 1.23456, unitario: 0.12345678 }))).toMatchObject({ quantita: 1.235, unitario: 0.123457 });
    const absurd = guardReadNumbers(row({ quantita: 1e10, unitario: 1e10, totale: 1e20 }));
    expect(absurd).toMatchObject({ quantita: 1e10, unitario: 1e10, totale: null });
    expect(absurd.verifica).toEqual(['importo fuori dai limiti ammessi (nel file 100.000.000.000.000.000.000,00, massimo 999.999.999.999,99 in valore assoluto)']);
    expect(guardReadNumbers(row({ totale: Number.POSITIVE_INFINITY })).totale).toBeNull();
  });
});
