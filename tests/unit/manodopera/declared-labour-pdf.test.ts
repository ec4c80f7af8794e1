/**
 * A printed computo's own labour columns (issue 39): the report prints the generator draws with
 * `Mdo inc. %` and `Tot. mdo` columns between the price and the amount (tests/generator/
 * layouts-report.ts prints the cost as round(amount × incidence) half-up) are read as each voce's
 * declared labour, never as its quantity, price or amount; a print without them declares nothing.
 */
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../functions/analysis/pdf-text.ts';
import { parseComputo } from '../../../functions/analysis/parser/index.ts';
import { costoManodopera } from '../../../shared/domain/manodopera.ts';
import { generateOne } from '../../generator/generate.ts';

describe('labour columns of a printed computo', () => {
  it('reads Mdo inc. % and Tot. mdo of every voce where the report prints them (seeds 1-40)', async () => {
    let withLabour = 0;
    for (let seed = 1; seed <= 40; seed++) {
      // Prepare
      const g = await generateOne('report', seed);
      const variant = (g.truth as unknown as { variant: { labour?: boolean } }).variant;
      // Act
      const r = parseComputo(await extractDocument(g.pdf));
      // Assess: voci as exact as ever (the property test), and the labour where printed (`Mdo inc. %`, or `Labour %` in English heads)
      const declared = r.voci.filter((v) => v.incidenza_manodopera !== undefined || v.costo_manodopera !== undefined);
      if (!variant.labour) {
        expect(declared, `${g.name}: no labour columns, nothing declared`).toEqual([]);
        continue;
      }
      withLabour++;
      const plain = r.voci.filter((v) => !v.verifica.length);
      expect(plain.length, g.name).toBeGreaterThan(0);
      for (const v of plain) {
        expect(v.incidenza_manodopera, `${g.name} voce ${v.n}`).toBeGreaterThan(0);
        expect(v.costo_manodopera, `${g.name} voce ${v.n}: cost = amount × incidence`).toBe(costoManodopera(v.totale, v.incidenza_manodopera));
      }
    }
    expect(withLabour).toBeGreaterThan(2);
  }, 240_000);
});
