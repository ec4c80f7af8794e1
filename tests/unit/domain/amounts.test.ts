import { describe, expect, it } from 'vitest';
import { amountMessage, checkAmount, productProblem } from '../../../shared/domain/amounts.ts';
import { parseFlexible, parsePlain, toNumber } from '../../../shared/domain/money.ts';
import { cellAmount } from '../../../functions/prezzari/readers/cells.ts';

const problem = (v: unknown) => {
  const r = checkAmount(v);
  return r.ok ? toNumber(r.value) : r.problem;
};

describe('amounts typed or sent by users (shared rule)', () => {
  it('accepts numbers and Italian or dot text, exactly as sent', () => {
    expect(problem(12.5)).toBe(12.5);
    expect(problem('1.234,56')).toBe(1234.56);
    expect(problem('12,50')).toBe(12.5);
    expect(problem(' -0,25 ')).toBe(-0.25);
    expect(problem('999999999999.99')).toBe(999999999999.99);
    expect(problem(-999999999999.99)).toBe(-999999999999.99);
    expect(problem('12,500')).toBe(12.5); // trailing zeros are not decimals
  });

  it('refuses more digits than DynamoDB holds, magnitudes beyond the limit, Infinity and NaN', () => {
    expect(problem('1' + '0'.repeat(40))).toBe('too_large');
    expect(problem('123456789012345678901234567890123456789')).toBe('too_large');
    expect(problem(1e300)).toBe('too_large');
    expect(problem(1e12)).toBe('too_large');
    expect(problem('1.000.000.000.000,00')).toBe('too_large');
    expect(problem('1e126')).toBe('too_large');
    expect(problem(Infinity)).toBe('too_large');
    expect(problem(-Infinity)).toBe('too_large');
    expect(problem('Infinity')).toBe('too_large');
    expect(problem(NaN)).toBe('not_a_number');
    expect(problem('NaN')).toBe('not_a_number');
    expect(problem('dieci')).toBe('not_a_number');
    expect(problem('12,3,4')).toBe('not_a_number');
    expect(problem('x'.repeat(10_000))).toBe('not_a_number');
    expect(problem({})).toBe('not_a_number');
    expect(problem(true)).toBe('not_a_number');
  });

  it('refuses more than 2 decimals instead of rounding them away', () => {
    expect(problem('12,345')).toBe('too_many_decimals');
    expect(problem(0.1 + 0.2)).toBe('too_many_decimals');
    expect(problem('1e-7')).toBe('too_many_decimals');
    expect(problem('1e-999999999')).toBe('too_many_decimals');
  });

  it('answers at once for absurd exponents and digit strings (no huge bigints)', () => {
    const started = performance.now();
    expect(problem('1e999999999')).toBe('too_large');
    expect(problem('9'.repeat(5_000_000))).toBe('too_large');
    expect(parseFlexible('1e999999999')).toBeNull();
    expect(() => parsePlain('1e-999999999')).toThrow(RangeError);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('words each refusal in Italian, naming the field', () => {
    expect(amountMessage('too_large', 'quantità')).toBe('Importo non valido per quantità: troppe cifre o valore troppo grande (massimo 999.999.999.999,99 in valore assoluto).');
    expect(amountMessage('too_many_decimals', 'prezzo DB')).toBe('Importo non valido per prezzo DB: sono ammesse al massimo 2 cifre decimali.');
    expect(amountMessage('not_a_number', 'totale')).toBe('Valore numerico non valido per totale');
  });

  it('price-list cells beyond the limit count as invalid, not as prices', () => {
    const bad = { invalid: false };
    expect(cellAmount('1e300', bad)).toBeNull();
    expect(bad.invalid).toBe(true);
    const bad2 = { invalid: false };
    expect(cellAmount(1e300, bad2)).toBeNull();
    expect(bad2.invalid).toBe(true);
    expect(cellAmount('1e999999999')).toBeNull();
    expect(cellAmount('€ 1.234,567')).toBe(1234.57); // files are rounded to cents by design
  });
});

describe('quantità × prezzo of a row', () => {
  it('is refused beyond the business limit even when each factor is inside it', () => {
    expect(productProblem(999999999999, 1, 'prezzo unitario')).toBeNull();
    expect(productProblem(1, 999999999999.99, 'prezzo DB')).toBeNull();
    expect(productProblem(null, 999999999999, 'prezzo DB')).toBeNull();
    expect(productProblem(999999999999, 85.4, 'prezzo unitario')).toBe(
      'Importo non valido: quantità × prezzo unitario supera il massimo ammesso (999.999.999.999,99 in valore assoluto). Controlla la quantità e il prezzo.',
    );
    // Rounded to cents first: 999.999.999.999,994 rounds inside, ,995 outside.
    expect(productProblem(999999999999.994, 1, 'prezzo DB')).toBeNull();
    expect(productProblem(-500000000000, 2, 'prezzo DB')).not.toBeNull();
  });
});
