/**
 * A worker thread of the local queue: pdf.js parsing is CPU-bound, and on the main thread it
 * would stall every API call while a 100-page computo is read. Each thread builds its own
 * context from the same endpoints and runs the same worker the cloud's queue Lambda runs, with
 * the local OCR (tesseract.js) where the cloud has Textract.
 */
import os from 'node:os';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { createContext, type AppConfig } from '../../functions/config/context.ts';
import { processDocument } from '../../functions/worker/analysis.ts';
import { localOcr } from '../../functions/ocr/local-ocr.ts';
import { sharedPageGate } from '../../functions/ocr/gate.ts';
import { threadPageReader, warmPageReader } from '../../functions/analysis/page-reader.ts';
import { warmPdfJs } from '../../functions/analysis/pdf-text.ts';

type ThreadConfig = Omit<AppConfig, 'signingSecret' | 'enqueue' | 'now'>;

/**
 * Analysis yields the cores to the API: on Linux a nice value belongs to one thread, so this
 * lowers this thread only, and the threads it starts (its page thread, tesseract's) inherit it.
 * In the cloud analysis runs in Lambdas of its own and never competes with the API; here the
 * API's requests come first and analysis takes whatever CPU they leave.
 */
export const ANALYSIS_NICE = 19;
// Elsewhere (macOS, Windows) a priority belongs to the whole process: the API would slow down too.
if (process.platform === 'linux') {
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

// Both pdf.js and the page thread are loaded while the thread waits for its first job.
warmPageReader();
void warmPdfJs();

parentPort!.on('message', async (job: { documentId: number }) => {
  try {
    // Scanned pages are read by tesseract.js here (its engine runs in a worker thread of this
    // thread) with the Italian model from node_modules, one page at a time across all analysis
    // threads (the queue's shared gate), so a core stays free for the API.
    await processDocument(ctx, job.documentId, { ocr: (_ctx, _key, io) => localOcr(io.pdf, { onPage: io.onPage, gate }), pageReader: threadPageReader });
  } finally {
    parentPort!.postMessage({ done: job.documentId });
  }
});
