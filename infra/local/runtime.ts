import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ScanCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../../functions/storage/repositories/base.ts';
import { awaitsAnalysis, getDocument, reopenRowWrite, updateDocument, type DocumentRecord } from '../../functions/storage/repositories/documents.ts';
import { deleteDocumentRows } from '../../functions/storage/repositories/rows.ts';
import { UNEXPECTED_FAILURE } from '../../functions/worker/analysis.ts';
import { createContext, setContext, type AppContext } from '../../functions/config/context.ts';
import type { ServicesConfig } from '../../functions/services/runtime-ports.ts';
import { createHttpServer } from './http-server.ts';
import { HANDLER_MODULES } from '../../functions/handlers/index.ts';
import { countPages } from '../../functions/analysis/pdf-text.ts';
import { sampleComputo } from '../../functions/analysis/warm-up.ts';
import { ensureTables, startDynalite, startS3 } from './storage.ts';
import { seed, type SeedResult } from './seed.ts';
import { createLocalQueue, type ThreadReport } from './queue.ts';
import type { ExportTally } from './export-stream.ts';
import { threadEntries } from './thread-bundles.ts';
import { dataDirGuard, STORAGE_UNAVAILABLE_TYPE } from './data-guard.ts';
import { resumeOperations } from '../../functions/services/document-operations.ts';
import { logEvent } from '../../functions/config/logger.ts';
import { storeCredentials } from './store-auth.ts';
import type { AnalysisQueue } from '../../functions/services/analysis-queue.ts';

export interface LocalOptions {
  port: number;
  /** Address to listen on: loopback unless told otherwise (HOST). */
  host?: string;
  /** Folder for the database, the files and the signing secret; null keeps everything in memory/temp. */
  dataDir: string;
  adminPassword?: string;
  webDir: string;
  /** Tests move the clock. */
  now?: () => Date;
  /** Start the analysis threads at once (npm start) instead of at the first upload (tests). */
  warmAnalysis?: boolean;
}

export interface LocalRuntime {
  url: string;
  port: number;
  ctx: AppContext;
  seed: SeedResult;
  /** What each analysis thread had loaded when the server became ready (empty without warmAnalysis). */
  analysisThreads: ThreadReport[];
  /** Resolves when every queued analysis has ended. */
  idle: () => Promise<void>;
  /** The exports streamed from the analysis threads: running now, and how the others ended. */
  exports: () => ExportTally;
  stop: () => Promise<void>;
}

export const LOCAL_BUCKET = 'computa-data';
/** Where the browser reaches the file store, through the app's origin, with a presigned URL. */
export const LOCAL_STORE_PATH = '/_store';

/** The signing secret is created once per DATA_DIR, so sessions survive a restart. */
function signingSecret(dataDir: string): string {
  const file = path.join(dataDir, 'signing-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * The embedded default: dynalite + s3rver on loopback, tables from the shared definitions,
 * seed data, and the HTTP server that hands every API call to the same handlers as Lambda.
 */
export async function startLocalRuntime(options: LocalOptions): Promise<LocalRuntime> {
  const dataDir = path.resolve(options.dataDir);
  // Data files are the owner's alone: new files 0600, folders 0700, older ones tightened.
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictToOwner(dataDir);
  // Both stores answer only requests signed with this key pair, kept in DATA_DIR (0600).
  const credentials = storeCredentials(dataDir);
  const entries = await threadEntries();
  const dynamo = await startDynalite(path.join(dataDir, 'dynamodb'), credentials, entries.dynaliteProcess);
  const s3 = await startS3(path.join(dataDir, 's3'), LOCAL_BUCKET, credentials);
  const prefix = 'computa_';
  await ensureTables(dynamo.endpoint, prefix, credentials);

  const secret = signingSecret(dataDir);
  const queue = createLocalQueue(
    () => config,
    (documentId, reason) => markFailed(ctx, documentId, reason),
    { entry: entries.analysisThread },
  );
  const config: ServicesConfig = {
    tablePrefix: prefix,
    bucket: LOCAL_BUCKET,
    region: 'eu-south-1',
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    localCredentials: credentials,
    storeProxyPath: LOCAL_STORE_PATH,
    signingSecret: async () => secret,
    secureCookies: false,
    enqueue: queue.enqueue,
    parseFile: queue.parse,
    exportFile: queue.exportFile,
    now: options.now,
  };
  const ctx = createContext(config);
  refuseWritesWhenFolderIsGone(ctx, path.join(dataDir, 's3'));
  setContext(ctx);
  const seeded = await seed(ctx, options.adminPassword);
  await resumeInterrupted(ctx, queue.enqueue);

  // The analysis threads, the API's handlers and pdf.js (which counts an upload's pages here) load
  // before the server says it is ready: the first document pays no module loading.
  const [analysisThreads] = options.warmAnalysis ? await Promise.all([queue.warm(), loadHandlers()]) : [[]];
  const server = createHttpServer({ webDir: options.webDir, storeProxy: { path: LOCAL_STORE_PATH, target: s3.endpoint } });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const sweep = startSweeping(ctx);

  let stopped = false;
  return {
    url: `http://${host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`,
    port,
    ctx,
    seed: seeded,
    analysisThreads,
    idle: queue.idle,
    exports: queue.exports,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // Analyses still running are cut short; they resume on the next start.
      await queue.close();
      clearInterval(sweep);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      ctx.db.destroy();
      ctx.s3.destroy();
      await s3.close();
      await dynamo.close();
    },
  };
}

/**
 * Analyses cut short by a stop resume on the next start, so none stays `processing`. One cut
 * short while writing its rows (Ctrl-C or a kill during the save of a large spreadsheet) never
 * shows half a document: its partial rows are removed and it is read again from the stored
 * original. A completed document is never re-read by itself. A settings change or re-price cut
 * short by a stop is finished before the first request.
 */
async function resumeInterrupted(ctx: AppContext, enqueue: AnalysisQueue): Promise<void> {
  for (const doc of await processingDocuments(ctx)) {
    if (awaitsAnalysis(doc)) await enqueue({ documentId: doc.id });
    else if (doc.rows_written_at && !doc.completed_at) {
      await deleteDocumentRows(ctx, doc.id);
      if (await reopenRowWrite(ctx, doc.id)) await enqueue({ documentId: doc.id });
      else await updateDocument(ctx, doc.id, { status: 'failed', status_reason: INTERRUPTED_WHILE_WRITING, completed_at: ctx.now().toISOString(), row_count: 0 });
    }
  }
  await resumeOperations(ctx, logEvent);
}

/**
 * In the cloud DynamoDB expires sessions by TTL and an S3 lifecycle rule removes tmp/ after a
 * day; locally neither exists, so sweep by hand, now and every ten minutes.
 */
function startSweeping(ctx: AppContext): NodeJS.Timeout {
  const sweepAll = () => Promise.all([sweepExpired(ctx), sweepTemporaryFiles(ctx)]).catch(() => undefined);
  void sweepAll();
  const sweep = setInterval(() => void sweepAll(), 10 * 60 * 1000);
  sweep.unref();
  return sweep;
}

/** Every resource's handler module (each a Lambda in the cloud, loaded at first use) and pdf.js, which counts a sample's pages once. */
async function loadHandlers(): Promise<void> {
  await Promise.all([...Object.values(HANDLER_MODULES).map((load) => load()), sampleComputo().then(countPages).catch(() => 0)]);
}

/** s3rver recreates a deleted folder and writes on: refuse the write instead (see data-guard.ts). */
function refuseWritesWhenFolderIsGone(ctx: AppContext, dir: string): void {
  const problem = dataDirGuard(dir);
  ctx.s3.middlewareStack.add(
    (next, context) => async (args) => {
      const reason = /^(Put|Copy|Delete|CreateMultipart|UploadPart|CompleteMultipart)/.test(context.commandName ?? '') ? problem() : null;
      if (reason) throw Object.assign(new Error(reason), { name: STORAGE_UNAVAILABLE_TYPE });
      return next(args);
    },
    { step: 'initialize', name: 'localDataFolderGuard' },
  );
}

function restrictToOwner(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      fs.chmodSync(p, 0o700);
      restrictToOwner(p);
    } else fs.chmodSync(p, 0o600);
  }
  fs.chmodSync(dir, 0o700);
}

async function sweepExpired(ctx: AppContext): Promise<void> {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const out = await ctx.db.send(
    new ScanCommand({
      TableName: ctx.table('sessions'),
      FilterExpression: 'expires_at < :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    }),
  );
  for (const item of out.Items ?? []) {
    await ctx.db.send(new DeleteCommand({ TableName: ctx.table('sessions'), Key: { jti: item.jti } }));
  }
  // Login attempt records (the id sequences in the same table have no expires_at).
  const counters = await ctx.db.send(
    new ScanCommand({
      TableName: ctx.table('counters'),
      FilterExpression: 'expires_at < :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    }),
  );
  for (const item of counters.Items ?? []) {
    await ctx.db.send(new DeleteCommand({ TableName: ctx.table('counters'), Key: { name: item.name } }));
  }
}

/** Shown when a stop cut the writing of rows short and the document could not be read again: its partial rows are removed. */
export const INTERRUPTED_WHILE_WRITING = 'Analisi interrotta durante il salvataggio delle righe: le righe parziali sono state rimosse. Carica di nuovo il documento per rileggerlo.';

async function processingDocuments(ctx: AppContext): Promise<Array<Pick<DocumentRecord, 'id' | 'status' | 'completed_at' | 'rows_written_at'>>> {
  return queryAll(ctx, {
    table: 'documents',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    FilterExpression: '#s = :p',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':k': 'document', ':p': 'processing' },
    ProjectionExpression: 'id, #s, completed_at, rows_written_at',
  });
}

async function markFailed(ctx: AppContext, documentId: number, reason = UNEXPECTED_FAILURE): Promise<void> {
  const doc = await getDocument(ctx, documentId);
  if (doc?.status === 'processing' && !doc.completed_at) {
    await updateDocument(ctx, documentId, { status: 'failed', status_reason: reason, completed_at: ctx.now().toISOString() });
  }
}

/** Temporary uploads and staged imports older than a day (what the S3 lifecycle rule does). */
export async function sweepTemporaryFiles(ctx: AppContext, maxAgeMs = 24 * 60 * 60 * 1000): Promise<number> {
  const { ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  const limit = ctx.now().getTime() - maxAgeMs;
  let removed = 0;
  let ContinuationToken: string | undefined;
  do {
    const out = await ctx.s3.send(new ListObjectsV2Command({ Bucket: ctx.config.bucket, Prefix: 'tmp/', ContinuationToken }));
    const old = (out.Contents ?? []).filter((o) => o.LastModified && o.LastModified.getTime() < limit).map((o) => ({ Key: o.Key! }));
    if (old.length) await ctx.s3.send(new DeleteObjectsCommand({ Bucket: ctx.config.bucket, Delete: { Objects: old } }));
    removed += old.length;
    ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return removed;
}
