import type middy from '@middy/core';
import { randomUUID } from 'node:crypto';
import { errorAttributes, logger } from '../config/logger.ts';
import { accessStatus } from '../../shared/domain/access.ts';
import { getContext } from '../config/context.ts';
import { hashApiKey, looksLikeJwt, verifySession } from '../auth/tokens.ts';
import { findApiKeyByHash, findSession, getUser, sessionIsActive } from '../services/sessions.ts';
import { remembered } from '../auth/identity-cache.ts';
import { routeByKey, type Route } from '../routes.ts';
import {
  ACCESS_PERIOD_DETAIL,
  AppError,
  ForbiddenError,
  PayloadTooLargeError,
  StorageUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors.ts';
import { errorBody } from './respond.ts';
import type { ApiRequest, HttpEvent, HttpResult, Principal, UploadedFile } from './types.ts';

/** What the middlewares build up for the action; middy passes it along as `request.context`. */
export interface RequestState {
  api: ApiRequest;
  route?: Route;
}

type Mw = middy.MiddlewareObj<HttpEvent, HttpResult, Error, RequestState>;

/** Lambda's synchronous payload limit; larger files go to S3 by presigned URL. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;
export const SESSION_COOKIE = 'computa_session';

const STALE_TOKEN_DETAIL = 'Sessione scaduta o non valida. Effettua di nuovo l\u2019accesso.';

const defined = (record: Record<string, string | undefined> | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record ?? {})) if (v !== undefined) out[k] = v;
  return out;
};

/**
 * Builds the ApiRequest skeleton and a request id that every log line carries. Header names
 * arrive lower-cased by @middy/http-header-normalizer, which runs before this.
 */
export const requestContext = (): Mw => ({
  before: async (request) => {
    const event = request.event;
    const requestId = event.requestContext?.requestId || randomUUID();
    logger.appendKeys({ request_id: requestId, route_key: event.routeKey });
    request.context.api = {
      event,
      requestId,
      params: defined(event.pathParameters),
      query: defined(event.queryStringParameters),
      headers: defined(event.headers),
      body: {},
      files: {},
    };
    request.context.route = routeByKey(event.routeKey);
  },
});

async function parseMultipart(raw: Buffer, contentType: string): Promise<Pick<ApiRequest, 'body' | 'files'>> {
  let form: FormData;
  try {
    form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData();
  } catch {
    throw new ValidationError('Il corpo multipart della richiesta non è valido');
  }
  const body: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') body[name] = value;
    else files[name] = { filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) };
  }
  return { body, files };
}

/** JSON, multipart and urlencoded bodies; anything else with a body is refused with 415. */
export const parseBody = (): Mw => ({
  before: async (request) => {
    const { event } = request;
    const api = request.context.api;
    if (!event.body) return;
    const raw = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
    if (raw.length > MAX_BODY_BYTES) {
      throw new PayloadTooLargeError('La richiesta supera la dimensione massima consentita (6 MB).');
    }
    if (raw.length === 0) return;
    const contentType = api.headers['content-type'] ?? '';
    const mime = contentType.split(';')[0].trim().toLowerCase();
    if (mime === 'application/json' || mime.endsWith('+json')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new ValidationError('Il corpo della richiesta non è un JSON valido');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new ValidationError('Il corpo della richiesta deve essere un oggetto JSON');
      }
      api.body = parsed as Record<string, unknown>;
    } else if (mime === 'multipart/form-data') {
      Object.assign(api, await parseMultipart(raw, contentType));
    } else if (mime === 'application/x-www-form-urlencoded') {
      api.body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    } else {
      throw new UnsupportedMediaTypeError(
        'Formato della richiesta non supportato: usare application/json o multipart/form-data',
      );
    }
  },
});

export function readToken(headers: Record<string, string>, cookies: string[] | undefined): string | undefined {
  const auth = headers.authorization;
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m ? m[1] : undefined;
  }
  const all = [...(cookies ?? []), ...(headers.cookie ? headers.cookie.split(';') : [])];
  for (const c of all) {
    const [name, ...rest] = c.trim().split('=');
    if (name === SESSION_COOKIE && rest.length) return rest.join('=');
  }
  return undefined;
}

/** Who is calling: a session JWT (not revoked) or an API key, and a user inside their access window. */
async function resolvePrincipal(token: string): Promise<Principal> {
  const ctx = getContext();
  if (looksLikeJwt(token)) {
    const claims = await verifySession(await ctx.config.signingSecret(), token);
    if (!claims) throw new UnauthorizedError(STALE_TOKEN_DETAIL);
    const userId = Number(claims.sub);
    const session = await remembered(`session:${claims.jti}`, () => findSession(ctx, claims.jti));
    if (!sessionIsActive(session, userId, ctx.now())) throw new UnauthorizedError(STALE_TOKEN_DETAIL);
    const user = await remembered(`user:${userId}`, () => getUser(ctx, userId));
    if (!user) throw new UnauthorizedError(STALE_TOKEN_DETAIL);
    if (accessStatus(user.access_start, user.access_end, ctx.now()) !== 'active') throw new UnauthorizedError(ACCESS_PERIOD_DETAIL);
    return { id: user.id, username: user.username, role: user.role, via: 'session', jti: claims.jti };
  }
  const key = await findApiKey(token);
  if (!key) throw new UnauthorizedError('Token non valido o revocato');
  const user = await remembered(`user:${key.user_id}`, () => getUser(ctx, key.user_id));
  if (!user) throw new UnauthorizedError('Token non valido o revocato');
  if (accessStatus(user.access_start, user.access_end, ctx.now()) !== 'active') throw new UnauthorizedError(ACCESS_PERIOD_DETAIL);
  return { id: user.id, username: user.username, role: user.role, via: 'api_key' };
}

/** The API key a bearer token names (its hash is the key: the key itself is never stored). */
function findApiKey(token: string) {
  const keyHash = hashApiKey(token);
  return remembered(`key:${keyHash}`, () => findApiKeyByHash(getContext(), keyHash));
}

/**
 * The cheap part of authentication, for a server that must decide before reading a body:
 * a session token's signature (no database), or an API key's existence (one read).
 * The full check (revocation, access window, role) still runs in `authorize`.
 */
export async function screenToken(token: string): Promise<void> {
  const ctx = getContext();
  if (looksLikeJwt(token)) {
    if (!(await verifySession(await ctx.config.signingSecret(), token))) throw new UnauthorizedError(STALE_TOKEN_DETAIL);
    return;
  }
  if (!(await findApiKey(token))) throw new UnauthorizedError('Token non valido o revocato');
}

/** Enforces the route's `access` from routes.ts. Public routes still learn who calls, if anyone. */
export const authorize = (): Mw => ({
  before: async (request) => {
    const api = request.context.api;
    const access = request.context.route?.access ?? 'admin';
    const token = readToken(api.headers, request.event.cookies);
    if (!token) {
      if (access === 'public') return;
      throw new UnauthorizedError();
    }
    if (access === 'public') {
      // A stale cookie must not block the login page.
      api.principal = await resolvePrincipal(token).catch(() => undefined);
      return;
    }
    api.principal = await resolvePrincipal(token);
    if (access === 'admin' && api.principal.role !== 'amministratore') throw new ForbiddenError();
  },
});

const INTERNAL_ERROR_DETAIL = 'Si è verificato un errore interno. Riprova più tardi.';

/**
 * Last word on every failure: domain errors become JSON:API errors; anything else a generic 500
 * whose cause is logged (Powertools Logger) with the request id the client sees in `meta`.
 *
 * Not @middy/http-error-handler: it writes `error.message` as the body with a capitalised
 * `Content-Type` and one fixed fallback text for 500s, so it cannot produce the spec's
 * `{ errors: [{ status, code, title, detail, meta }] }` without serialising JSON into
 * `Error.message`, nor put the request id in the 500's `meta`.
 */
export const errorHandler = (): Mw => ({
  onError: async (request) => {
    let err: unknown = request.error;
    if ((err as { name?: string } | null)?.name === 'StorageUnavailableException') err = new StorageUnavailableError({ cause: err });
    const requestId = request.context?.api?.requestId ?? request.event?.requestContext?.requestId ?? 'unknown';
    if (err instanceof AppError) {
      request.response = errorBody(err.status, err.code, err.title, err.detail);
      if (err.headers) request.response.headers = { ...request.response.headers, ...err.headers };
      if (err.status >= 500) logger.error(err.title, { request_id: requestId, route_key: request.event?.routeKey, error: errorAttributes(err) });
      return;
    }
    // request_id is repeated on the line itself: the local server runs requests concurrently in one process.
    logger.error('unhandled error', { request_id: requestId, route_key: request.event?.routeKey, error: errorAttributes(err) });
    request.response = errorBody(500, 'internal_error', 'Errore interno', INTERNAL_ERROR_DETAIL, { request_id: requestId });
  },
});
