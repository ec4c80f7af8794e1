import type { AppContext } from '../config/context.ts';
import type { Role } from '../../shared/domain/roles.ts';

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
}

export type { Role } from '../../shared/domain/roles.ts';

export interface Principal {
  id: number;
  username: string;
  role: Role;
  /** How the caller proved who they are. */
  via: 'session' | 'api_key';
  /** Session id, to revoke it at logout. */
  jti?: string;
}

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

export type Action = (req: ApiRequest, ctx: AppContext) => Promise<HttpResult>;

export function requirePrincipal(req: ApiRequest): Principal {
  if (!req.principal) throw new Error('route reached without a principal: check its access in routes.ts');
  return req.principal;
}
