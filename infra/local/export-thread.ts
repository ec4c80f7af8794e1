/**
 * The analysis thread's side of a streamed export (the API thread's side: export-stream.ts).
 *
 * The API thread starts an export ({ exportStart }); this thread finds the document and answers
 * its head (or the refusal), then builds the file when the first chunk is asked for and sends one
 * chunk per { exportPull }, its buffer transferred. { exportCancel } (the client left) aborts the
 * job's signal: the build stops at its next check (before each page of rows, between its steps,
 * between chunks) and this thread answers { exportEnd, outcome: 'cancelled' }. An export refused
 * at its head (the document is gone) ends there; any other ends with one exportEnd: done,
 * cancelled or failed.
 */
import type { MessagePort } from 'node:worker_threads';
import type { AppContext } from '../../functions/config/context.ts';
import { refusalOf } from '../../functions/services/parse-jobs.ts';
import { streamExport, type ExportJob, type ExportRun, type ExportStage, type StreamedExport } from '../../functions/services/export-jobs.ts';

export type ExportEndOutcome = 'done' | 'cancelled' | 'failed';

/** API thread -> analysis thread. */
export type ExportRequest = { exportStart: { id: number; job: ExportJob } } | { exportPull: number } | { exportCancel: number };

/** Analysis thread -> API thread. */
export type ExportReply =
  | { exportHead: number; answer: { ok: true; head: StreamedExport['head'] } | ReturnType<typeof refusalOf> }
  | { exportChunk: number; chunk: Uint8Array }
  /** How it ended; a cancelled export says where it stood when it stopped. */
  | { exportEnd: number; outcome: ExportEndOutcome; detail?: string; stage?: ExportStage };

interface Running {
  controller: AbortController;
  run: ExportRun & { signal: AbortSignal };
  stream?: StreamedExport;
  /** A chunk is being built or read: a cancel is answered when it stops. */
  busy: boolean;
}

export const isExportRequest = (message: object): message is ExportRequest => 'exportStart' in message || 'exportPull' in message || 'exportCancel' in message;

/** The streamed exports of one analysis thread. */
export function exportStreams(ctx: AppContext, port: MessagePort | { postMessage: MessagePort['postMessage'] }) {
  const running = new Map<number, Running>();
  const reply = (message: ExportReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const end = (id: number, outcome: ExportEndOutcome, detail?: string) => {
    const stage = running.get(id)?.run.stage;
    running.delete(id);
    reply({ exportEnd: id, outcome, ...(detail ? { detail } : {}), ...(outcome === 'cancelled' ? { stage } : {}) });
  };
  const failed = (id: number, entry: Running, err: unknown) =>
    entry.controller.signal.aborted ? end(id, 'cancelled') : end(id, 'failed', err instanceof Error ? (err.stack ?? err.message) : String(err));

  async function start(id: number, job: ExportJob) {
    const controller = new AbortController();
    const entry: Running = { controller, run: { signal: controller.signal, stage: 'reading' }, busy: true };
    running.set(id, entry);
    try {
      entry.stream = await streamExport(ctx, job, entry.run);
      entry.busy = false;
      reply({ exportHead: id, answer: { ok: true, head: entry.stream.head } });
      if (entry.controller.signal.aborted) end(id, 'cancelled');
    } catch (err) {
      // Refused before any byte (the document is gone): the head says so, and the export is over.
      running.delete(id);
      reply({ exportHead: id, answer: refusalOf(err, job) });
    }
  }

  async function pull(id: number) {
    const entry = running.get(id);
    if (!entry?.stream || entry.busy) return;
    entry.busy = true;
    try {
      const next = await entry.stream.chunks.next();
      entry.busy = false;
      if (next.done) end(id, 'done');
      else if (entry.controller.signal.aborted) {
        void entry.stream.chunks.return();
        end(id, 'cancelled');
      } else reply({ exportChunk: id, chunk: next.value }, [next.value.buffer as ArrayBuffer]);
    } catch (err) {
      failed(id, entry, err);
    }
  }

  function cancel(id: number) {
    const entry = running.get(id);
    if (!entry) return;
    entry.controller.abort();
    // Between chunks nothing runs: the export ends here. Otherwise it ends where it stops.
    if (!entry.busy) {
      void entry.stream?.chunks.return();
      end(id, 'cancelled');
    }
  }

  return {
    handle(message: ExportRequest) {
      if ('exportStart' in message) void start(message.exportStart.id, message.exportStart.job);
      else if ('exportPull' in message) void pull(message.exportPull);
      else cancel(message.exportCancel);
    },
  };
}
