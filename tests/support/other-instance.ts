import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../functions/config/context.ts';
import type { RowRecord } from '../../functions/storage/repositories/rows.ts';

/** A second API instance (another Lambda container, as far as memory goes) writing to the same tables. */
export function otherInstance(ctx: AppContext) {
  // Only data crosses to a thread: the local runtime's hooks (enqueue, parseFile, now) stay here.
  const { signingSecret: _s, ...rest } = ctx.config;
  const config = Object.fromEntries(Object.entries(rest).filter(([, value]) => typeof value !== 'function'));
  const worker = new Worker(new URL('./other-instance.mjs', import.meta.url), { workerData: config });
  return {
    putRow: (row: RowRecord) =>
      new Promise<void>((resolve, reject) => {
        worker.once('message', (m: { ok?: true; error?: string }) => (m.ok ? resolve() : reject(new Error(m.error))));
        worker.postMessage({ row });
      }),
    close: () => worker.terminate(),
  };
}
