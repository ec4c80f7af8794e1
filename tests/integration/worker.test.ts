import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient } from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { PDFDocument } from 'pdf-lib';
import { MAX_TEXTRACT_PAGES, TOO_MANY_SCANNED_PAGES } from '../../functions/adapters/textract.ts';
import { cloudOcr } from '../../functions/worker/cloud-ocr.ts';
import { getBlob, headBlob } from '../../functions/storage/blobs.ts';
import { createDocument } from '../../functions/services/documents.ts';
import { processDocument, TIMEOUT_FAILURE, UNEXPECTED_FAILURE } from '../../functions/worker/analysis.ts';
import { getDocument, listDocumentsFor } from '../../functions/storage/repositories/documents.ts';
import { corpusFile } from '../support/corpus.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
const principal = { id: 1, username: 'admin', role: 'amministratore' as const, via: 'session' as const };

beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => rt?.close());

/** A document waiting for analysis, without queueing it (the test runs the worker itself). */
async function pendingDocument(bytes: Uint8Array = corpusFile('primus_small.pdf'), pages = 3) {
  const ctx = { ...rt.ctx, config: { ...rt.ctx.config, enqueue: async () => undefined } };
  return createDocument(ctx, principal, { bytes, filename: 'x.pdf', pages, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
}

describe('the analysis worker never leaves a document processing', () => {
  it('ends failed with a generic Italian reason when storage fails mid-way', async () => {
    // Prepare: reading the original from S3 fails (an AWS fault, injected).
    const doc = await pendingDocument();
    const s3 = mockClient(rt.ctx.s3);
    s3.on(GetObjectCommand).rejects(new Error('SlowDown'));
    try {
      // Act
      await processDocument(rt.ctx, doc.id, { log: () => undefined });
    } finally {
      s3.restore();
    }
    // Assess
    const after = await getDocument(rt.ctx, doc.id);
    expect(after).toMatchObject({ status: 'failed', status_reason: UNEXPECTED_FAILURE, row_count: 0 });
  });

  it('ends failed when the analysis runs past its deadline', async () => {
    const doc = await pendingDocument();
    await processDocument(rt.ctx, doc.id, { timeoutMs: 1, log: () => undefined });
    expect(await getDocument(rt.ctx, doc.id)).toMatchObject({ status: 'failed', status_reason: TIMEOUT_FAILURE });
  });

  it('leaves alone a document that is no longer processing (a redelivered message)', async () => {
    const doc = await pendingDocument();
    await processDocument(rt.ctx, doc.id);
    const done = await getDocument(rt.ctx, doc.id);
    expect(done).toMatchObject({ status: 'completed', row_count: 3 });
    await processDocument(rt.ctx, doc.id);
    expect(await getDocument(rt.ctx, doc.id)).toEqual(done);
  });

  it('marks the document failed when it cannot be queued', async () => {
    const ctx = { ...rt.ctx, config: { ...rt.ctx.config, enqueue: async () => { throw new Error('queue down'); } } };
    await expect(
      createDocument(ctx, principal, { bytes: corpusFile('primus_small.pdf'), filename: 'y.pdf', pages: 3, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }),
    ).rejects.toThrow('queue down');
    const [newest] = await listDocumentsFor(rt.ctx, principal);
    expect(newest).toMatchObject({ filename: 'y.pdf', status: 'failed', status_reason: 'Impossibile avviare l\u2019analisi del documento. Riprova più tardi.' });
  });

  it(`ends failed without calling Textract when a scan has more than ${MAX_TEXTRACT_PAGES} pages`, async () => {
    // Prepare: a scan (pages without a text layer) one page over the OCR limit; Textract mocked.
    const pdf = await PDFDocument.create();
    // (scanned pages carry an image: a page that draws nothing is blank, not a scan)
    const scan = await pdf.embedPng(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
    for (let i = 0; i <= MAX_TEXTRACT_PAGES; i++) pdf.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
    const doc = await pendingDocument(await pdf.save(), MAX_TEXTRACT_PAGES + 1);
    const textract = mockClient(TextractClient);
    try {
      // Act: the cloud worker's OCR path.
      await processDocument(rt.ctx, doc.id, { ocr: cloudOcr, log: () => undefined });
    } finally {
      textract.restore();
    }
    // Assess
    expect(await getDocument(rt.ctx, doc.id)).toMatchObject({ status: 'failed', status_reason: TOO_MANY_SCANNED_PAGES, row_count: 0 });
    expect(textract.calls()).toHaveLength(0);
  });

  it('hands Textract a copy of only the scanned pages and maps its words back to the original pages', async () => {
    // Prepare: page 1 has a text layer, pages 2 and 3 are scans; Textract mocked, storage real.
    const mixed = await PDFDocument.create();
    const text = await PDFDocument.load(corpusFile('primus_small.pdf'));
    const scan = await PDFDocument.load(corpusFile('primus_small_scanned.pdf'));
    mixed.addPage((await mixed.copyPages(text, [0]))[0]);
    for (const page of await mixed.copyPages(scan, [1, 2])) mixed.addPage(page);
    const doc = await pendingDocument(await mixed.save(), 3);
    const textract = mockClient(TextractClient);
    let copy: { key: string; pages: number } | undefined;
    textract.on(StartDocumentTextDetectionCommand).callsFake(async (input) => {
      const key = input.DocumentLocation.S3Object.Name as string;
      copy = { key, pages: (await PDFDocument.load((await getBlob(rt.ctx, key))!)).getPageCount() };
      return { JobId: 'job' };
    });
    const word = (text: string, page: number) => ({ BlockType: 'WORD' as const, Text: text, Page: page, Geometry: { BoundingBox: { Left: 0.1, Top: 0.5, Width: 0.1, Height: 0.01 } } });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [word('SOMMANO', 1), word('TOTALE', 2)] });
    try {
      // Act
      const pages = await cloudOcr(rt.ctx, doc.file_key)([2, 3]);

      // Assess
      expect(copy).toMatchObject({ key: expect.stringMatching(/^tmp\/ocr\/.+\.pdf$/), pages: 2 });
      expect(pages.map((p) => [p.page, p.words.map((w) => w.text)])).toEqual([[2, ['SOMMANO']], [3, ['TOTALE']]]);
      const { width, height } = scan.getPage(1).getSize();
      expect(pages[0]).toMatchObject({ width, height });
      expect(pages[0].words[0].x0).toBeCloseTo(0.1 * width, 1);
      expect(await headBlob(rt.ctx, copy!.key)).toBeUndefined();
    } finally {
      textract.restore();
    }
  });
});
