import { describe, expect, it } from 'vitest';
import { aritmetica, quantita, totale } from '../../../../shared/domain/verification/amounts.ts';
import { READER_REASONS } from '../../../../shared/domain/rows.ts';
import { row } from './rows.ts';

describe('aritmetica', () => {
  it('passes within a cent, rounding half-up', () => {
    // Prepare: 2034.5 × 5.59 = 11372.855 -> 11372.86 half-up; 3 × 3.333 = 9.999 -> 10.00 printed 9.99 (one cent)
    const rows = [row({ quantita: 2034.5, unitario: 5.59, totale: 11372.86 }), row({ quantita: 3, unitario: 3.333, totale: 9.99 })];
    // Act
    const c = aritmetica(rows);
    // Assess
    expect(c).toMatchObject({ regola: 'aritmetica', esito: 'superato', righe: [] });
  });

  it('flags a product off by more than a cent, and only that row', () => {
    const bad = row({ quantita: 10, unitario: 12.5, totale: 125.02 });
    const c = aritmetica([row(), bad, row()]);
    expect(c.esito).toBe('errore');
    expect(c.righe).toEqual([bad.id]);
    expect(c.messaggio).toMatch(/^1 voce su 3: quantità × prezzo unitario differisce/);
  });

  it('is not verifiable when no row has all three numbers, and skips a row whose amount was not read', () => {
    expect(aritmetica([row({ totale: null }), row({ unitario: null })]).esito).toBe('non_verificabile');
    const c = aritmetica([row(), row({ totale: 0, verifica: [READER_REASONS.noAmount] })]);
    expect(c.esito).toBe('superato');
    expect(c.messaggio).toContain('1 voce senza quantità, prezzo o importo non è stata controllata');
  });
});

describe('totale', () => {
  it('passes when the voci add up to the printed total', () => {
    const c = totale([row({ totale: 100.1 }), row({ totale: 200.2 })], 300.3);
    expect(c).toMatchObject({ esito: 'superato', righe: [] });
    expect(c.messaggio).toContain('300,30 €');
  });

  it('is an error when the sum differs from the printed total by a cent or more', () => {
    const c = totale([row({ totale: 100 }), row({ totale: 200 })], 300.01);
    expect(c.esito).toBe('errore');
    expect(c.messaggio).toBe('La somma delle voci (300,00 €) differisce dal totale stampato nel documento (300,01 €) di 0,01 €.');
  });

  it('reports the voci of a chapter whose printed subtotal differs', () => {
    const a = row({ verifica: [READER_REASONS.chapter] });
    const b = row({ verifica: [READER_REASONS.chapter] });
    const c = totale([row(), a, b], 375);
    expect(c.esito).toBe('errore');
    expect(c.righe).toEqual([a.id, b.id]);
    expect(c.messaggio).toContain('2 voci stanno in capitoli il cui subtotale stampato non corrisponde');
  });

  it('is not verifiable without a printed total, never passing', () => {
    const c = totale([row()], null);
    expect(c.esito).toBe('non_verificabile');
    expect(c.messaggio).toContain('non riporta un totale generale stampato');
  });
});

describe('quantita', () => {
  it('errors on zero and negative quantities, warns on 4 decimals and on a fraction of a count', () => {
    const zero = row({ quantita: 0, totale: 0 });
    const negative = row({ quantita: -2, totale: -25 });
    const fine = row({ quantita: 1.125 });
    const fourDecimals = row({ quantita: 1.1255 });
    const halfPiece = row({ quantita: 2.5, unita_di_misura: 'cad.' });
    const huge = row({ quantita: 1_500_000 });
    const c = quantita([fine, zero, negative, fourDecimals, halfPiece, huge]);
    expect(c.esito).toBe('errore');
    expect(new Set(c.righe)).toEqual(new Set([zero.id, negative.id, fourDecimals.id, halfPiece.id, huge.id]));
    expect(c.messaggio).toMatch(/^1 voce con quantità zero; 1 voce con quantità negativa; 1 voce con più di 3 decimali; 2 voci con quantità non plausibile/);
  });

  it('only warns when nothing is zero or negative, and passes clean quantities', () => {
    expect(quantita([row(), row({ quantita: 0.0001 })]).esito).toBe('avviso');
    expect(quantita([row(), row({ quantita: 3, unita_di_misura: 'nr' })])).toMatchObject({ esito: 'superato', righe: [] });
  });
});
