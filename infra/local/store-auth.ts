import fs from 'node:fs';
import path from 'node:path';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { SignatureV4, createScope, getCanonicalHeaders, getSigningKey } from '@smithy/signature-v4';
import type { HttpRequest } from '@smithy/types';

/**
 * The local stores (dynalite, s3rver) answer only requests signed (AWS SigV4) with the key pair
 * the app generates once per DATA_DIR and keeps there, readable by the owner only: any other
 * local process, and any web page the user visits, gets 403 and reads or writes nothing.
 */
export interface StoreCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Created once per DATA_DIR (0600, like the session signing secret), so a restart keeps it. */
export function storeCredentials(dataDir: string): StoreCredentials {
  const file = path.join(dataDir, 'store-credentials.json');
  if (!fs.existsSync(file)) {
    const fresh: StoreCredentials = {
      accessKeyId: `CMPT${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(32).toString('base64url'),
    };
    fs.writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  }
  const read = JSON.parse(fs.readFileSync(file, 'utf8')) as StoreCredentials;
  if (typeof read.accessKeyId !== 'string' || typeof read.secretAccessKey !== 'string') throw new Error(`${file}: credenziali non valide`);
  return read;
}

const toBytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof d === 'string' ? d : d instanceof ArrayBuffer ? new Uint8Array(d) : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** node:crypto in the shape @smithy/signature-v4 expects (a hash, or an HMAC when given a key). */
class Sha256 {
  private readonly h;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.h.update(toBytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.h.digest()));
  }
  reset(): void {
    throw new Error('not supported');
  }
}

/** Exposes the library's canonical request, so verification computes exactly what signing does. */
class Verifier extends SignatureV4 {
  canonical(request: HttpRequest, headers: Record<string, string>, payloadHash: string): string {
    return this.createCanonicalRequest(request, headers, payloadHash);
  }
  stringToSign(longDate: string, scope: string, canonicalRequest: string): Promise<string> {
    return this.createStringToSign(longDate, scope, canonicalRequest, 'AWS4-HMAC-SHA256');
  }
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_S = 7 * 24 * 3600;

/** The raw query, decoded the way a signer saw it (no `+` as space). */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    const prev = query[key];
    query[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return query;
}

function parseLongDate(s: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? '');
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

export interface VerifyInput {
  method: string;
  /** The request target as received: raw path and query. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The whole body when the caller buffered it (its hash is then checked too). */
  body?: Uint8Array;
}

/**
 * Checks a request's SigV4 signature (Authorization header or presigned query) against our key
 * pair. Returns null when it is ours and fresh, otherwise why it is refused.
 */
export async function verifySigV4(
  input: VerifyInput,
  credentials: StoreCredentials,
  service: 'dynamodb' | 's3',
  now = Date.now(),
): Promise<string | null> {
  try {
    const qIndex = input.url.indexOf('?');
    const rawPath = qIndex < 0 ? input.url : input.url.slice(0, qIndex);
    const query = parseQuery(qIndex < 0 ? '' : input.url.slice(qIndex));
    const header = (name: string) => {
      const v = input.headers[name];
      return Array.isArray(v) ? v.join(',') : v;
    };
    const auth = header('authorization');
    const presigned = typeof query['X-Amz-Signature'] === 'string';
    if (auth && presigned) return 'two signatures';

    let credential: string, signedHeaders: string, signature: string, longDate: string;
    if (auth) {
      const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(auth.trim());
      if (!m) return 'malformed authorization';
      [, credential, signedHeaders, signature] = m;
      longDate = header('x-amz-date') ?? '';
      const at = parseLongDate(longDate);
      if (!(Math.abs(now - at) <= MAX_SKEW_MS)) return 'request time out of range';
    } else if (presigned) {
      if (query['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256') return 'unsupported algorithm';
      credential = String(query['X-Amz-Credential'] ?? '');
      signedHeaders = String(query['X-Amz-SignedHeaders'] ?? '');
      signature = String(query['X-Amz-Signature']);
      longDate = String(query['X-Amz-Date'] ?? '');
      const at = parseLongDate(longDate);
      const expires = Number(query['X-Amz-Expires']);
      if (!Number.isInteger(expires) || expires <= 0 || expires > MAX_PRESIGNED_S) return 'bad expiry';
      if (!(at - MAX_SKEW_MS <= now && now <= at + expires * 1000)) return 'expired';
    } else {
      return 'unsigned';
    }

    const [keyId, shortDate, region, scopeService, terminator, ...rest] = credential.split('/');
    if (rest.length || terminator !== 'aws4_request' || scopeService !== service || shortDate !== longDate.slice(0, 8) || !region) return 'bad credential scope';
    const expectedKey = Buffer.from(credentials.accessKeyId);
    if (keyId.length !== expectedKey.length || !timingSafeEqual(Buffer.from(keyId), expectedKey)) return 'unknown access key';
    const signed = signedHeaders.split(';');
    if (!signed.includes('host')) return 'host not signed';

    const headers: Record<string, string> = {};
    for (const name of signed) {
      const value = header(name);
      if (value === undefined) return `signed header ${name} missing`;
      headers[name] = value;
    }
    let payloadHash: string;
    const declared = header('x-amz-content-sha256');
    if (presigned) payloadHash = typeof query['X-Amz-Content-Sha256'] === 'string' ? query['X-Amz-Content-Sha256'] : (declared ?? 'UNSIGNED-PAYLOAD');
    else if (declared !== undefined) payloadHash = declared;
    else if (input.body) payloadHash = input.body.length ? createHash('sha256').update(input.body).digest('hex') : EMPTY_SHA256;
    else return 'payload not signed';
    if (/^STREAMING-/.test(payloadHash)) return 'chunk-signed payloads are not accepted';
    if (input.body && payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(input.body).digest('hex')) return 'payload hash mismatch';

    const verifier = new Verifier({ credentials, region, service, sha256: Sha256, uriEscapePath: service !== 's3' });
    const request: HttpRequest = { method: input.method, protocol: 'http:', hostname: '', path: rawPath, query, headers };
    const canonicalHeaders = getCanonicalHeaders(request, undefined, new Set(signed));
    if (Object.keys(canonicalHeaders).sort().join(';') !== signedHeaders) return 'signed headers not canonical';
    const scope = createScope(shortDate, region, service);
    const stringToSign = await verifier.stringToSign(longDate, scope, verifier.canonical(request, canonicalHeaders, payloadHash));
    const key = await getSigningKey(Sha256, credentials, shortDate, region, service);
    const expected = createHmac('sha256', key).update(stringToSign).digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature mismatch';
  } catch {
    return 'malformed request';
  }
}

/** The refusal both stores send: 403, no CORS header, nothing read or written. */
export function refuse(res: http.ServerResponse, reason: string): void {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  res.end(`Accesso negato: richiesta non firmata con le credenziali dell'archivio locale (${reason})`);
}

/** Removes every CORS header a store would add: no page on another origin may read an answer. */
export function withoutCors(res: http.ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    /^access-control-/i.test(name) ? res : setHeader(name, value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = ((status: number, ...args: unknown[]) => {
    const last = args[args.length - 1];
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      for (const k of Object.keys(last)) if (/^access-control-/i.test(k)) delete (last as Record<string, unknown>)[k];
    }
    return writeHead(status, ...args);
  }) as typeof res.writeHead;
}
