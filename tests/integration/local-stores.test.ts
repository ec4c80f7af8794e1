import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getBlob, putBlob } from '../../functions/storage/blobs.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let s3: string;
let db: string;
const KEY = 'documents/1/original.pdf';
const ORIGINAL = new TextEncoder().encode('%PDF-1.4 originale');

beforeAll(async () => {
  rt = await startTestRuntime();
  s3 = rt.ctx.config.s3Endpoint!;
  db = rt.ctx.config.dynamoEndpoint!;
});
afterAll(async () => rt?.close());

const stored = async () => new TextDecoder().decode(await getBlob(rt.ctx, KEY));
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

describe('the local stores let in only the credentials kept in DATA_DIR', () => {
  it('keeps the generated key pair in DATA_DIR, readable by the owner only, and never the well-known defaults', () => {
    // Prepare
    const file = path.join(rt.dataDir, 'store-credentials.json');
    // Act
    const creds = JSON.parse(fs.readFileSync(file, 'utf8'));
    // Assess
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(creds.secretAccessKey.length).toBeGreaterThanOrEqual(40);
    expect(creds.accessKeyId).not.toBe('S3RVER');
    expect(rt.ctx.config.localCredentials).toEqual(creds);
  });

  it('refuses unsigned GET, PUT, DELETE and LIST to the file store with 403 and no CORS header, and changes nothing', async () => {
    // Prepare
    await putBlob(rt.ctx, KEY, ORIGINAL, 'application/pdf');
    const origin = { origin: 'http://127.0.0.1:9' };
    // Act
    const answers = [
      await fetch(`${s3}/${rt.ctx.config.bucket}/${KEY}`, { headers: origin }),
      await fetch(`${s3}/${rt.ctx.config.bucket}/${KEY}`, { method: 'PUT', body: 'sovrascritto', headers: origin }),
      await fetch(`${s3}/${rt.ctx.config.bucket}/${KEY}`, { method: 'DELETE', headers: origin }),
      await fetch(`${s3}/${rt.ctx.config.bucket}/?list-type=2`, { headers: origin }),
      await fetch(`${s3}/${rt.ctx.config.bucket}/`, { headers: origin }),
      await fetch(`${s3}/`, { headers: origin }),
      await fetch(`${s3}/${rt.ctx.config.bucket}/${KEY}`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'PUT' } }),
    ];
    // Assess
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.text()).not.toMatch(/ListBucketResult|originale|<Key>/);
    }
    expect(await stored()).toBe('%PDF-1.4 originale');
  });

  it('refuses a file-store request signed with the wrong secret, or with s3rver\u2019s default keys', async () => {
    // Prepare
    const { accessKeyId } = rt.ctx.config.localCredentials!;
    const client = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new S3Client({ region: 'eu-south-1', endpoint: s3, forcePathStyle: true, credentials, maxAttempts: 1, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const wrong = client({ accessKeyId, secretAccessKey: 'not-the-secret-in-data-dir-000000000000000' });
    const defaults = client({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    const bucket = rt.ctx.config.bucket;
    await putBlob(rt.ctx, KEY, ORIGINAL, 'application/pdf');
    // Act
    const refused = await Promise.all(
      [wrong, defaults].flatMap((c) => [
        c.send(new GetObjectCommand({ Bucket: bucket, Key: KEY })).then(() => 200, statusOf),
        c.send(new PutObjectCommand({ Bucket: bucket, Key: KEY, Body: 'sovrascritto' })).then(() => 200, statusOf),
        c.send(new ListObjectsV2Command({ Bucket: bucket })).then(() => 200, statusOf),
      ]),
    );
    // Assess
    expect(refused).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await stored()).toBe('%PDF-1.4 originale');
    wrong.destroy();
    defaults.destroy();
  });

  it('refuses an unsigned Scan of the users table, and one signed with the wrong secret', async () => {
    // Prepare
    const { accessKeyId } = rt.ctx.config.localCredentials!;
    const wrong = new DynamoDBClient({ region: 'eu-south-1', endpoint: db, maxAttempts: 1, credentials: { accessKeyId, secretAccessKey: 'not-the-secret-in-data-dir-000000000000000' } });
    const local = new DynamoDBClient({ region: 'eu-south-1', endpoint: db, maxAttempts: 1, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    // Act
    const unsigned = await fetch(db, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan', origin: 'http://127.0.0.1:9' },
      body: JSON.stringify({ TableName: rt.ctx.table('users') }),
    });
    const signedWrong = await wrong.send(new ScanCommand({ TableName: rt.ctx.table('users') })).then(() => 200, statusOf);
    const signedDefault = await local.send(new ScanCommand({ TableName: rt.ctx.table('users') })).then(() => 200, statusOf);
    // Assess
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('access-control-allow-origin')).toBeNull();
    expect(await unsigned.text()).not.toMatch(/password|admin/);
    expect([signedWrong, signedDefault]).toEqual([403, 403]);
    // The app's own client, with the generated key pair, still reads the table.
    const ours = await rt.ctx.db.send(new ScanCommand({ TableName: rt.ctx.table('users') }));
    expect(ours.Items?.length).toBeGreaterThan(0);
    wrong.destroy();
    local.destroy();
  });
});
