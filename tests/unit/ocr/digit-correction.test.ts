import { describe, expect, it } from 'vitest';
import { checkAmounts, describeCorrection, REASON_MISMATCH } from '../../../functions/ocr/digit-correction.ts';
import { checkScannedVoci, REASON_UNIT_UNKNOWN, scanWarnings, unitWithLostLetter } from '../../../functions/ocr/check-voci.ts';

describe('numbers read from a scan are checked with quantity × unit price = amount', () => {
  it('accepts a voce that adds up (half-up to 2 decimals)', () => {
    expect(checkAmounts({ quantita: 84.7, unitario: 17.4, totale: 1473.78 })).toMatchObject({ status: 'ok', corrections: [] });
    // 2.5 × 0.05 = 0.125 -> 0,13 (half-up, not banker's rounding)
    expect(checkAmounts({ quantita: 2.5, unitario: 0.05, totale: 0.13 }).status).toBe('ok');
    expect(checkAmounts({ quantita: -12.5, unitario: 10, totale: -125 }).status).toBe('ok');
  });

  it.each([
    ['amount 3 read as 8', { quantita: 84.7, unitario: 17.4, totale: 1478.78 }, { totale: 1473.78 }],
    ['quantity 0 read as 8', { quantita: 188, unitario: 20, totale: 3360 }, { quantita: 168 }],
    ['unit price 7 read as 1', { quantita: 84.7, unitario: 11.4, totale: 1473.78 }, { unitario: 17.4 }],
    ['amount 5 read as 6', { quantita: 12, unitario: 37.5, totale: 460 }, { totale: 450 }],
    ['lost decimal comma in the amount', { quantita: 84.7, unitario: 17.4, totale: 147378 }, { totale: 1473.78 }],
  ])('corrects the one reading that adds up: %s', (_what, read, fixed) => {
    const out = checkAmounts(read);
    expect(out.status).toBe('corrected');
    expect(out.values).toEqual({ ...read, ...fixed });
    expect(out.corrections).toHaveLength(1);
  });

  it('flags a voce no single slip explains, and keeps the numbers as read', () => {
    const read = { quantita: 84.7, unitario: 17.4, totale: 1234.56 };
    expect(checkAmounts(read)).toEqual({ status: 'mismatch', values: read, corrections: [] });
  });

  it('flags a voce two readings explain, never picks one', () => {
    // 1 × 300 = 300: the amount read as 800 or the price read as 800 would each need one slip,
    // but reading quantity 1 as 7... only one of the fields is wrong and both fixes add up.
    const out = checkAmounts({ quantita: 1, unitario: 300, totale: 800 });
    expect(out.status).toBe('ambiguous');
    expect(out.values).toEqual({ quantita: 1, unitario: 300, totale: 800 });
  });

  it('writes the correction in Italian', () => {
    const out = checkAmounts({ quantita: 84.7, unitario: 17.4, totale: 1478.78 });
    expect(out.corrections.map(describeCorrection)).toEqual(['importo letto 1.478,78 dalla scansione, corretto in 1.473,78 (quantità × prezzo = importo)']);
  });

  it('marks only the voci of OCR pages, corrects them and flags the rest', () => {
    const text = { quantita: 1, unitario: 2, totale: 9, page: 1, page_end: 1 };
    const fixed = { quantita: 84.7, unitario: 17.4, totale: 1478.78, page: 1, page_end: 2 };
    const wrong = { quantita: 84.7, unitario: 17.4, totale: 1234.56, page: 2, page_end: 2 };
    const checks = checkScannedVoci([text, fixed, wrong], [2]);
    expect(checks.has(text)).toBe(false);
    expect(checks.get(fixed)).toMatchObject({ values: { totale: 1473.78 }, verifica: [] });
    expect(checks.get(fixed)!.correzioni).toHaveLength(1);
    expect(checks.get(wrong)).toMatchObject({ values: { totale: 1234.56 }, verifica: [REASON_MISMATCH], correzioni: [] });
    expect(scanWarnings(checks)).toEqual(['1 voce letta dalla scansione ha un numero corretto con il controllo quantità × prezzo = importo.']);
  });
});

describe('a scanned unit with its first letter lost', () => {
  it('becomes the one known unit it can be, and the correction is recorded', () => {
    // Prepare
    const voce = { tariffa: 'A034.010.03', unita_di_misura: 'ad', quantita: 2, unitario: 1000, totale: 2000, page: 1, page_end: 1 };
    const unknown = { ...voce, unita_di_misura: 'xyz' };
    // Act
    const checks = checkScannedVoci([voce, unknown], [1]);
    // Assess
    expect(unitWithLostLetter('ad')).toBe('cad');
    expect(unitWithLostLetter('cad')).toBeNull();
    expect(unitWithLostLetter('m')).toBeNull();
    expect(checks.get(voce)).toMatchObject({ unita_di_misura: 'cad', verifica: [], correzioni: ['unità di misura letta ad dalla scansione, corretta in cad (lettera iniziale persa)'] });
    expect(checks.get(unknown)!.unita_di_misura).toBeUndefined();
    expect(checks.get(unknown)!.verifica).toEqual([REASON_UNIT_UNKNOWN]);
    expect(scanWarnings(checks)).toEqual([]);
  });
});
