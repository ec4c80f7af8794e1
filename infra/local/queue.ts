import { Worker } from 'node:worker_threads';
import type { AppConfig } from '../../functions/config/context.ts';
import { TIMEOUT_FAILURE } from '../../functions/worker/analysis.ts';
import { releaseIfHeld } from '../../functions/ocr/gate.ts';
import { logger } from '../../functions/config/logger.ts';
import type { ExportAnswer, ExportJob, ParseAnswer, ParseJob } from '../../functions/services/parse-jobs.ts';
import { newExportTally, streamFromThread, type ExportTally } from './export-stream.ts';
import type { ParsedMessage } from './analysis-thread-main.ts';
import { transferable } from './transfer.ts';
import type { AnalysisJob } from '../../functions/services/analysis-queue.ts';

/**
 * The in-process stand-in for SQS: jobs run on worker threads, two at a time (the machine has
 * two cores), through the same worker the cloud's queue Lambda calls, so the HTTP server stays
 * responsive while documents are analysed.
 */
/** Heap one analysis may use; past it the thread dies and the document ends failed. */
export const ANALYSIS_HEAP_MB = 1536;
export const MEMORY_FAILURE = 'Analisi interrotta: il documento richiede più memoria di quella consentita per l\u2019analisi.';

export interface QueueOptions {
  concurrency?: number;
  /** Wall-clock budget of one analysis; the thread is stopped past it, even inside a busy loop. */
  jobTimeoutMs?: number;
  /** The analysis thread's module: the bundle (infra/local/thread-bundles.ts) or the tsx entry. */
  entry?: URL;
}

/** What a warm analysis thread has loaded (infra/local/analysis-thread-main.ts). */
export interface ThreadReport {
  pdfjs: boolean;
  pageThread: boolean;
  reading: boolean;
}

/** Longest wait for a starting thread before the server starts without it. */
export const WARM_TIMEOUT_MS = 120_000;

function readyOf(worker: Worker): Promise<ThreadReport> {
  return new Promise((resolve) => {
    const none: ThreadReport = { pdfjs: false, pageThread: false, reading: false };
    const done = (report: ThreadReport) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      resolve(report);
    };
    const onMessage = (msg: { ready?: ThreadReport }) => msg?.ready && done(msg.ready);
    const onFailure = () => done(none);
    const timer = setTimeout(() => {
      logger.warn('analysis thread not ready in time', { timeout_ms: WARM_TIMEOUT_MS });
      done(none);
    }, WARM_TIMEOUT_MS);
    timer.unref();
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
  });
}

/** The queue's state: its jobs, its threads and who waits for it to be idle. */
interface Queue {
  config: () => AppConfig;
  entry: URL;
  onCrash: (documentId: number, reason?: string) => Promise<void>;
  concurrency: number;
  jobTimeoutMs: number;
  pending: number[];
  idleThreads: Worker[];
  threads: Worker[];
  running: number;
  closed: boolean;
  idleWaiters: Array<() => void>;
  /** One OCR page at a time across the threads (functions/ocr/gate.ts). */
  ocrGate: SharedArrayBuffer;
  parseIds: number;
  nextParseThread: number;
  exports: ExportTally;
}

function spawn(q: Queue): Worker {
  const { signingSecret: _s, enqueue: _e, parseFile: _p, exportFile: _x, now: _n, ...data } = q.config();
  const worker = new Worker(q.entry, {
    workerData: { ...data, ocrGate: q.ocrGate },
    resourceLimits: { maxOldGenerationSizeMb: ANALYSIS_HEAP_MB },
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  worker.unref();
  q.threads.push(worker);
  return worker;
}

function pump(q: Queue): void {
  while (!q.closed && q.running < q.concurrency && q.pending.length) {
    const worker = q.idleThreads.pop() ?? spawn(q);
    run(q, worker, q.pending.shift()!);
  }
}

/** One analysis on `worker`; a thread that dies or overruns takes its job with it, never leaving it stuck. */
function run(q: Queue, worker: Worker, documentId: number): void {
  q.running++;
  const tid = worker.threadId;
  let settled = false;
  const release = () => {
    q.running--;
    pump(q);
    if (!q.running && !q.pending.length) q.idleWaiters.splice(0).forEach((w) => w());
  };
  const detach = () => {
    settled = true;
    clearTimeout(timer);
    worker.off('message', onMessage);
    worker.off('error', onError);
  };
  const onMessage = (msg: { done?: number }) => {
    // Only the end of this job (a thread also says when it is ready).
    if (settled || msg?.done === undefined) return;
    detach();
    if (!q.closed) q.idleThreads.push(worker);
    release();
  };
  /** The thread took its job with it: the document ends failed, never stuck processing. */
  const abandon = (reason: string | undefined, detail: string) => {
    if (settled) return;
    detach();
    logger.error('analysis thread stopped', { document_id: documentId, error: detail });
    q.threads.splice(q.threads.indexOf(worker), 1);
    releaseIfHeld(q.ocrGate, tid);
    void q
      .onCrash(documentId, reason)
      .catch(() => undefined)
      .finally(release);
  };
  const onError = (err: Error & { code?: string }) =>
    abandon(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? MEMORY_FAILURE : undefined, err.stack ?? String(err));
  const timer = setTimeout(() => {
    abandon(TIMEOUT_FAILURE, `over ${q.jobTimeoutMs} ms`);
    // Freed again once it is gone: it may have taken the OCR gate in between.
    void worker.terminate().finally(() => releaseIfHeld(q.ocrGate, tid));
  }, q.jobTimeoutMs);
  timer.unref();
  worker.on('message', onMessage);
  worker.once('error', onError);
  worker.postMessage({ documentId });
}

/**
 * A file parse (functions/services/parse-jobs.ts) on an analysis thread, never on the thread
 * answering requests: taken in turn by the threads, beside an analysis if one is running (the
 * thread interleaves them). A thread that dies meanwhile fails the parse. Nothing large crosses
 * by copy: a stored file goes as its key, bytes go by transfer and come back with the answer
 * (the job's own view is detached meanwhile).
 */
function parse(q: Queue, job: ParseJob): Promise<ParseAnswer> {
  if (q.closed) return Promise.resolve({ ok: false, status: 500, detail: 'queue closed' });
  const worker = parseThread(q);
  const id = ++q.parseIds;
  const sent: ParseJob = job.bytes ? { ...job, bytes: transferable(job.bytes) } : job;
  return new Promise<ParseAnswer>((resolve) => {
    const done = (answer: ParseAnswer) => {
      worker.off('message', onMessage);
      worker.off('error', onGone);
      worker.off('exit', onGone);
      resolve(answer);
    };
    const onMessage = (msg: ParsedMessage) => msg?.parsed === id && done(msg.bytes ? { ...msg.outcome, bytes: msg.bytes } : msg.outcome);
    const onGone = (err?: unknown) => done({ ok: false, status: 500, detail: `analysis thread stopped during a file parse: ${String(err)}` });
    worker.on('message', onMessage);
    worker.once('error', onGone);
    worker.once('exit', onGone);
    worker.postMessage({ parse: { id, job: sent } }, sent.bytes ? [sent.bytes.buffer as ArrayBuffer] : []);
  });
}

/** The thread for the next parse or export: each in turn, started when missing. */
function parseThread(q: Queue): Worker {
  if (q.threads.length < q.concurrency) q.idleThreads.push(spawn(q));
  return q.threads[q.nextParseThread++ % q.threads.length];
}

/** An export streamed from an analysis thread (export-stream.ts): its head, then its bytes chunk by chunk. */
function exportFile(q: Queue, job: ExportJob): Promise<ExportAnswer> {
  if (q.closed) return Promise.resolve({ ok: false, status: 500, detail: 'queue closed' });
  return streamFromThread(parseThread(q), ++q.parseIds, job, q.exports);
}

export function createLocalQueue(
  config: () => AppConfig,
  onCrash: (documentId: number, reason?: string) => Promise<void>,
  { concurrency = 2, jobTimeoutMs = 10 * 60_000 + 30_000, entry = new URL('./analysis-thread.mjs', import.meta.url) }: QueueOptions = {},
) {
  const q: Queue = {
    config,
    entry,
    onCrash,
    concurrency,
    jobTimeoutMs,
    pending: [],
    idleThreads: [],
    threads: [],
    running: 0,
    closed: false,
    idleWaiters: [],
    ocrGate: new SharedArrayBuffer(4),
    parseIds: 0,
    nextParseThread: 0,
    exports: newExportTally(),
  };
  return {
    /**
     * Starts every thread now and resolves when each has loaded its modules, pdf.js and its page
     * thread (npm start waits for it before saying it is ready), with what each one reported.
     * A thread that fails to start resolves as not ready, after WARM_TIMEOUT_MS at most: the
     * server still starts, and that thread is replaced at the first job.
     */
    warm: (): Promise<ThreadReport[]> => {
      const started: Array<Promise<ThreadReport>> = [];
      while (!q.closed && q.threads.length < q.concurrency) {
        const worker = spawn(q);
        q.idleThreads.push(worker);
        started.push(readyOf(worker));
      }
      return Promise.all(started);
    },
    parse: (job: ParseJob) => parse(q, job),
    exportFile: (job: ExportJob) => exportFile(q, job),
    /** The streamed exports: running now, and how the others ended. */
    exports: (): ExportTally => ({ ...q.exports, cancelledAt: [...q.exports.cancelledAt] }),
    /** The local AnalysisQueue (functions/services/analysis-queue.ts): an analysis thread runs processDocument. */
    enqueue: async (job: AnalysisJob) => {
      q.pending.push(job.documentId);
      setImmediate(() => pump(q));
    },
    /** Resolves when nothing is queued or running (tests and shutdown). */
    idle: () => (q.running || q.pending.length ? new Promise<void>((r) => q.idleWaiters.push(r)) : Promise.resolve()),
    close: async () => {
      q.closed = true;
      await Promise.all(q.threads.map((t) => t.terminate()));
    },
  };
}
