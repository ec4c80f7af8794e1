import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePdf, pagesLabel } from '../../../functions/analysis/analyze.ts';
import { extractPages } from '../../../functions/analysis/pdf-text.ts';
import { corpusDir } from './corpus-paths.ts';

const load = (name: string) => new Uint8Array(fs.readFileSync(path.join(corpusDir, name)));

describe('analyzePdf', () => {
  it('fails with an Italian reason and no rows for a scan when OCR is not available', async () => {
    const out = await analyzePdf(load('primus_small_scanned.pdf'));
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.reason).toBe("Il documento non contiene testo leggibile (pagine 1, 2, 3 scansionate): l'OCR non è disponibile in locale.");
    expect(out.unreadablePages).toEqual([1, 2, 3]);
    expect(out).not.toHaveProperty('result');
  });

  it('asks the OCR function for the pages without text and parses its words', async () => {
    // Stand-in OCR: the words of the original (text) PDF the scan was made from.
    const original = await extractPages(load('primus_small.pdf'));
    const asked: number[][] = [];
    const out = await analyzePdf(load('primus_small_scanned.pdf'), {
      ocr: async pages => {
        asked.push(pages);
        return original.filter(p => pages.includes(p.page));
      },
    });
    expect(asked).toEqual([[1, 2, 3]]);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.ocrPages).toEqual([1, 2, 3]);
    expect(out.result.voci.map(v => v.totale)).toEqual([3360, 300, 1473.78]);
    expect(out.result.document_total).toBe(5133.78);
  });

  it('reports when OCR returns nothing', async () => {
    const out = await analyzePdf(load('primus_small_scanned.pdf'), { ocr: async () => [] });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toBe("Il documento non contiene testo leggibile (pagine 1, 2, 3 scansionate): l'OCR non ha restituito testo.");
  });

  it('passes on the Italian reason of an OCR failure', async () => {
    const reason = 'Il servizio OCR non ha completato l\u2019analisi in tempo.';
    const out = await analyzePdf(load('primus_small_scanned.pdf'), {
      ocr: async () => {
        throw Object.assign(new Error(reason), { reason });
      },
    });
    expect(out).toEqual({ ok: false, reason, pageCount: 3, unreadablePages: [1, 2, 3] });
  });

  it('turns unreadable files into a failure', async () => {
    const out = await analyzePdf(new TextEncoder().encode('%PDF-1.4 garbage'));
    expect(out).toMatchObject({ ok: false, reason: 'Il file non è un PDF valido o è danneggiato.' });
  });

  it('reads a text PDF', async () => {
    const out = await analyzePdf(load('str_small.pdf'));
    expect(out.ok && out.result.voci.length).toBe(6);
  });

  it('formats page lists', () => {
    expect(pagesLabel([4])).toBe('pagina 4');
    expect(pagesLabel([3, 1, 2])).toBe('pagine 1, 2, 3');
    expect(pagesLabel([1, 2, 3, 4, 5, 9])).toBe('pagine 1-5, 9');
  });
});
