import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppContext } from '../config/context.ts';

/** The blob store behind one small interface: S3 in the cloud, s3rver locally. */
export async function putBlob(ctx: AppContext, key: string, body: Uint8Array, contentType: string, metadata?: Record<string, string>): Promise<void> {
  await ctx.s3.send(new PutObjectCommand({ Bucket: ctx.config.bucket, Key: key, Body: body, ContentType: contentType, Metadata: metadata }));
}

export async function getBlob(ctx: AppContext, key: string): Promise<Uint8Array | undefined> {
  try {
    const out = await ctx.s3.send(new GetObjectCommand({ Bucket: ctx.config.bucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : undefined;
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

export async function headBlob(ctx: AppContext, key: string): Promise<{ size: number } | undefined> {
  try {
    const out = await ctx.s3.send(new HeadObjectCommand({ Bucket: ctx.config.bucket, Key: key }));
    return { size: out.ContentLength ?? 0 };
  } catch (err) {
    if (err instanceof NotFound || (err as { name?: string }).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw err;
  }
}

/** A copy made by the store itself (the bytes never pass through here); `replace` sets the copy's media type and metadata. */
export async function copyBlob(ctx: AppContext, from: string, to: string, replace?: { contentType: string; metadata?: Record<string, string> }): Promise<void> {
  await ctx.s3.send(
    new CopyObjectCommand({
      Bucket: ctx.config.bucket,
      CopySource: `${ctx.config.bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`,
      Key: to,
      ...(replace ? { MetadataDirective: 'REPLACE' as const, ContentType: replace.contentType, Metadata: replace.metadata } : {}),
    }),
  );
}

/** Removes every object under a prefix (a document's folder). */
export async function deletePrefix(ctx: AppContext, prefix: string): Promise<void> {
  let ContinuationToken: string | undefined;
  do {
    const out = await ctx.s3.send(new ListObjectsV2Command({ Bucket: ctx.config.bucket, Prefix: prefix, ContinuationToken }));
    const keys = (out.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length) await ctx.s3.send(new DeleteObjectsCommand({ Bucket: ctx.config.bucket, Delete: { Objects: keys } }));
    ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

export async function deleteBlob(ctx: AppContext, key: string): Promise<void> {
  await ctx.s3.send(new DeleteObjectsCommand({ Bucket: ctx.config.bucket, Delete: { Objects: [{ Key: key }] } }));
}

/**
 * A presigned URL as the browser must use it: in the cloud the bucket's own; locally a path of the
 * app's origin (storeProxyPath) that the local server forwards to the store, which has no CORS.
 */
function forBrowser(ctx: AppContext, signed: string): string {
  const via = ctx.config.storeProxyPath;
  if (!via) return signed;
  const url = new URL(signed);
  return `${via}${url.pathname}${url.search}`;
}

/**
 * A URL the browser PUTs a large file to, straight into the blob store. Its length is signed
 * (`content-length` among the signed headers): the store refuses a body of any other size, so an
 * upload never completed cannot fill the disk beyond what was asked for.
 */
export async function presignPut(ctx: AppContext, key: string, contentType: string, size: number, expiresIn = 900): Promise<string> {
  const command = new PutObjectCommand({ Bucket: ctx.config.bucket, Key: key, ContentType: contentType, ContentLength: size });
  return forBrowser(ctx, await getSignedUrl(ctx.s3, command, { expiresIn, signableHeaders: new Set(['content-length']) }));
}

/** A short-lived URL the browser downloads a stored file from, as an attachment. */
export async function presignGet(ctx: AppContext, key: string, filename: string, contentType: string, expiresIn = 300): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: ctx.config.bucket,
    Key: key,
    ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
    ResponseContentType: contentType,
  });
  return forBrowser(ctx, await getSignedUrl(ctx.s3, command, { expiresIn }));
}
