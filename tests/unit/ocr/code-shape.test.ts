import { describe, expect, it } from 'vitest';
import { checkScannedVoci, codeByDocumentShape, codeShape, REASON_CODE_UNSURE } from '../../../functions/ocr/check-voci.ts';

const voce = (tariffa: string, quantita = 2, unitario = 10, totale = 20) => ({ tariffa, unita_di_misura: 'm²', quantita, unitario, totale, page: 1, page_end: 1 });

describe('scanned codes read again by the shape of the document\u2019s own codes', () => {
  const shapes = new Map([[codeShape('TOS25_18.W01.006.001'), 3], [codeShape('TOS25_01CAM.B07.042.001'), 2]]);

  it('puts back a lost dot or a comma read for a dot when exactly one reading has a known shape', () => {
    expect(codeByDocumentShape('TOS25_18.W01001.002', shapes)).toBe('TOS25_18.W01.001.002');
    expect(codeByDocumentShape('TOS25_17.N05,002.012', shapes)).toBe('TOS25_17.N05.002.012');
    expect(codeByDocumentShape('TOS25_01CAMB07.042.001', shapes)).toBe('TOS25_01CAM.B07.042.001');
  });

  it('leaves a code alone when no reading, or more than one, fits', () => {
    expect(codeByDocumentShape('A0101', shapes)).toBeNull();
    expect(codeByDocumentShape('TOS25_18.W01001.002', new Map([[codeShape('TOS25_18.W01.006.001'), 1]]))).toBeNull();
    const two = new Map([[codeShape('AB.1234'), 2], [codeShape('A.B1234'), 2]]);
    expect(codeByDocumentShape('AB1234', two)).toBeNull();
  });

  it('corrects a doubtful scanned code from the sure codes of the same document and records it', () => {
    // Prepare: three codes read without doubt, one with its dot lost.
    const voci = [voce('TOS25_18.W01.006.001'), voce('TOS25_18.W01.002.001'), voce('TOS25_18.W02.003.004'), voce('TOS25_18.W01001.002')];

    // Act
    const checks = checkScannedVoci(voci, [1]);

    // Assess
    const fixed = checks.get(voci[3])!;
    expect(fixed.tariffa).toBe('TOS25_18.W01.001.002');
    expect(fixed.verifica).not.toContain(REASON_CODE_UNSURE);
    expect(fixed.correzioni.join(' ')).toContain('TOS25_18.W01001.002');
    expect(checks.get(voci[0])!.tariffa).toBeUndefined();
  });

  it('keeps the doubt when the document has no sure code of that shape', () => {
    const voci = [voce('A.01.001'), voce('TOS25_18.W01001.002')];
    const checks = checkScannedVoci(voci, [1]);
    expect(checks.get(voci[1])!.verifica).toContain(REASON_CODE_UNSURE);
    expect(checks.get(voci[1])!.tariffa).toBeUndefined();
  });
});
