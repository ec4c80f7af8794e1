import { describe, expect, it } from 'vitest';
import { toPlainString } from '../../../shared/domain/money.ts';
import { parseAmount } from '../../../functions/analysis/parser/lines.ts';
import { sumTotals } from '../../../functions/analysis/parser/index.ts';
import { spaceGrouped } from '../../../functions/analysis/parser/numbers.ts';

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

describe('thousands separated by a space', () => {
  const line = (y: number, ...texts: Array<[string, number]>) => texts.map(([text, x]) => ({ text, x0: x, x1: x + text.length * 5, y0: y, y1: y + 9 }));
  const page = (words: ReturnType<typeof line>) => ({ page: 1, width: 800, height: 600, words, hasTextLayer: true });

  it('are recognised beside a code wrapped in its cell ("TOS25_08.F18.0" over "18.030")', () => {
    // Prepare: a Word-table print whose code cell wraps, and amounts grouped by a space.
    const words = [
      ...line(100, ['TOS25_08.F18.0', 90]),
      ...line(110, ['1', 50], ['Formazione', 170], ['m', 510], ['11,45', 577], ['1', 644], ['000,00', 656], ['11', 728], ['450,00', 746]),
      ...line(120, ['18.030', 90]),
    ];
    // Act / Assess
    expect(spaceGrouped([page(words)])).toBe(true);
  });

  it('are not assumed where the print groups its amounts with a dot', () => {
    const words = [...line(110, ['1', 50], ['m', 510], ['11,45', 577], ['1.000,00', 644], ['11', 700], ['450,00', 746])];
    expect(spaceGrouped([page(words)])).toBe(false);
  });
});
