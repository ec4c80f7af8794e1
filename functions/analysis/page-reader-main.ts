/**
 * The page thread's work: read the asked page range with the same extraction as the caller. It
 * loads pdf.js first and says so ({ ready: true }), so its creator can wait for a warm thread;
 * then, when told (workerData.nice, the local analysis threads), it lowers its own priority: a
 * nice value on Linux belongs to one thread, so the loading ran at normal priority, the reading
 * yields the cores to the API.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { extractPages, warmPdfJs } from './pdf-text.ts';

const nice = (workerData as { nice?: number } | null)?.nice;

void warmPdfJs().then(
  () => {
    if (nice !== undefined && process.platform === 'linux') {
      try {
        os.setPriority(0, nice);
      } catch {
        // Not permitted (some containers): reading runs at normal priority.
      }
    }
    parentPort!.postMessage({ ready: true });
  },
  (err: unknown) => parentPort!.postMessage({ ready: false, error: err instanceof Error ? err.message : String(err) }),
);

parentPort!.on('message', async (job: { id: number; pdf: Uint8Array; first: number; last: number }) => {
  try {
    const pages = await extractPages(job.pdf, { firstPage: job.first, lastPage: job.last });
    parentPort!.postMessage({ id: job.id, pages });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
