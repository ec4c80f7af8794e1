/**
 * A worker thread of the local queue: pdf.js parsing is CPU-bound, and on the main thread it
 * would stall every API call while a 100-page computo is read. Each thread builds its own
 * context from the same endpoints and runs the same worker the cloud's queue Lambda runs, with
 * the local OCR (tesseract.js) where the cloud has Textract.
 *
 * Start-up: the thread loads its modules, pdf.js and its page thread at normal priority, then
 * says it is ready ({ ready: { pdfjs, pageThread, reading } }) after reading a small
 * computo once (functions/analysis/warm-up.ts): the server waits for that before it says
 * it is ready, so the first document pays no module loading. Only then does the thread lower its
 * priority for the analyses.
 */
import os from 'node:os';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { createContext, type AppConfig } from '../../functions/config/context.ts';
import { processDocument } from '../../functions/worker/analysis.ts';
import { localOcr } from '../../functions/ocr/local-ocr.ts';
import { sharedPageGate } from '../../functions/ocr/gate.ts';
import { threadPageReader, warmPageReader } from '../../functions/analysis/page-reader.ts';
import { warmPdfJs } from '../../functions/analysis/pdf-text.ts';
import { warmReading } from '../../functions/analysis/warm-up.ts';
import { getDocument } from '../../functions/storage/repositories/documents.ts';
import { getBlob } from '../../functions/storage/blobs.ts';
import { priceRowsInMemory } from '../../functions/services/pricing.ts';
import { runParseJob, type ParseJob, type ParseOutcome } from '../../functions/services/parse-jobs.ts';
import { transferable } from './transfer.ts';
import { exportStreams, isExportRequest, type ExportRequest } from './export-thread.ts';

export const ANALYSIS_NICE = 19;

type ThreadConfig = Omit<AppConfig, 'signingSecret' | 'enqueue' | 'parseFile' | 'exportFile' | 'now'>;

/** The answer to a parse: its outcome, and the bytes it was handed, handed back. */
export interface ParsedMessage {
  parsed: number;
  outcome: ParseOutcome;
  bytes?: Uint8Array;
}

/** What a ready thread has loaded, as it reports it to the queue. */
export interface ThreadReady {
  pdfjs: boolean;
  pageThread: boolean;
  /** A small computo was read once on both threads. */
  reading: boolean;
}

/**
 * Analysis yields the cores to the API: on Linux a nice value belongs to one thread, so this
 * lowers this thread only (its page thread lowers itself after loading; tesseract's threads,
 * started later, inherit it). In the cloud analysis runs in Lambdas of its own and never
 * competes with the API; here the API's requests come first and analysis takes whatever CPU
 * they leave.
 */
function lowerPriority(): void {
  // Elsewhere (macOS, Windows) a priority belongs to the whole process: the API would slow down too.
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, ANALYSIS_NICE);
  } catch {
    // Not permitted (some containers): analysis runs at normal priority.
  }
}

const { ocrGate, ...config } = workerData as ThreadConfig & { ocrGate?: SharedArrayBuffer };
const gate = ocrGate ? sharedPageGate(ocrGate, threadId) : undefined;

const ctx = createContext({
  ...config,
  signingSecret: async () => {
    throw new Error('the analysis thread signs nothing');
  },
});

async function warm(): Promise<ThreadReady> {
  const [pdfjs, pageThread] = await Promise.all([
    warmPdfJs().then(
      () => true,
      () => false,
    ),
    warmPageReader({ nice: ANALYSIS_NICE }),
  ]);
  // One small computo read on both threads (the first real one finds the reading code optimised),
  // and the storage clients' first calls: reads only, of nothing that exists.
  const [reading] = await Promise.all([pdfjs && pageThread ? warmReading(threadPageReader) : false, warmStorage()]);
  return { pdfjs, pageThread, reading };
}

async function warmStorage(): Promise<void> {
  await Promise.all([getDocument(ctx, 0), getBlob(ctx, 'tmp/warm-up'), priceRowsInMemory(ctx, { provincia: '', tipologia_dei: '' }, [])]).catch(() => undefined);
}

void warm().then((ready) => {
  lowerPriority();
  parentPort!.postMessage({ ready });
});

const exports = exportStreams(ctx, parentPort!);

parentPort!.on('message', async (message: { documentId: number } | { parse: { id: number; job: ParseJob } } | ExportRequest) => {
  // An export streamed to the API thread chunk by chunk, cancelled when its client leaves (export-thread.ts).
  if (isExportRequest(message)) {
    exports.handle(message);
    return;
  }
  if ('parse' in message) {
    // An uploaded file parsed here, off the thread that answers requests (functions/services/parse-jobs.ts);
    // a stored file is read here by its key, and bytes handed over go back the same way, by transfer.
    const { id, job: parseJob } = message.parse;
    const outcome = await runParseJob(ctx, parseJob);
    const transfer: ArrayBuffer[] = parseJob.bytes ? [parseJob.bytes.buffer as ArrayBuffer] : [];
    // A built index's blob goes back by transfer too.
    const value = outcome.ok ? (outcome.value as { blob?: unknown }) : undefined;
    if (value?.blob instanceof Uint8Array) transfer.push((value.blob = transferable(value.blob)).buffer as ArrayBuffer);
    const answer: ParsedMessage = { parsed: id, outcome, ...(parseJob.bytes ? { bytes: parseJob.bytes } : {}) };
    parentPort!.postMessage(answer, transfer);
    return;
  }
  const job = message;
  try {
    // Scanned pages are read by tesseract.js here (its engine runs in a worker thread of this
    // thread) with the Italian model from node_modules, one page at a time across all analysis
    // threads (the queue's shared gate), so a core stays free for the API.
    await processDocument(ctx, job.documentId, { ocr: (_ctx, _key, io) => localOcr(io.pdf, { onPage: io.onPage, gate }), pageReader: threadPageReader });
  } finally {
    parentPort!.postMessage({ done: job.documentId });
  }
});
