/** Unit stage: known units kept, description words caught with the unit dropped, doubtful groups said. */
import { describe, expect, it } from 'vitest';
import { readUnit } from '../../../functions/analysis/parser/units.ts';
import { isKnownUnit } from '../../../shared/domain/units.ts';

describe('units', () => {
  it('knows the units computi print, in brackets, with a dot or compound', () => {
    for (const u of ['m²', 'mq.', '[mq.]', 'cad', 'a corpo', 'cad/30gg', 'ml/30gg', 'm²/mese', '%', 'a.c.', 'n.']) expect(isKnownUnit(u), u).toBe(true);
    for (const u of ['di', 'BASE', 'certificati']) expect(isKnownUnit(u), u).toBe(false);
  });

  it('drops the description words caught before a known unit', () => {
    // Prepare / Act / Assess
    expect(readUnit('BASE cad')).toEqual({ um: 'cad', doubtful: false });
    expect(readUnit('certificati m²')).toEqual({ um: 'm²', doubtful: false });
    expect(readUnit('- cad')).toEqual({ um: 'cad', doubtful: false });
    expect(readUnit('100 kg')).toEqual({ um: '100 kg', doubtful: false });
    expect(readUnit('opera a corpo')).toEqual({ um: 'a corpo', doubtful: false });
  });

  it('flags a group of words with no known unit, keeps a single unknown word', () => {
    expect(readUnit('di a')).toEqual({ um: 'di a', doubtful: true });
    expect(readUnit('kgxm')).toEqual({ um: 'kgxm', doubtful: false });
    expect(readUnit('')).toEqual({ um: '', doubtful: false });
  });
});
