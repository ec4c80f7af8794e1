import {
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  TextractClient,
  type Block,
} from '@aws-sdk/client-textract';
import { wordsFromTextract, type PageSize, type PageWords } from '../analysis/words.ts';
import { OcrError } from '../errors.ts';

export interface TextractOptions {
  bucket: string;
  key: string;
  /** Sizes of the PDF's pages in points, so Textract's fractions become the parser's coordinates. */
  pageSizes: PageSize[];
  pollMs?: number;
  /** Gives up (and the worker reports it) past this many milliseconds. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export { OcrError };

/**
 * Cost limit: Textract bills every page it reads, so a document with more scanned pages than
 * this is refused before any Textract call (the analysis ends `failed` with this reason).
 */
export const MAX_TEXTRACT_PAGES = 100;
export const TOO_MANY_SCANNED_PAGES = `Il documento ha troppe pagine scansionate da leggere con l\u2019OCR (massimo ${MAX_TEXTRACT_PAGES}).`;

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Asynchronous text detection straight from S3 (DetectDocumentText's WORD blocks carry all
 * the parser needs, at a tenth of the TABLES price): start the job, poll until it ends, read
 * every page of results through NextToken, and return the words of the requested pages.
 */
export async function textractWords(client: TextractClient, pages: number[], opts: TextractOptions): Promise<PageWords[]> {
  if (pages.length > MAX_TEXTRACT_PAGES) throw new OcrError(TOO_MANY_SCANNED_PAGES);
  const sleep = opts.sleep ?? defaultSleep;
  const started = await client.send(
    new StartDocumentTextDetectionCommand({ DocumentLocation: { S3Object: { Bucket: opts.bucket, Name: opts.key } } }),
  );
  const jobId = started.JobId;
  if (!jobId) throw new OcrError('Il servizio OCR non ha avviato l\u2019analisi del documento.');

  const deadline = Date.now() + (opts.timeoutMs ?? 10 * 60_000);
  const blocks: Block[] = [];
  let nextToken: string | undefined;
  for (;;) {
    const out = await client.send(new GetDocumentTextDetectionCommand({ JobId: jobId, NextToken: nextToken, MaxResults: 1000 }));
    if (out.JobStatus === 'IN_PROGRESS') {
      if (Date.now() > deadline) throw new OcrError('Il servizio OCR non ha completato l\u2019analisi in tempo.');
      await sleep(opts.pollMs ?? 2000);
      continue;
    }
    if (out.JobStatus === 'FAILED') {
      throw new OcrError(`Il servizio OCR non è riuscito a leggere il documento${out.StatusMessage ? `: ${out.StatusMessage}` : '.'}`);
    }
    blocks.push(...(out.Blocks ?? []));
    nextToken = out.NextToken;
    if (!nextToken) break;
  }
  const wanted = new Set(pages);
  return wordsFromTextract(blocks, opts.pageSizes).filter((p) => wanted.has(p.page));
}
