import { describe, expect, it } from 'vitest';
import { formatEuro, formatInteger } from '../../../shared/format.ts';

describe('Italian formats for counters and messages', () => {
  it('groups thousands with a dot, always', () => {
    expect(formatInteger(1234)).toBe('1.234');
    expect(formatInteger(7715976)).toBe('7.715.976');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(null)).toBe('');
    expect(formatEuro(7715976.51).replace(/\s/g, ' ')).toBe('7.715.976,51 €');
  });
});
