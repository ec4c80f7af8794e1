import { describe, expect, it } from 'vitest';
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { analyzePdf } from '../../../functions/analysis/analyze.ts';
import { localOcr } from '../../../functions/ocr/local-ocr.ts';
import { corpusFile } from '../../support/corpus.ts';

/** A scanned page with nothing printed on it: grey paper and a few specks, as a scanner writes it. */
function addBlankScan(doc: PDFDocument): void {
  const w = 1240;
  const h = 1754; // A4 at 150 dpi
  const px = new Uint8Array(w * h).fill(236);
  for (let i = 0; i < 400; i++) px[(i * 7919 * 31) % px.length] = 90;
  const stream = doc.context.flateStream(px, { Type: 'XObject', Subtype: 'Image', Width: w, Height: h, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
  const page = doc.addPage([595.28, 841.89]);
  const name = page.node.newXObject('Scan', doc.context.register(stream));
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(595.28, 0, 0, 841.89, 0, 0), drawObject(name), popGraphicsState());
}

describe('a scanned page the OCR still cannot read', () => {
  it('is named in a warning, and the text pages are read', { timeout: 120_000 }, async () => {
    // Prepare: the two text pages of a corpus computo, then a blank scanned page.
    const doc = await PDFDocument.create();
    const text = await PDFDocument.load(corpusFile('primus_small.pdf'));
    for (const p of await doc.copyPages(text, text.getPageIndices())) doc.addPage(p);
    addBlankScan(doc);
    const pdf = await doc.save();
    const last = doc.getPageCount();
    const asked: number[][] = [];
    const ocr = localOcr(pdf);

    // Act: the real local OCR reads the blank page.
    const outcome = await analyzePdf(pdf, { ocr: (pages) => (asked.push(pages), ocr(pages)) });

    // Assess
    expect(asked).toEqual([[last]]);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.unreadablePages).toEqual([last]);
    expect(outcome.ocrPages).toEqual([]);
    expect(outcome.result.voci).toHaveLength(3);
    expect(outcome.result.warnings).toContain(`Pagina ${last} senza testo leggibile: le voci di questa pagina non sono state lette.`);
  });
});
