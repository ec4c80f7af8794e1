/** The page thread's work: read the asked page range with the same extraction as the caller. */
import { parentPort } from 'node:worker_threads';
import { extractPages, warmPdfJs } from './pdf-text.ts';

void warmPdfJs();

parentPort!.on('message', async (job: { id: number; pdf: Uint8Array; first: number; last: number }) => {
  try {
    const pages = await extractPages(job.pdf, { firstPage: job.first, lastPage: job.last });
    parentPort!.postMessage({ id: job.id, pages });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
