/** Another "container": row writes through the same repositories, from a module copy of its own. */
import { parentPort, workerData } from 'node:worker_threads';
import { createContext, type AppConfig } from '../../functions/config/context.ts';
import { putRow, type RowRecord } from '../../functions/storage/repositories/rows.ts';

const ctx = createContext({
  ...(workerData as Omit<AppConfig, 'signingSecret'>),
  signingSecret: async () => {
    throw new Error('not used');
  },
});

parentPort!.on('message', async (job: { row: RowRecord }) => {
  try {
    await putRow(ctx, job.row);
    parentPort!.postMessage({ ok: true });
  } catch (err) {
    parentPort!.postMessage({ error: String(err) });
  }
});
