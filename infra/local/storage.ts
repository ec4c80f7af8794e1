import fs from 'node:fs';
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
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ALL_TABLES, tableName, type TableDef } from '../../functions/storage/tables.ts';

/**
 * dynalite (with the transaction shim in front) on loopback in a child process, persisted
 * under `dir` (LevelDB; one process per folder). The child ends with us: on close, and by
 * itself if we disappear (IPC disconnect).
 */
export async function startDynalite(dir: string | null): Promise<{ endpoint: string; close: () => Promise<void> }> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const child = fork(path.join(import.meta.dirname, 'dynalite-process.mjs'), [], {
    env: { ...process.env, DYNALITE_PATH: dir ?? '' },
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

const CORS_CONFIG = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver on loopback under `dir`, with the data bucket and a CORS rule for browser PUTs. */
export async function startS3(dir: string, bucket: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const { default: S3rver } = await import('s3rver');
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [CORS_CONFIG] }],
  });
  const info = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${info.port}`;
  const s3 = new S3Client({
    region: 'eu-south-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch(() => undefined);
  return { endpoint, close: () => server.close() as Promise<void> };
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
export async function ensureTables(endpoint: string, prefix: string): Promise<void> {
  const client = new DynamoDBClient({
    region: 'eu-south-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
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
