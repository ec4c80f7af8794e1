import { describe, expect, it } from 'vitest';
import { applyListedCodes, codeCandidates, codesToLookUp, correctCode } from '../../../functions/ocr/code-check.ts';
import { checkScannedVoci, REASON_CODE_UNSURE, scanWarnings } from '../../../functions/ocr/check-voci.ts';

/** A price list's codes, as the worker's lookup would answer for them. */
const listed = (...codes: string[]) => {
  const set = new Set(codes);
  return (c: string) => set.has(c);
};

const voce = (tariffa: string, totale = 100) => ({ tariffa, unita_di_misura: 'm', quantita: 10, unitario: 10, totale, page: 1, page_end: 1 });

describe('codes read from a scan, checked against the price lists', () => {
  it('keeps a code the list has, whatever its look-alikes', () => {
    expect(correctCode('A005.030.03', listed('A005.030.03', 'A005.030.08'))).toEqual({ status: 'known' });
  });

  it.each([
    ['AO05.030.03', 'A005.030.03', 'O read for 0'],
    ['A005.030.O3', 'A005.030.03', 'O read for 0 in the last part'],
    ['TOS25_18.WO1.002.001', 'TOS25_18.W01.002.001', 'O for 0 after a letter'],
    ['TOS25_18.W01002.001', 'TOS25_18.W01.002.001', 'a dot lost between two parts'],
    ['TOS25_17.N05,002.012', 'TOS25_17.N05.002.012', 'a comma for a dot'],
    ['A0l9.020.02', 'A019.020.02', 'l for 1'],
    ['B5.10.S2', 'B5.10.52', 'S for 5'],
    ['E.0B.010', 'E.08.010', 'B for 8'],
    ['A019..020.02', 'A019.020.02', 'a speck read as a second dot'],
  ])('corrects %s to the listed %s (%s)', (read, code) => {
    // Prepare: the list holds the printed code and unrelated ones.
    const exists = listed(code, 'A019.020.03', 'TOS25_18.W01.002.002', 'ZZ.99');
    // Act
    const result = correctCode(read, exists);
    // Assess
    expect(result).toEqual({ status: 'corrected', code });
  });

  it('leaves a code with two listed near-misses as read', () => {
    const result = correctCode('A0O5.030.03', listed('A005.030.03', 'A0O5.030.08'));
    expect(result.status).toBe('ambiguous');
  });

  it('leaves a code two slips away from every listed code as read', () => {
    expect(correctCode('AOO5.O30.03', listed('A005.030.03'))).toEqual({ status: 'unknown' });
  });

  it('offers only one-slip candidates, never the code itself', () => {
    const candidates = codeCandidates('A0.1');
    expect(candidates).not.toContain('A0.1');
    expect(candidates).toEqual(expect.arrayContaining(['AO.1', 'A0.I', 'A0,1', 'A01', 'A.0.1']));
    // A dot is never added at either end, nor next to another mark.
    expect(candidates).not.toContain('.A0.1');
    expect(candidates).not.toContain('A0.1.');
    expect(candidates).not.toContain('A0..1');
  });

  it('corrects the scan checks in place, records the correction, and lifts the code doubt', () => {
    // Prepare: three scanned voci: a lost dot (doubted), an O for 0, and a code no list has.
    const lostDot = voce('TOS25_18.W01002.001');
    const letterO = voce('A0O5.030.03');
    const unknown = voce('X.99.O01');
    const checks = checkScannedVoci([lostDot, letterO, unknown], [1]);
    expect(checks.get(lostDot)!.verifica).toContain(REASON_CODE_UNSURE);
    const exists = listed('TOS25_18.W01.002.001', 'A005.030.03');
    // Act
    const lookedUp = codesToLookUp(checks);
    const corrected = applyListedCodes(checks, exists);
    // Assess
    expect(lookedUp).toEqual(expect.arrayContaining(['TOS25_18.W01002.001', 'TOS25_18.W01.002.001', 'A005.030.03']));
    expect(corrected).toBe(2);
    expect(checks.get(lostDot)).toMatchObject({ tariffa: 'TOS25_18.W01.002.001', verifica: [] });
    expect(checks.get(lostDot)!.correzioni).toEqual(['codice letto TOS25_18.W01002.001 dalla scansione, corretto in TOS25_18.W01.002.001 (codice presente nel prezzario)']);
    expect(checks.get(letterO)!.tariffa).toBe('A005.030.03');
    expect(checks.get(unknown)!.tariffa).toBeUndefined();
    expect(checks.get(unknown)!.correzioni).toEqual([]);
    // Code corrections are not counted as corrected numbers.
    expect(scanWarnings(checks)).toEqual([]);
  });
});
