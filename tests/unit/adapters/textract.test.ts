import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient } from '@aws-sdk/client-textract';
import { PDFDocument } from 'pdf-lib';
import { MAX_TEXTRACT_PAGES, OcrError, TOO_MANY_SCANNED_PAGES, textractWords } from '../../../functions/adapters/textract.ts';
import { analyzePdf } from '../../../functions/analysis/analyze.ts';
import { A4 } from '../../../functions/analysis/words.ts';

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
    // Prepare: 101 pages without a text layer.
    const pdf = await PDFDocument.create();
    for (let i = 0; i <= MAX_TEXTRACT_PAGES; i++) pdf.addPage([595, 842]);
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
