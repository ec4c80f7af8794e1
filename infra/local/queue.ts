import type { AppContext } from '../../functions/config/context.ts';
import { processDocument } from '../../functions/worker/analysis.ts';

/**
 * The in-process stand-in for SQS: jobs run in the background, two at a time (the machine has
 * two cores), through the same worker the cloud's queue Lambda calls.
 */
export function createLocalQueue(getCtx: () => AppContext, concurrency = 2) {
  const pending: number[] = [];
  let running = 0;
  const idleWaiters: Array<() => void> = [];

  const pump = () => {
    while (running < concurrency && pending.length) {
      const documentId = pending.shift()!;
      running++;
      processDocument(getCtx(), documentId)
        .catch(() => undefined)
        .finally(() => {
          running--;
          pump();
          if (!running && !pending.length) idleWaiters.splice(0).forEach((w) => w());
        });
    }
  };

  return {
    enqueue: async (job: { documentId: number }) => {
      pending.push(job.documentId);
      setImmediate(pump);
    },
    /** Resolves when nothing is queued or running (tests and shutdown). */
    idle: () => (running || pending.length ? new Promise<void>((r) => idleWaiters.push(r)) : Promise.resolve()),
  };
}
