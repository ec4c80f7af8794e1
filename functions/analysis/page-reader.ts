/**
 * A second core for reading one PDF: a long-lived worker thread that extracts the words of a page
 * range with pdf.js while the calling thread reads the other half. The thread is started once per
 * process (or analysis thread) and kept warm, so a document pays the message round trip, not a
 * module load. Used the same way in the local analysis threads and in the worker Lambda (which has
 * two vCPUs at its memory size); its entry file sits beside the calling module in both.
 */
import { Worker } from 'node:worker_threads';
import type { PageWords } from './words.ts';

export interface PageReader {
  /** The words of pages `first..last` (1-based, inclusive) of `pdf`, read on another thread. */
  read(pdf: Uint8Array, first: number, last: number): Promise<PageWords[]>;
}

/** Heap the page thread may use: a hostile PDF that passed the inflate budget still cannot take the process. */
const PAGE_THREAD_HEAP_MB = 768;

type Reply = { id: number; pages?: PageWords[]; error?: string } | { ready: boolean; error?: string };

let thread:
  | { worker: Worker; pending: Map<number, { resolve: (p: PageWords[]) => void; reject: (e: Error) => void }>; ready: Promise<boolean> }
  | undefined;
let nextId = 1;
/** The priority a page thread takes after loading (kept for a thread that replaces a crashed one). */
let threadNice: number | undefined;

function start() {
  const worker = new Worker(new URL('./page-reader-thread.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: PAGE_THREAD_HEAP_MB },
    workerData: { nice: threadNice },
  });
  // Never keeps a process (a test, a Lambda invocation) alive by itself.
  worker.unref();
  const pending = new Map<number, { resolve: (p: PageWords[]) => void; reject: (e: Error) => void }>();
  let markReady: (ok: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));
  const current = { worker, pending, ready };
  const fail = (err: Error) => {
    markReady(false);
    if (thread === current) thread = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    if ('ready' in reply) return markReady(reply.ready);
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.pages) p.resolve(reply.pages);
    else p.reject(new Error(reply.error ?? 'page thread failed'));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`page thread exited with code ${code}`)));
  thread = current;
  return current;
}

/**
 * Starts the page thread ahead of the first document; resolves true once it has loaded pdf.js
 * (false if it could not start). `nice`: the priority it takes after loading (local analysis).
 */
export function warmPageReader(options: { nice?: number } = {}): Promise<boolean> {
  threadNice = options.nice;
  return (thread ?? start()).ready;
}

/** The process's page thread; a crashed thread is replaced on the next call. */
export const threadPageReader: PageReader = {
  read(pdf, first, last) {
    const { worker, pending } = thread ?? start();
    const id = nextId++;
    return new Promise<PageWords[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, pdf, first, last });
    });
  },
};

/** Stops the page thread (tests, shutdown). */
export async function stopPageReader(): Promise<void> {
  const current = thread;
  thread = undefined;
  await current?.worker.terminate();
}
