import fs from 'node:fs';
import http from 'node:http';
import { fork } from 'node:child_process';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { ALL_TABLES, tableName, type TableDef } from '../../functions/storage/tables.ts';
import { refuse, verifySigV4, withoutCors, type StoreCredentials } from './store-auth.ts';

/**
 * dynalite (with the transaction shim in front) on loopback in a child process, persisted
 * under `dir` (LevelDB; one process per folder). The child ends with us: on close, and by
 * itself if we disappear (IPC disconnect).
 */
export async function startDynalite(
  dir: string | null,
  credentials: StoreCredentials,
  entry = path.join(import.meta.dirname, 'dynalite-process.mjs'),
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const child = fork(entry, [], {
    env: { ...process.env, DYNALITE_PATH: dir ?? '', STORE_ACCESS_KEY_ID: credentials.accessKeyId, STORE_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { endpoint: string }) => resolve(m.endpoint));
    child.once('exit', (code) => reject(new Error(`dynalite exited during start (code ${code})`)));
  });
  return {
    endpoint,
    close: async () => {
      if (child.exitCode === null && child.connected) child.send('close');
      await exited;
    },
  };
}

/**
 * s3rver under `dir`, with the data bucket, behind a loopback port that lets in only requests
 * signed with our key pair (s3rver itself does not check SigV4 signatures, and lets unsigned
 * requests in). s3rver never listens: the gate calls its handler once the signature is checked.
 * No bucket has a CORS rule and the gate drops any CORS header, so no web page can read or write
 * the store; the browser's presigned uploads go through the app's own origin (http-server.ts).
 */
export async function startS3(dir: string, bucket: string, credentials: StoreCredentials): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const { default: S3rver } = await import('s3rver');
  const { default: AWSAccount } = await import('s3rver/lib/models/account.js');
  // s3rver knows one hard-coded key pair (S3RVER/S3RVER): ours replaces it.
  AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  fs.mkdirSync(dir, { recursive: true });
  const s3rver = new S3rver({ silent: true, directory: dir, allowMismatchedSignatures: false, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  // A data folder from an older version may still hold the open CORS rule of that time.
  await s3rver.store.deleteSubresource(bucket, undefined, 'cors');
  const handler = s3rver.callback();
  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    withoutCors(res);
    // Request and answer headers only: an upload's body streams on, under the payload hash it declares.
    void verifySigV4({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, credentials, 's3').then((refusal) => {
      if (refusal || req.method === 'OPTIONS') {
        req.resume();
        refuse(res, refusal ?? 'preflight');
        return;
      }
      delete req.headers.origin;
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function createTableInput(prefix: string, def: TableDef): CreateTableCommandInput {
  const attrs = new Map<string, string>();
  const keyAttrs = (pk: TableDef['partitionKey'], sk?: TableDef['partitionKey']) => {
    attrs.set(pk.name, pk.type);
    if (sk) attrs.set(sk.name, sk.type);
    return [
      { AttributeName: pk.name, KeyType: 'HASH' as const },
      ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
    ];
  };
  const KeySchema = keyAttrs(def.partitionKey, def.sortKey);
  const GlobalSecondaryIndexes = def.indexes?.map((ix) => ({
    IndexName: ix.name,
    KeySchema: keyAttrs(ix.partitionKey, ix.sortKey),
    Projection: { ProjectionType: 'ALL' as const },
  }));
  return {
    TableName: tableName(prefix, def),
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema,
    AttributeDefinitions: [...attrs].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType: AttributeType as 'S' | 'N',
    })),
    ...(GlobalSecondaryIndexes?.length ? { GlobalSecondaryIndexes } : {}),
  };
}

/** Creates every table of the shared definitions that does not exist yet. */
export async function ensureTables(endpoint: string, prefix: string, credentials: StoreCredentials): Promise<void> {
  const client = new DynamoDBClient({ region: 'eu-south-1', endpoint, credentials: { ...credentials } });
  for (const def of ALL_TABLES) {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName(prefix, def) }));
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
      await client.send(new CreateTableCommand(createTableInput(prefix, def)));
    }
  }
  client.destroy();
}

export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return path.resolve(dir);
}
