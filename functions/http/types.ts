import type { z } from 'zod';
import type { AppContext } from '../config/context.ts';
import type { Contract, RouteKey } from '../../shared/api/index.ts';
import type { Principal } from '../auth/principal.ts';

/** The subset of the API Gateway HTTP API (payload v2) event the handlers read. */
export interface HttpEvent {
  version?: '2.0';
  routeKey: string;
  rawPath: string;
  rawQueryString?: string;
  headers: Record<string, string | undefined>;
  cookies?: string[];
  queryStringParameters?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  requestContext: {
    requestId: string;
    http: { method: string; path: string; sourceIp?: string };
  };
}

export interface HttpResult {
  statusCode: number;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
  /**
   * Local server only (infra/local/http-server.ts): the body as a stream, written chunk by chunk
   * instead of `body`; cancelled when the client leaves. A Lambda's answer is always `body`.
   */
  stream?: ReadableStream<Uint8Array>;
}

export type { Role } from '../../shared/domain/roles.ts';
export type { Principal } from '../auth/principal.ts';

export interface ApiRequest {
  event: HttpEvent;
  requestId: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON body (or form fields as strings for multipart and urlencoded). */
  body: Record<string, unknown>;
  /** Files of a multipart body. */
  files: Record<string, UploadedFile>;
  principal?: Principal;
}

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

type Part<C, P extends 'params' | 'query' | 'body'> = C extends { [F in P]: infer S extends z.ZodType } ? z.output<S> : Record<never, never>;

/**
 * The input of route K as functions/http/contract.ts hands it over: path parameters, query and
 * body PARSED by its contract (shared/api), so typed as the schemas' output (an id is a number,
 * `with=2,3` is [2, 3]); the headers too when the contract declares them (If-Match as a
 * version); the multipart files it names. A field the contract does not declare is a type error.
 */
export type InputOf<K extends RouteKey> = K extends RouteKey
  ? {
      params: Part<Contract[K], 'params'>;
      query: Part<Contract[K], 'query'>;
      body: Part<Contract[K], 'body'>;
      headers: Contract[K] extends { headers: infer S extends z.ZodType } ? z.output<S> : Record<string, string>;
      files: Contract[K] extends { files: infer F } ? { [N in keyof F]?: UploadedFile } : Record<never, never>;
    }
  : never;

/** A request to route K: its typed input, and who calls, the headers and the raw event. */
export type RouteRequest<K extends RouteKey> = Omit<ApiRequest, 'params' | 'query' | 'body' | 'headers' | 'files'> & InputOf<K>;

/** The action of route(s) K; `routes` names them, so the route table can check its entries. */
export type Action<K extends RouteKey = RouteKey> = ((req: RouteRequest<K>, ctx: AppContext) => Promise<HttpResult>) & { readonly routes: readonly K[] };

/**
 * The handler of route `key` (or of several routes with one input, e.g. POST /register and
 * POST /api/register), its input typed by the contract: `defineRoute('PUT /api/rows/{id}',
 * async (req, ctx) => ...)` reads `req.params.id` as a number, `req.body.quantita` as
 * `number | null | undefined` (an amount typed "1.234,56" arrives parsed).
 */
export function defineRoute<const K extends RouteKey>(key: K | readonly K[], run: (req: RouteRequest<K>, ctx: AppContext) => Promise<HttpResult>): Action<K> {
  return Object.assign(run, { routes: typeof key === 'string' ? [key] : [...(key as readonly K[])] });
}

/** Any route's action, as the resource handler holds them (it passes the input validateRequest checked). */
export type AnyAction = ((req: never, ctx: AppContext) => Promise<HttpResult>) & { readonly routes: readonly RouteKey[] };

/** The route(s) an action serves (the route table checks its entries against them). */
export type RoutesOf<A> = A extends { readonly routes: readonly (infer K)[] } ? K : never;

export function requirePrincipal(req: Pick<ApiRequest, 'principal'>): Principal {
  if (!req.principal) throw new Error('route reached without a principal: check its access in routes.ts');
  return req.principal;
}
