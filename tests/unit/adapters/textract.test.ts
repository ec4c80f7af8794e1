import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient } from '@aws-sdk/client-textract';
import { OcrError, textractWords } from '../../../functions/adapters/textract.ts';
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
});
