import { Worker } from 'node:worker_threads';
import type { AppConfig } from '../../functions/config/context.ts';

/**
 * The in-process stand-in for SQS: jobs run on worker threads, two at a time (the machine has
 * two cores), through the same worker the cloud's queue Lambda calls, so the HTTP server stays
 * responsive while documents are analysed.
 */
export function createLocalQueue(config: () => AppConfig, onCrash: (documentId: number) => Promise<void>, concurrency = 2) {
  const pending: number[] = [];
  const idleThreads: Worker[] = [];
  const threads: Worker[] = [];
  let running = 0;
  let closed = false;
  const idleWaiters: Array<() => void> = [];

  const spawn = (): Worker => {
    const { signingSecret: _s, enqueue: _e, now: _n, ...data } = config();
    const worker = new Worker(new URL('./analysis-thread.mjs', import.meta.url), {
      workerData: data,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    worker.unref();
    threads.push(worker);
    return worker;
  };

  const run = (worker: Worker, documentId: number) => {
    running++;
    const finish = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      running--;
      if (!closed) idleThreads.push(worker);
      pump();
      if (!running && !pending.length) idleWaiters.splice(0).forEach((w) => w());
    };
    const onMessage = () => finish();
    const onError = (err: Error) => {
      console.error(JSON.stringify({ level: 'error', documentId, message: 'analysis thread crashed', error: err.stack }));
      threads.splice(threads.indexOf(worker), 1);
      // The crashed thread took its job with it: the document ends failed, never stuck processing.
      void onCrash(documentId)
        .catch(() => undefined)
        .finally(() => {
          running--;
          pump();
          if (!running && !pending.length) idleWaiters.splice(0).forEach((w) => w());
        });
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.postMessage({ documentId });
  };

  function pump() {
    while (!closed && running < concurrency && pending.length) {
      const worker = idleThreads.pop() ?? spawn();
      run(worker, pending.shift()!);
    }
  }

  return {
    enqueue: async (job: { documentId: number }) => {
      pending.push(job.documentId);
      setImmediate(pump);
    },
    /** Resolves when nothing is queued or running (tests and shutdown). */
    idle: () => (running || pending.length ? new Promise<void>((r) => idleWaiters.push(r)) : Promise.resolve()),
    close: async () => {
      closed = true;
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}
