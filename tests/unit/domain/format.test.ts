import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatEuro, formatNumber, formatPercent } from '../../../shared/format.ts';

describe('Italian formats', () => {
  it('formats numbers, euro and signed percentages', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50'); // Intl's Italian default would print 1234,50
    expect(formatEuro(11372.86)).toMatch(/^11\.372,86\s€$/);
    expect(formatPercent(12.5)).toBe('+12,50%');
    expect(formatPercent(-3)).toBe('-3,00%');
    expect(formatPercent(0)).toBe('0,00%');
    expect(formatNumber(null)).toBe('');
  });
  it('formats dates day/month/year with hour and minute in Italian time', () => {
    expect(formatDateTime('2025-06-11T08:05:00Z')).toBe('11/06/2025 10:05');
    expect(formatDay('2025-06-30')).toBe('30/06/2025');
  });
});
