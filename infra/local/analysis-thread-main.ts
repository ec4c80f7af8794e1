/**
 * A worker thread of the local queue: pdf.js parsing is CPU-bound, and on the main thread it
 * would stall every API call while a 100-page computo is read. Each thread builds its own
 * context from the same endpoints and runs the same worker the cloud's queue Lambda runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createContext, type AppConfig } from '../../functions/config/context.ts';
import { processDocument } from '../../functions/worker/analysis.ts';

type ThreadConfig = Omit<AppConfig, 'signingSecret' | 'enqueue' | 'now'>;

const ctx = createContext({
  ...(workerData as ThreadConfig),
  signingSecret: async () => {
    throw new Error('the analysis thread signs nothing');
  },
});

parentPort!.on('message', async (job: { documentId: number }) => {
  try {
    await processDocument(ctx, job.documentId);
  } finally {
    parentPort!.postMessage({ done: job.documentId });
  }
});
