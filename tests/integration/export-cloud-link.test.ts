/**
 * In the cloud (no `exportFile` port: the Lambda builds the file in place) an export larger than
 * the answer's inline limit goes to the blob store under tmp/exports/ and is answered by a 302 to
 * a short-lived presigned URL that downloads exactly its bytes under its name and type; a small
 * one is still answered whole in the body. Run against the real local store (s3rver), with the
 * store's own URLs as S3 gives them in the cloud (no local proxy path).
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../functions/config/context.ts';
import { exportAnswer } from '../../functions/http/export-answer.ts';
import { buildExport, type ExportJob } from '../../functions/services/export-jobs.ts';
import { findUserByUsername } from '../../functions/storage/repositories/users.ts';
import { BLOB_PREFIXES } from '../../functions/resource-grants.ts';
import { seedBigDocument } from '../support/big-document.ts';
import { sharedApp } from '../support/shared.ts';
import type { TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let cloud: AppContext;
let bigId: number;
let smallId: number;

beforeAll(async () => {
  rt = await sharedApp();
  // The Lambda's context: the same stores, no analysis thread, the bucket's own URLs.
  cloud = createContext({ ...rt.ctx.config, parseFile: undefined, exportFile: undefined, storeProxyPath: undefined });
  const admin = (await findUserByUsername(rt.ctx, 'admin'))!;
  const owner = { id: admin.id, username: admin.username };
  bigId = await seedBigDocument(rt.ctx, owner, 400, ['TOS25_01.A01.001', '']);
  smallId = await seedBigDocument(rt.ctx, owner, 3, ['TOS25_01.A01.001']);
}, 120_000);

const now = '2025-03-14T10:00:00.000Z';

async function exportKeys(): Promise<string[]> {
  const out = await cloud.s3.send(new ListObjectsV2Command({ Bucket: cloud.config.bucket, Prefix: BLOB_PREFIXES.exports }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('a cloud export', () => {
  it('larger than the inline limit is answered by a 302 to a presigned URL of its exact bytes', async () => {
    // Prepare
    const job: ExportJob = { kind: 'document-export', documentId: bigId, format: 'xpwe', now };
    const expected = (await buildExport(cloud, job)).blob;
    const keysBefore = await exportKeys();

    // Act
    const answer = await exportAnswer(cloud, job, 16 * 1024);
    const location = answer.headers?.location ?? '';
    const download = await fetch(location);
    const bytes = new Uint8Array(await download.arrayBuffer());

    // Assess
    expect(expected.byteLength).toBeGreaterThan(16 * 1024);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers?.['cache-control']).toBe('no-store');
    expect(answer.body ?? '').toBe('');
    expect(location).toMatch(/^http:\/\/[^/]+\/[^/]+\/tmp\/exports\/[0-9a-f-]{36}\?/);
    expect(location).toContain('X-Amz-Expires=300');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''documento_${bigId}.xpwe`);
    expect(download.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    expect((await exportKeys()).length).toBe(keysBefore.length + 1);
  }, 120_000);

  it('up to the inline limit is answered whole in the body, nothing stored', async () => {
    // Prepare
    const job: ExportJob = { kind: 'verification-export', documentId: smallId, now };
    const expected = (await buildExport(cloud, job)).blob;
    const keysBefore = await exportKeys();

    // Act
    const answer = await exportAnswer(cloud, job);

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(answer.isBase64Encoded).toBe(true);
    expect(answer.headers?.['content-type']).toBe('application/pdf');
    expect(answer.headers?.['content-disposition']).toContain(`filename="verifica_${smallId}.pdf"`);
    expect(Buffer.from(answer.body as string, 'base64').equals(Buffer.from(expected))).toBe(true);
    expect(await exportKeys()).toEqual(keysBefore);
  }, 120_000);
});
