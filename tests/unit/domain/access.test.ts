import { describe, expect, it } from 'vitest';
import { accessStatus, isValidDay } from '../../../shared/domain/access.ts';

describe('access window', () => {
  const at = (iso: string) => new Date(iso);
  it('is active without dates, pending before the start, expired after the end day', () => {
    expect(accessStatus(null, null, at('2025-06-01T10:00:00Z'))).toBe('active');
    expect(accessStatus('2025-07-01', null, at('2025-06-30T10:00:00Z'))).toBe('pending');
    expect(accessStatus(null, '2025-06-30', at('2025-06-30T21:59:00Z'))).toBe('active'); // 23:59 in Italy
    expect(accessStatus(null, '2025-06-30', at('2025-06-30T22:01:00Z'))).toBe('expired'); // 00:01 on 01/07
  });
  it('checks calendar days', () => {
    expect(isValidDay('2024-02-29')).toBe(true);
    expect(isValidDay('2025-02-29')).toBe(false);
    expect(isValidDay('30/06/2025')).toBe(false);
  });
});
