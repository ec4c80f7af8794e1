import { describe, expect, it } from 'vitest';
import { add, div, formatItalian, fromNumber, mul, parseFlexible, parseItalian, round, sum, toNumber, toPlainString } from '../../../shared/domain/money.ts';

const it_ = (s: string) => parseItalian(s)!;

describe('exact decimal money', () => {
  it('multiplies as the printed document does: 2´034,50 × 5,59 = 11´372,86', () => {
    expect(formatItalian(round(mul(it_('2´034,50'), it_('5,59'))), 2, '´')).toBe('11´372,86');
  });

  it('rounds half up, away from zero, where floats would not', () => {
    expect(toPlainString(round(mul(it_('1,005'), it_('1'))))).toBe('1.01'); // 1.005 in binary is 1.00499…
    expect(toPlainString(round(it_('-2,345')))).toBe('-2.35');
    expect(toPlainString(round(mul(it_('0,1'), it_('3'))))).toBe('0.30');
  });

  it('sums thousands of amounts without drift', () => {
    const total = sum(Array.from({ length: 10_000 }, () => it_('0,10')));
    expect(toNumber(total)).toBe(1000);
    expect(toPlainString(add(it_('0,1'), it_('0,2')))).toBe('0.3');
  });

  it('parses Italian numbers with every thousands separator seen in prints', () => {
    expect(toNumber(it_('1.313.188,00'))).toBe(1313188);
    expect(toNumber(it_("1'234,5"))).toBe(1234.5);
    expect(toNumber(it_('1 234,56'))).toBe(1234.56);
    expect(toNumber(it_('-12,5'))).toBe(-12.5);
    expect(parseItalian('12,3,4')).toBeNull();
    expect(parseItalian('SOMMANO')).toBeNull();
    expect(parseItalian('1.23')).toBeNull();
  });

  it('reads price-list cells in Italian or dot format and NaN as missing', () => {
    expect(toNumber(parseFlexible('1234.56')!)).toBe(1234.56);
    expect(toNumber(parseFlexible('1.234,56')!)).toBe(1234.56);
    expect(parseFlexible('NaN')).toBeNull();
    expect(parseFlexible('')).toBeNull();
  });

  it('divides with half-up rounding and refuses division by zero', () => {
    expect(toPlainString(div(fromNumber(2), fromNumber(3)))).toBe('0.67');
    expect(() => div(fromNumber(1), fromNumber(0))).toThrow();
  });
});
