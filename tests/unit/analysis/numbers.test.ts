import { describe, expect, it } from 'vitest';
import { toPlainString } from '../../../shared/domain/money.ts';
import { parseAmount } from '../../../functions/analysis/parser/lines.ts';
import { sumTotals } from '../../../functions/analysis/parser/index.ts';

describe('Italian numbers', () => {
  it.each([
    ['2´034,50', '2034.50'],
    ['1.234,56', '1234.56'],
    ["1'000", '1000'],
    ['1’000,5', '1000.5'],
    ['-12,50', '-12.50'],
    ['3,081', '3.081'],
    ['1.234.567,89', '1234567.89'],
    ['€ 9,00', '9.00'],
  ])('parses %s', (text, plain) => {
    expect(toPlainString(parseAmount(text)!)).toBe(plain);
  });

  it.each(['RIPORTO', 'm²', '1,2,3', ''])('rejects %s', text => {
    expect(parseAmount(text)).toBeNull();
  });

  it('sums totals exactly (no float drift)', () => {
    const voci = Array.from({ length: 10 }, () => ({ totale: 0.1 }));
    expect(toPlainString(sumTotals(voci))).toBe('1.00');
    expect(toPlainString(sumTotals([{ totale: 1313188 }, { totale: 0.07 }, { totale: 2034.5 }]))).toBe('1315222.57');
  });
});
