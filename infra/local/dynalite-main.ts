/**
 * The local database process: dynalite (persisted under DYNALITE_PATH) and, in front of it, the
 * proxy that checks every request's signature and emulates TransactWriteItems. In a process of
 * its own it gets the second core, so API handlers and LevelDB stop competing for one event loop
 * (5,000 rows write in half the time).
 *
 * dynalite itself has no TCP port: it listens only on a socket in a folder of its own (0700,
 * nobody connects there; listening is what lets its close shut LevelDB cleanly), and the proxy
 * calls its request handler in this process once the signature is checked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dynalite from 'dynalite';
import type http from 'node:http';
import { startTransactionProxy } from './transactions.ts';
import { dataDirGuard } from './data-guard.ts';

const dir = process.env.DYNALITE_PATH || undefined;
const credentials = { accessKeyId: process.env.STORE_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.STORE_SECRET_ACCESS_KEY ?? '' };
if (!credentials.accessKeyId || !credentials.secretAccessKey) throw new Error('dynalite: store credentials missing');
delete process.env.STORE_SECRET_ACCESS_KEY;
const server = dynalite({ ...(dir ? { path: dir } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-db-'));
await new Promise<void>((resolve) => server.listen(path.join(socketDir, 'db.sock'), () => resolve()));
const dynaliteHandler = server.listeners('request')[0] as http.RequestListener;
const proxy = await startTransactionProxy(credentials, dynaliteHandler, dir ? dataDirGuard(dir) : undefined);
process.send!({ endpoint: proxy.endpoint });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(0), 5000).unref();
  await proxy.close();
  // Closing the server closes LevelDB cleanly, so the next start can open the folder.
  server.close(() => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('message', (m) => m === 'close' && void shutdown());
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.on('disconnect', () => void shutdown());
