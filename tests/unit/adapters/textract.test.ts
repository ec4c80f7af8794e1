import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient, type Block } from '@aws-sdk/client-textract';
import { PDFDocument } from 'pdf-lib';
import { MAX_TEXTRACT_PAGES, OcrError, TOO_MANY_SCANNED_PAGES, textractWords } from '../../../functions/adapters/textract.ts';
import { analyzePdf } from '../../../functions/analysis/analyze.ts';
import { A4, wordsFromTextract } from '../../../functions/analysis/words.ts';
import { FIXTURES } from '../../support/corpus.ts';

const word = (text: string, page: number, left: number, top: number) => ({
  BlockType: 'WORD' as const,
  Text: text,
  Page: page,
  Geometry: { BoundingBox: { Left: left, Top: top, Width: 0.05, Height: 0.01 } },
});

const opts = { bucket: 'b', key: 'documents/1/original.pdf', pageSizes: [A4, A4, A4], pollMs: 0, sleep: async () => undefined };

describe('Textract adapter', () => {
  it('polls while the job runs, follows NextToken and returns positioned words of the asked pages', async () => {
    // Prepare
    const textract = mockClient(TextractClient);
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-1' });
    textract
      .on(GetDocumentTextDetectionCommand)
      .resolvesOnce({ JobStatus: 'IN_PROGRESS' })
      .resolvesOnce({ JobStatus: 'SUCCEEDED', Blocks: [word('SOMMANO', 1, 0.1, 0.5), word('m²', 1, 0.3, 0.5)], NextToken: 'next' })
      .resolvesOnce({ JobStatus: 'SUCCEEDED', Blocks: [word('R I P O R T O', 2, 0.1, 0.05), word('ignorata', 3, 0.1, 0.1)] });
    // Act
    const pages = await textractWords(new TextractClient({ region: 'eu-south-1' }), [1, 2], opts);
    // Assess
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    const sommano = pages[0].words.find((w) => w.text === 'SOMMANO')!;
    expect(sommano.x0).toBeCloseTo(0.1 * A4.width, 1);
    expect(sommano.y0).toBeCloseTo(0.5 * A4.height, 1);
    expect(pages[0].hasTextLayer).toBe(true);
    const calls = textract.commandCalls(GetDocumentTextDetectionCommand);
    expect(calls).toHaveLength(3);
    expect(calls[2].args[0].input.NextToken).toBe('next');
    expect(textract.commandCalls(StartDocumentTextDetectionCommand)[0].args[0].input.DocumentLocation?.S3Object).toEqual({ Bucket: 'b', Name: 'documents/1/original.pdf' });
    textract.restore();
  });

  it('turns a failed job into an Italian OcrError', async () => {
    const textract = mockClient(TextractClient);
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-2' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'FAILED', StatusMessage: 'UNSUPPORTED_DOCUMENT' });
    await expect(textractWords(new TextractClient({ region: 'eu-south-1' }), [1], opts)).rejects.toThrow(OcrError);
    await expect(textractWords(new TextractClient({ region: 'eu-south-1' }), [1], opts)).rejects.toThrow(/non è riuscito a leggere il documento: UNSUPPORTED_DOCUMENT/);
    textract.restore();
  });

  it('gives up on a job that never ends', async () => {
    const textract = mockClient(TextractClient);
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-3' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'IN_PROGRESS' });
    await expect(textractWords(new TextractClient({ region: 'eu-south-1' }), [1], { ...opts, timeoutMs: -1 })).rejects.toThrow(/non ha completato/);
    textract.restore();
  });

  it(`never calls Textract for more than ${MAX_TEXTRACT_PAGES} scanned pages`, async () => {
    // Prepare
    const textract = mockClient(TextractClient);
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-4' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [] });
    const pages = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    try {
      // Act / Assess: one page over the limit is refused before any call, with the Italian reason.
      const refused = textractWords(new TextractClient({ region: 'eu-south-1' }), pages(MAX_TEXTRACT_PAGES + 1), opts);
      await expect(refused).rejects.toThrow(OcrError);
      await expect(refused).rejects.toMatchObject({ reason: 'Il documento ha troppe pagine scansionate da leggere con l\u2019OCR (massimo 100).' });
      expect(textract.calls()).toHaveLength(0);
      // At the limit it still runs.
      await textractWords(new TextractClient({ region: 'eu-south-1' }), pages(MAX_TEXTRACT_PAGES), opts);
      expect(textract.commandCalls(StartDocumentTextDetectionCommand)).toHaveLength(1);
    } finally {
      textract.restore();
    }
  });

  it('fails the analysis of a scan above the limit with that reason, without calling Textract', async () => {
    // Prepare: 101 scanned pages (an image, no text layer; a page that draws nothing is blank, not a scan).
    const pdf = await PDFDocument.create();
    const scan = await pdf.embedPng(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
    for (let i = 0; i <= MAX_TEXTRACT_PAGES; i++) pdf.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
    const bytes = await pdf.save();
    const textract = mockClient(TextractClient);
    const client = new TextractClient({ region: 'eu-south-1' });
    try {
      // Act
      const out = await analyzePdf(bytes, { ocr: (p) => textractWords(client, p, opts) });

      // Assess
      expect(out).toMatchObject({ ok: false, reason: TOO_MANY_SCANNED_PAGES, pageCount: MAX_TEXTRACT_PAGES + 1 });
      expect(textract.calls()).toHaveLength(0);
    } finally {
      textract.restore();
    }
  });
});

describe('Textract adapter on a recorded real response', () => {
  // A real DetectDocumentText response recorded by AWS (tests/fixtures/textract/README.md).
  const recorded = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'textract/detect-document-text.json'), 'utf8')) as { Blocks: Block[] };
  const LETTER = { width: 612, height: 792 };

  it('puts every WORD of the real response in the positioned-word model, at the real page size', async () => {
    // Prepare: the job answers with the recorded blocks, split across two result pages as
    // GetDocumentTextDetection does with NextToken.
    const blocks = recorded.Blocks;
    const half = Math.floor(blocks.length / 2);
    const textract = mockClient(TextractClient);
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-real' });
    textract
      .on(GetDocumentTextDetectionCommand)
      .resolvesOnce({ JobStatus: 'SUCCEEDED', Blocks: blocks.slice(0, half), NextToken: 't' })
      .resolvesOnce({ JobStatus: 'SUCCEEDED', Blocks: blocks.slice(half) });
    try {
      // Act
      const pages = await textractWords(new TextractClient({ region: 'eu-south-1' }), [1], { ...opts, pageSizes: [LETTER] });
      // Assess: one page of the given size, the 51 WORD blocks (not the LINE ones) as words.
      expect(pages).toHaveLength(1);
      const [page] = pages;
      expect({ width: page.width, height: page.height, hasTextLayer: page.hasTextLayer }).toEqual({ width: 612, height: 792, hasTextLayer: true });
      expect(page.words).toHaveLength(51);
      expect(page.words.filter((w) => w.text === 'Cell')).toHaveLength(14);
      // The date: Left 0.1849, Top 0.4978, Width 0.1241, Height 0.0187 of the page, in points.
      const date = page.words.find((w) => w.text === '08/14/2022')!;
      expect(date.x0).toBeCloseTo(0.18488064408302307 * 612, 3);
      expect(date.y0).toBeCloseTo(0.497822105884552 * 792, 3);
      expect(date.x1 - date.x0).toBeCloseTo(0.12413565814495087 * 612, 3);
      expect(date.y1 - date.y0).toBeCloseTo(0.01868842914700508 * 792, 3);
      for (const w of page.words) {
        expect(w.x0).toBeGreaterThanOrEqual(0);
        expect(w.x1).toBeLessThanOrEqual(612);
        expect(w.y1).toBeLessThanOrEqual(792);
        expect(w.x1).toBeGreaterThan(w.x0);
        expect(w.y1).toBeGreaterThan(w.y0);
      }
    } finally {
      textract.restore();
    }
  });

  it('gives words that rebuild Textract\u2019s own lines and the table row in reading order', () => {
    // Act
    const [page] = wordsFromTextract(recorded.Blocks, [LETTER]);
    // Words whose vertical middles lie within half a word height of each other share a line.
    const mid = (w: (typeof page.words)[number]) => (w.y0 + w.y1) / 2;
    const sorted = [...page.words].sort((a, b) => mid(a) - mid(b));
    const rows: Array<typeof page.words> = [];
    for (const w of sorted) {
      const row = rows.find((r) => Math.abs(mid(r[0]) - mid(w)) < Math.max(w.y1 - w.y0, r[0].y1 - r[0].y0) / 2);
      if (row) row.push(w);
      else rows.push([w]);
    }
    const text = rows.map((r) => r.sort((a, b) => a.x0 - b.x0).map((w) => w.text).join(' '));
    // Assess: Textract's LINE blocks on one row, left to right, are the rows the words rebuild.
    expect(text).toContain('Cell 1 Cell 2 Cell 4 Cell 5');
    expect(text).toContain('Cell 11 Cell 12 Cell 13 Cell 14 Cell 15');
    expect(text).toContain('Date : 08/14/2022');
    expect(text[0]).toBe('Textractor Test');
    // ...and read row by row they are Textract's LINE blocks (one per table cell), in its order.
    expect(text).toHaveLength(13);
    expect(text.join(' ')).toBe(recorded.Blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text).join(' '));
  });
});
