/**
 * Every text document of the shared corpus must be read exactly: same number of voci and, for
 * each, the same code, description, unit, quantity, unit price and total, plus the document total.
 * The scanned document must fail with the Italian reason and no rows (no OCR locally).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePdf } from '../../../functions/analysis/analyze.ts';
import { extractDocument } from '../../../functions/analysis/pdf-text.ts';
import { parseComputo } from '../../../functions/analysis/parser/index.ts';
import { corpusDir } from './corpus-paths.ts';

interface Truth {
  file: string;
  scanned: boolean;
  pages: number;
  document_total: number;
  items: Array<{ tariffa: string; descrizione: string; um: string; quantita: number; unitario: number; totale: number; page: number; page_end: number }>;
}

const truths: Truth[] = fs
  .readdirSync(corpusDir)
  .filter(f => f.endsWith('.truth.json'))
  .sort()
  .map(f => JSON.parse(fs.readFileSync(path.join(corpusDir, f), 'utf8')) as Truth);

describe('shared corpus', () => {
  it('is present', () => {
    expect(truths.length).toBeGreaterThanOrEqual(13);
  });

  for (const truth of truths.filter(t => !t.scanned)) {
    it(`reads ${truth.file} exactly`, async () => {
      const pages = await extractDocument(new Uint8Array(fs.readFileSync(path.join(corpusDir, truth.file))));
      expect(pages).toHaveLength(truth.pages);
      const r = parseComputo(pages);
      const found = r.voci.map(v => ({
        tariffa: v.tariffa, descrizione: v.descrizione, um: v.unita_di_misura,
        quantita: v.quantita, unitario: v.unitario, totale: v.totale, page: v.page, page_end: v.page_end,
      }));
      const expected = truth.items.map(t => ({
        tariffa: t.tariffa, descrizione: t.descrizione, um: t.um,
        quantita: t.quantita, unitario: t.unitario, totale: t.totale, page: t.page, page_end: t.page_end,
      }));
      expect(found).toEqual(expected);
      expect(r.document_total).toBe(truth.document_total);
      expect(r.warnings).toEqual([]);
    });
  }

  for (const truth of truths.filter(t => t.scanned)) {
    it(`fails on ${truth.file} with the Italian reason and no rows`, async () => {
      const out = await analyzePdf(new Uint8Array(fs.readFileSync(path.join(corpusDir, truth.file))));
      expect(out.ok).toBe(false);
      if (out.ok) return;
      const pages = Array.from({ length: truth.pages }, (_, i) => i + 1);
      expect(out.unreadablePages).toEqual(pages);
      expect(out.reason).toBe(`Il documento non contiene testo leggibile (pagine ${pages.join(', ')} scansionate): l'OCR non è disponibile in locale.`);
    });
  }
});
