import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { API_PREFIXES, matchRoute, routeKey } from '../../functions/routes.ts';
import { HANDLER_MODULES, type LambdaHandler } from '../../functions/handlers/index.ts';
import { errorBody } from '../../functions/http/respond.ts';
import type { HttpEvent, HttpResult } from '../../functions/http/types.ts';
import { MAX_BODY_BYTES, readToken, screenToken } from '../../functions/http/middleware.ts';
import { AppError, UnauthorizedError } from '../../functions/errors.ts';
import { errorAttributes, logger } from '../../functions/config/logger.ts';
import { contentSecurityPolicy } from '../../shared/security/csp.ts';
import type { Duplex } from 'node:stream';

/** What API Gateway would accept before the Lambda limit refuses: a little over 6 MB of payload. */
const MAX_REQUEST_BYTES = MAX_BODY_BYTES + 64 * 1024;

const TEXT_TYPES = /^(application\/(json|[\w.+-]*\+json|x-www-form-urlencoded)|text\/)/i;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

function send(res: http.ServerResponse, result: HttpResult): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | string[]> = { ...SECURITY_HEADERS, ...(result.headers ?? {}) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode, headers);
  res.end(body);
}

/** Resolves when the response can take more ('drain') or will take nothing more ('close'). */
function writable(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * A body that comes as a stream (an export: functions/http/export-answer.ts), written chunk by
 * chunk as the client takes it, never whole. When the client leaves before the end (or had left
 * before the answer was ready) the stream is cancelled, which cancels the job that makes it.
 */
async function sendStream(res: http.ServerResponse, result: HttpResult & { stream: ReadableStream<Uint8Array> }): Promise<void> {
  const reader = result.stream.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (res.destroyed || res.headersSent) {
    cancel();
    return;
  }
  res.once('close', () => !res.writableFinished && cancel());
  const headers: Record<string, string | string[]> = { ...SECURITY_HEADERS, ...(result.headers ?? {}) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode, headers);
  // The head goes now, not with the first chunk: the client knows its download has started (and may leave).
  res.flushHeaders();
  try {
    for (let next = await reader.read(); !next.done && !res.destroyed; next = await reader.read()) {
      if (!res.write(next.value)) await writable(res);
    }
    if (!res.destroyed) res.end();
  } catch (err) {
    // The job failed after the head was sent: the client sees a cut answer, never a complete-looking one.
    logger.error('streamed answer failed', { error: errorAttributes(err) });
    res.destroy();
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_REQUEST_BYTES) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        chunks.length = 0;
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Turns a Node request into the API Gateway v2 event the Lambda would receive. */
export function toEvent(req: http.IncomingMessage, url: URL, body: Buffer, key: string, params: Record<string, string>): HttpEvent {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies = String(value).split(';').map((c) => c.trim()).filter(Boolean);
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const textual = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    cookies,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? body.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      requestId: randomUUID(),
      http: { method: req.method ?? 'GET', path: url.pathname, sourceIp: req.socket.remoteAddress },
    },
  };
}

export interface ServerOptions {
  webDir: string;
  /** Origins the browser may call besides ours. */
  connectSources?: string[];
  /**
   * The local file store sends no CORS header, so the browser reaches it through our origin:
   * requests under `path` carrying a presigned signature are forwarded to `target` (the store
   * checks the signature), without the caller's cookies or Authorization.
   */
  storeProxy?: { path: string; target: string };
}

/** What a stored file may do when served from our origin: nothing (no script, no sniffing). */
const STORE_RESPONSE_HEADERS = { ...SECURITY_HEADERS, 'content-security-policy': "default-src 'none'; sandbox" };

function proxyStore(req: http.IncomingMessage, res: http.ServerResponse, url: URL, { path: prefix, target }: { path: string; target: string }): void {
  if (!url.searchParams.has('X-Amz-Signature') || !['GET', 'HEAD', 'PUT'].includes(req.method ?? '')) {
    discardBody(req);
    send(res, { statusCode: 403, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Accesso negato' });
    return;
  }
  const store = new URL(target);
  const headers: http.OutgoingHttpHeaders = { ...req.headers, host: store.host };
  for (const name of ['authorization', 'cookie', 'origin', 'referer']) delete headers[name];
  const upstream = http.request(
    { hostname: store.hostname, port: store.port, method: req.method, path: (req.url?.startsWith('/') ? req.url : url.pathname + url.search).slice(prefix.length), headers },
    (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!/^access-control-/i.test(name) && value !== undefined) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, { ...out, ...STORE_RESPONSE_HEADERS });
      // A refusal (a body larger than the signed size) may come before the upload has finished:
      // the rest of it is read and dropped, so the client hears the 403 instead of a reset.
      if ((answer.statusCode ?? 502) >= 400) {
        req.unpipe(upstream);
        discardBody(req);
      }
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) send(res, { statusCode: 502, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Archivio dei file non raggiungibile' });
    else if (!res.writableFinished) res.destroy();
  });
  req.pipe(upstream);
}

const BAD_URL = errorBody(400, 'bad_request', 'Richiesta non valida', 'Indirizzo della richiesta non valido.');

/**
 * The request target as a URL, or null when it cannot be one (bad percent-encoding, garbage).
 * An origin-form target is kept as the path even when it starts with `//`.
 */
export function parseTarget(raw: string | undefined): URL | null {
  try {
    const target = raw ?? '/';
    const url = target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

/** Reads and throws away what is left of a refused request, up to the size we would have read. */
function discardBody(req: http.IncomingMessage): void {
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) req.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

type LoadHandler = (resource: keyof typeof HANDLER_MODULES) => Promise<LambdaHandler>;

/** Each resource's handler module, imported at its first request and kept. */
function handlerLoader(): LoadHandler {
  const handlers = new Map<string, Promise<LambdaHandler>>();
  return (resource) => {
    let h = handlers.get(resource);
    if (!h) {
      h = HANDLER_MODULES[resource]().then((m) => m.handler);
      handlers.set(resource, h);
    }
    return h;
  };
}

/** What API Gateway does before a Lambda: the route, who calls (before the body), the body, the event. */
async function handleApi(loadHandler: LoadHandler, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  const started = performance.now();
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (match.kind === 'not-found') {
    send(res, errorBody(404, 'not_found', 'Non trovato', 'Risorsa non trovata'));
    return;
  }
  if (match.kind === 'method-not-allowed') {
    send(res, errorBody(405, 'method_not_allowed', 'Metodo non consentito', 'Metodo non consentito per questo indirizzo'));
    return;
  }
  // Who calls is settled before the body is read: an anonymous upload costs nothing.
  if (match.route.access !== 'public') {
    const refusal = await refuseUnauthenticated(req);
    if (refusal) {
      discardBody(req);
      send(res, refusal);
      return;
    }
  }
  const body = await readBody(req);
  if (body === 'too-large') {
    send(res, errorBody(413, 'payload_too_large', 'Richiesta troppo grande', 'La richiesta supera la dimensione massima consentita (6 MB).'));
    return;
  }
  const handler = await loadHandler(match.route.resource);
  const event = toEvent(req, url, body, routeKey(match.route), match.params);
  // The same shape as Lambda's context, so the handler's log lines carry this request's id.
  const result = await handler(event, { awsRequestId: event.requestContext.requestId, functionName: `computa-local-${match.route.resource}` });
  // How long the server worked on the request (Server-Timing): what a client's figure holds besides the network.
  const timed = { ...result, headers: { ...result.headers, 'server-timing': `app;dur=${(performance.now() - started).toFixed(1)}` } };
  if (timed.stream) await sendStream(res, { ...timed, stream: timed.stream });
  else send(res, timed);
}

async function refuseUnauthenticated(req: http.IncomingMessage): Promise<HttpResult | null> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
  const token = readToken(headers, undefined);
  try {
    if (!token) throw new UnauthorizedError();
    await screenToken(token);
    return null;
  } catch (err) {
    if (err instanceof AppError) return errorBody(err.status, err.code, err.title, err.detail);
    throw err;
  }
}

/** The compiled web app: a file of `webDir`, or index.html for the SPA router's paths. */
function serveStatic(webDir: string, htmlHeaders: Record<string, string>, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, { statusCode: 405, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Metodo non consentito' });
    return;
  }
  const root = path.resolve(webDir);
  let file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
  if (file.includes('\0')) file = root;
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    file = path.join(root, 'index.html'); // the SPA router takes every other path
  }
  if (!fs.existsSync(file)) {
    send(res, { statusCode: 503, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Interfaccia web non compilata: eseguire npm run build:web' });
    return;
  }
  const ext = path.extname(file);
  const immutable = url.pathname.startsWith('/assets/');
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    ...(ext === '.html' ? htmlHeaders : {}),
    'content-type': MIME[ext] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(file).pipe(res);
}

const fail = (res: http.ServerResponse, err: unknown) => {
  logger.error('local server internal error', { error: errorAttributes(err) });
  if (!res.headersSent) send(res, errorBody(500, 'internal_error', 'Errore interno', 'Si è verificato un errore interno. Riprova più tardi.'));
  else res.destroy();
};

/** Malformed requests (bad request line, oversized headers) never reach the request handler. */
function onClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

export function createHttpServer({ webDir, connectSources = [], storeProxy }: ServerOptions): http.Server {
  const htmlHeaders = { 'content-security-policy': contentSecurityPolicy(connectSources) };
  const loadHandler = handlerLoader();
  const server = http.createServer((req, res) => {
    // Nothing a client sends may escape this function: every failure becomes an answer.
    try {
      res.on('error', () => undefined);
      const url = parseTarget(req.url);
      if (!url) {
        discardBody(req);
        send(res, BAD_URL);
        return;
      }
      if (storeProxy && url.pathname.startsWith(`${storeProxy.path}/`)) {
        proxyStore(req, res, url, storeProxy);
        return;
      }
      const isApi = API_PREFIXES.some((p) => url.pathname === p.replace(/\/$/, '') || url.pathname.startsWith(p));
      if (isApi) handleApi(loadHandler, req, res, url).catch((err) => fail(res, err));
      else serveStatic(webDir, htmlHeaders, req, res, url);
    } catch (err) {
      fail(res, err);
    }
  });
  server.on('clientError', onClientError);
  return server;
}
