import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getBlob, presignGet, presignPut, putBlob } from '../../functions/storage/blobs.ts';
import { launchBrowser } from '../support/browser.ts';
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

describe('the browser reaches the store only with a URL the app signed', () => {
  it('takes a presigned upload and serves a presigned download through the app\u2019s own origin, and nothing unsigned', async () => {
    // Prepare
    const upload = await presignPut(rt.ctx, 'tmp/uploads/prova.pdf', 'application/pdf', ORIGINAL.length);
    // Act
    const put = await fetch(new URL(upload, rt.url), { method: 'PUT', body: ORIGINAL, headers: { 'content-type': 'application/pdf' } });
    const download = await fetch(new URL(await presignGet(rt.ctx, 'tmp/uploads/prova.pdf', 'prova.pdf', 'application/pdf'), rt.url));
    const unsigned = await fetch(`${rt.url}/_store/${rt.ctx.config.bucket}/tmp/uploads/prova.pdf`);
    const tampered = await fetch(new URL(upload.replace('prova.pdf', 'altro.pdf'), rt.url), { method: 'PUT', body: 'x', headers: { 'content-type': 'application/pdf' } });
    // Assess
    expect(upload.startsWith('/_store/')).toBe(true);
    expect(put.status).toBe(200);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.headers.get('access-control-allow-origin')).toBeNull();
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(ORIGINAL);
    expect(unsigned.status).toBe(403);
    expect(tampered.status).toBe(403);
    expect(await getBlob(rt.ctx, 'tmp/uploads/altro.pdf')).toBeUndefined();
  });

  it('keeps a page on another origin from reading or writing the store, in Chromium', { timeout: 60_000 }, async () => {
    // Prepare: the stored original, and a page on another loopback port that tries the stores.
    await putBlob(rt.ctx, KEY, ORIGINAL, 'application/pdf');
    const bucket = rt.ctx.config.bucket;
    const targets = {
      list: { url: `${s3}/${bucket}/?list-type=2` },
      get: { url: `${s3}/${bucket}/${KEY}` },
      put: { url: `${s3}/${bucket}/${KEY}`, method: 'PUT', body: 'sovrascritto' },
      delete: { url: `${s3}/${bucket}/${KEY}`, method: 'DELETE' },
      viaApp: { url: `${rt.url}/_store/${bucket}/${KEY}` },
      scan: { url: db, method: 'POST', body: JSON.stringify({ TableName: rt.ctx.table('users') }), headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan' } },
    };
    const page = `<!doctype html><title>altra origine</title><script>
      window.results = (async () => {
        const out = {};
        for (const [name, t] of Object.entries(${JSON.stringify(targets)})) {
          try {
            const res = await fetch(t.url, { method: t.method || 'GET', body: t.body, headers: t.headers });
            out[name] = 'read ' + res.status + ' ' + (await res.text()).slice(0, 200);
          } catch (err) {
            out[name] = 'blocked';
          }
        }
        return out;
      })();
    </script>`;
    const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    const { browser, close } = await launchBrowser();
    try {
      // Act
      const tab = await browser.newPage();
      await tab.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const results = await tab.evaluate(() => (window as unknown as { results: Promise<Record<string, string>> }).results);
      // Assess
      expect(results).toEqual({ list: 'blocked', get: 'blocked', put: 'blocked', delete: 'blocked', viaApp: 'blocked', scan: 'blocked' });
      expect(await stored()).toBe('%PDF-1.4 originale');
    } finally {
      await close();
      other.close();
    }
  });

  it('lets the app\u2019s own page upload a large file through the URL it was given, in Chromium', { timeout: 60_000 }, async () => {
    // Prepare
    const upload = await presignPut(rt.ctx, 'tmp/uploads/dal-browser.pdf', 'application/pdf', '%PDF-1.4 dal browser'.length);
    const { browser, close } = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(`${rt.url}/login`);
      // Act: as web/src/features/documents/api/upload-document.ts does, with the URL as given.
      const status = await tab.evaluate(
        async (url) => (await fetch(url, { method: 'PUT', body: new Blob(['%PDF-1.4 dal browser']), headers: { 'content-type': 'application/pdf' } })).status,
        upload,
      );
      // Assess
      expect(status).toBe(200);
      expect(new TextDecoder().decode(await getBlob(rt.ctx, 'tmp/uploads/dal-browser.pdf'))).toBe('%PDF-1.4 dal browser');
    } finally {
      await close();
    }
  });
});
