import type { HttpResult } from './types.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** `{ data, meta }`, the success shape of every JSON call. */
export function ok(data: unknown, meta?: Record<string, unknown>, statusCode = 200, cookies?: string[]): HttpResult {
  return {
    statusCode,
    headers: { ...JSON_HEADERS },
    ...(cookies ? { cookies } : {}),
    body: JSON.stringify(meta ? { data, meta } : { data }),
  };
}

export function created(data: unknown, meta?: Record<string, unknown>): HttpResult {
  return ok(data, meta, 201);
}

/** A JSON:API resource object. */
export function resource<T extends { id: number | string }>(type: string, item: T) {
  const { id, ...attributes } = item;
  return { id: String(id), type, attributes: { id, ...attributes } };
}

/** A list in JSON:API form with `meta['total-count']`. */
export function list<T extends { id: number | string }>(type: string, items: T[], total = items.length, extraMeta: Record<string, unknown> = {}): HttpResult {
  return ok(items.map((i) => resource(type, i)), { 'total-count': total, ...extraMeta });
}

/**
 * The same body as `list`, from items already written as JSON resource objects (rows kept in
 * memory with their JSON): the large part of the answer is not serialised again on every call.
 */
export function listOfJson(itemsJson: string[], total = itemsJson.length, extraMeta: Record<string, unknown> = {}): HttpResult {
  return {
    statusCode: 200,
    headers: { ...JSON_HEADERS },
    body: `{"data":[${itemsJson.join(',')}],"meta":${JSON.stringify({ 'total-count': total, ...extraMeta })}}`,
  };
}

export function errorBody(status: number, code: string, title: string, detail: string, meta?: Record<string, unknown>): HttpResult {
  return {
    statusCode: status,
    headers: { ...JSON_HEADERS },
    body: JSON.stringify({ errors: [{ status: String(status), code, title, detail, ...(meta ? { meta } : {}) }] }),
  };
}

/** The headers of a file to download: its type, its name (ASCII and UTF-8), never cached. */
function attachmentHeaders(contentType: string, filename: string): Record<string, string> {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'cache-control': 'no-store',
  };
}

/**
 * The largest file answered in the body: base64 makes 4 MB into 5.3 MB, under the 6 MB API
 * Gateway's HTTP API takes from a Lambda. A larger file is answered by `redirectTo` a
 * short-lived URL of the blob store.
 */
export const INLINE_FILE_BYTES = 4 * 1024 * 1024;

/** A 302 to a short-lived download URL (never cached: the URL expires). */
export function redirectTo(location: string): HttpResult {
  return { statusCode: 302, headers: { location, 'cache-control': 'no-store' } };
}

export function binary(data: Buffer, contentType: string, filename: string): HttpResult {
  return { statusCode: 200, headers: attachmentHeaders(contentType, filename), body: data.toString('base64'), isBase64Encoded: true };
}

/** A file to download whose bytes come as a stream (the local server writes it chunk by chunk). */
export function streamedBinary(stream: ReadableStream<Uint8Array>, contentType: string, filename: string): HttpResult {
  return { statusCode: 200, headers: attachmentHeaders(contentType, filename), stream };
}
