/**
 * Real LibreOffice prints of LeenO-like workbooks (tests/fixtures/realprints, made with exceljs +
 * `soffice --headless --convert-to pdf`, Italian locale): `P.U.` is the *parti uguali* measurement
 * column, so quantity and unit price must come out the right way round, never swapped silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../functions/analysis/pdf-text.ts';
import { parseComputo } from '../../../functions/analysis/parser/index.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/realprints');

interface Truth {
  file: string;
  document_total: number;
  items: Array<{ tariffa: string; um: string; quantita: number; unitario: number; totale: number }>;
}

describe('real LeenO-like prints', () => {
  for (const name of ['leeno-pu-manodopera', 'leeno-misurazioni']) {
    it(`${name}: every voce exact and sure`, async () => {
      // Prepare
      const truth = JSON.parse(fs.readFileSync(path.join(dir, `${name}.truth.json`), 'utf8')) as Truth;
      const pages = await extractDocument(new Uint8Array(fs.readFileSync(path.join(dir, `${name}.pdf`))));
      // Act
      const r = parseComputo(pages);
      // Assess
      expect(r.voci.map(v => ({ tariffa: v.tariffa, um: v.unita_di_misura, quantita: v.quantita, unitario: v.unitario, totale: v.totale }))).toEqual(
        truth.items.map(t => ({ tariffa: t.tariffa, um: t.um, quantita: t.quantita, unitario: t.unitario, totale: t.totale })),
      );
      expect(r.voci.every(v => v.verifica.length === 0)).toBe(true);
      expect(r.document_total).toBe(truth.document_total);
    }, 60_000);
  }
});
