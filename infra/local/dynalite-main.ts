/**
 * The local database process: dynalite (persisted under DYNALITE_PATH) and, in front of it, the
 * TransactWriteItems shim. In a process of its own it gets the second core, so API handlers
 * and LevelDB stop competing for one event loop (5,000 rows write in half the time).
 */
import dynalite from 'dynalite';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTransactionProxy } from './transactions.ts';
import { dataDirGuard } from './data-guard.ts';

const dir = process.env.DYNALITE_PATH || undefined;
const server = dynalite({ ...(dir ? { path: dir } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const inner = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
// Every call but a transaction goes straight to dynalite's handler, without a second HTTP hop.
const dynaliteHandler = server.listeners('request')[0] as http.RequestListener;
const proxy = await startTransactionProxy(inner, dir ? dataDirGuard(dir) : undefined, dynaliteHandler);
process.send!({ endpoint: proxy.endpoint });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(0), 5000).unref();
  await proxy.close();
  // Closing the server closes LevelDB cleanly, so the next start can open the folder.
  server.close(() => process.exit(0));
}
process.on('message', (m) => m === 'close' && void shutdown());
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.on('disconnect', () => void shutdown());
