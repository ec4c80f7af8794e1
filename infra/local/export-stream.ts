/**
 * The API thread's side of a streamed export (the analysis thread's side: export-thread.ts).
 *
 * `streamFromThread` starts the export on an analysis thread and answers once that thread has
 * found the document: the head (type and name) with the body as a ReadableStream, or the
 * refusal. Each read of the body asks the thread for one chunk (its buffer transferred, not
 * copied), so the file is never held here whole and a slow client slows the export's sending,
 * not the memory. Cancelling the body (the HTTP server does when the client leaves, see
 * http-server.ts) cancels the job on its thread. The tally says how many exports run and how the
 * others ended.
 */
import type { Worker } from 'node:worker_threads';
import type { ExportAnswer, ExportJob } from '../../functions/services/parse-jobs.ts';
import { logger } from '../../functions/config/logger.ts';
import type { ExportStage } from '../../functions/services/export-jobs.ts';
import type { ExportEndOutcome, ExportReply, ExportRequest } from './export-thread.ts';

/** How the streamed exports stand: running now, and how many ended each way (or were refused at their head). */
export interface ExportTally {
  running: number;
  done: number;
  cancelled: number;
  failed: number;
  refused: number;
  /** Where each cancelled export stood when it stopped, in order. */
  cancelledAt: ExportStage[];
}

export const newExportTally = (): ExportTally => ({ running: 0, done: 0, cancelled: 0, failed: 0, refused: 0, cancelledAt: [] });

type Ending = 'done' | 'cancelled' | 'failed' | 'refused';

const GONE = 'analysis thread stopped during an export';

export function streamFromThread(worker: Worker, id: number, job: ExportJob, tally: ExportTally): Promise<ExportAnswer> {
  const send = (message: ExportRequest) => worker.postMessage(message);
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let delivered: (() => void) | undefined;
  let answered: ((answer: ExportAnswer) => void) | undefined;
  /** The body can still be given chunks: not cancelled by its reader, not closed. */
  let open = true;
  tally.running++;

  const finish = (outcome: Ending, detail?: string) => {
    worker.off('message', onMessage);
    worker.off('error', onGone);
    worker.off('exit', onGone);
    tally.running--;
    tally[outcome]++;
    if (outcome === 'failed') logger.error('export failed', { export_kind: job.kind, error: detail });
    // A body still read ends here: complete, or as an error (the server then cuts the answer).
    if (open) {
      if (outcome === 'done') controller?.close();
      else controller?.error(new Error(detail ?? `export ${outcome}`));
      open = false;
    }
    delivered?.();
  };
  const ended = (outcome: ExportEndOutcome, detail?: string, stage?: ExportStage) => {
    if (outcome === 'cancelled' && stage) {
      tally.cancelledAt.push(stage);
      logger.info('export cancelled: the client left', { export_kind: job.kind, stage });
    }
    finish(outcome, detail);
  };
  const onMessage = (msg: ExportReply) => {
    if ('exportHead' in msg && msg.exportHead === id) {
      if (!msg.answer.ok) finish('refused');
      answered?.(msg.answer.ok ? { ok: true, head: msg.answer.head, body } : msg.answer);
    } else if ('exportChunk' in msg && msg.exportChunk === id) {
      if (open) controller?.enqueue(msg.chunk);
      delivered?.();
    } else if ('exportEnd' in msg && msg.exportEnd === id) ended(msg.outcome, msg.detail, msg.stage);
  };
  const onGone = (err?: unknown) => {
    answered?.({ ok: false, status: 500, detail: `${GONE}: ${String(err)}` });
    finish('failed', `${GONE}: ${String(err)}`);
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      // One chunk asked for at a time, when the reader wants it.
      pull: () =>
        new Promise<void>((resolve) => {
          delivered = resolve;
          send({ exportPull: id });
        }),
      cancel: () => {
        open = false;
        send({ exportCancel: id });
      },
    },
    { highWaterMark: 0 },
  );

  return new Promise<ExportAnswer>((resolve) => {
    answered = resolve;
    worker.on('message', onMessage);
    worker.once('error', onGone);
    worker.once('exit', onGone);
    send({ exportStart: { id, job } });
  });
}
