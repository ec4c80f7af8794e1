/**
 * THE route table. The CDK stack builds one API Gateway route per entry (and one Lambda per
 * resource); the local server matches requests against the same entries. `access` is enforced
 * by the auth middleware from this table, so a route cannot be exposed by accident.
 *
 * The routes themselves ("GET /api/documents/{id}") are the keys of the API contract
 * (shared/api/index.ts, `RouteKey`): this table gives each its resource, action and access, and
 * does not compile while a key of the contract has no entry here or an entry names no key.
 */
import type { Method, RouteKey } from '../shared/api/index.ts';
import type { RoutesOf } from './http/types.ts';

export type { Method, RouteKey } from '../shared/api/index.ts';
export type Access = 'public' | 'user' | 'admin';

/** One Lambda per resource; the module `functions/handlers/<resource>.ts` exports `handler`. */
export const RESOURCES = ['auth', 'admin-users', 'api-keys', 'tipologie', 'documents', 'rows', 'prezzari', 'search', 'csv-data', 'patterns', 'debug', 'docs'] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * The actions each resource's module exports (`functions/handlers/<resource>.ts`), as types only:
 * the table below cannot name an action its module does not have, nor give a route an action
 * whose `defineRoute` names another route (its input would be another contract's).
 */
export interface ResourceActions {
  auth: typeof import('./handlers/auth.ts').actions;
  'admin-users': typeof import('./handlers/admin-users.ts').actions;
  'api-keys': typeof import('./handlers/api-keys.ts').actions;
  tipologie: typeof import('./handlers/tipologie.ts').actions;
  documents: typeof import('./handlers/documents.ts').actions;
  rows: typeof import('./handlers/rows.ts').actions;
  prezzari: typeof import('./handlers/prezzari.ts').actions;
  search: typeof import('./handlers/search.ts').actions;
  'csv-data': typeof import('./handlers/csv-data.ts').actions;
  patterns: typeof import('./handlers/patterns.ts').actions;
  debug: typeof import('./handlers/debug.ts').actions;
  docs: typeof import('./handlers/docs.ts').actions;
}
/** Every resource has its entry above (a new resource without one does not compile). */
type EveryResource = { [R in Resource]: ResourceActions[R] };
export type ActionOf<R extends Resource> = keyof EveryResource[R];
/** The actions of resource R that serve route K: typed by K's contract (`defineRoute(K, ...)`). */
export type ActionFor<R extends Resource, K extends RouteKey> = {
  [A in keyof EveryResource[R]]: K extends RoutesOf<EveryResource[R][A]> ? A : never;
}[keyof EveryResource[R]];

export interface Route {
  key: RouteKey;
  method: Method;
  path: string;
  resource: Resource;
  /** Key into the resource module's `actions`. */
  action: string;
  access: Access;
}

/** One route of the contract, its handler (an action defined for this very route) and who may call it. */
const r = <K extends RouteKey, R extends Resource>(key: K, resource: R, action: NoInfer<ActionFor<R, K>>, access: Access) => {
  const space = key.indexOf(' ');
  return { key, method: key.slice(0, space) as Method, path: key.slice(space + 1), resource, action: String(action), access };
};

const TABLE = [
  // Auth (spec 7 "Auth")
  r('POST /api/auth/login', 'auth', 'login', 'public'),
  r('GET /api/auth/user', 'auth', 'currentUser', 'user'),
  r('POST /api/auth/logout', 'auth', 'logout', 'user'),
  r('POST /register', 'admin-users', 'register', 'admin'),
  r('POST /api/register', 'admin-users', 'register', 'admin'),

  // Admin: dashboard, users, API keys
  r('GET /api/admin/dashboard', 'admin-users', 'dashboard', 'admin'),
  r('GET /api/admin/users', 'admin-users', 'list', 'admin'),
  r('POST /api/admin/users', 'admin-users', 'create', 'admin'),
  r('PUT /api/admin/users/{id}', 'admin-users', 'update', 'admin'),
  r('DELETE /api/admin/users/{id}', 'admin-users', 'remove', 'admin'),
  r('GET /api/admin/api-keys', 'api-keys', 'list', 'admin'),
  r('POST /api/admin/api-keys', 'api-keys', 'create', 'admin'),
  r('DELETE /api/admin/api-keys/{id}', 'api-keys', 'remove', 'admin'),

  // Documents (spec 7 "Documents")
  r('POST /api/upload', 'documents', 'upload', 'user'),
  r('POST /api/upload/preview', 'documents', 'preview', 'user'),
  r('POST /api/upload/presign', 'documents', 'presign', 'user'),
  r('POST /api/upload/complete', 'documents', 'complete', 'user'),
  r('GET /api/documents', 'documents', 'list', 'user'),
  r('GET /api/documents/{id}', 'documents', 'get', 'user'),
  r('GET /api/documents/{id}/rows', 'documents', 'rows', 'user'),
  r('GET /api/documents/{id}/row-count', 'documents', 'rowCount', 'user'),
  r('PUT /api/documents/{id}/status', 'documents', 'setStatus', 'user'),
  r('PUT /api/documents/{id}/settings', 'documents', 'updateSettings', 'user'),
  r('DELETE /api/documents/{id}', 'documents', 'remove', 'user'),
  r('GET /document/{id}/download', 'documents', 'download', 'user'),
  r('POST /api/documents/{id}/update-total', 'documents', 'updateTotal', 'user'),
  r('GET /api/documents/{id}/export', 'documents', 'exportXlsx', 'user'),
  r('POST /api/documents/{id}/duplicate-rows', 'documents', 'duplicateRows', 'user'),
  // Undo of row edits, merges, deletes and bulk changes (issue 26)
  r('GET /api/documents/{id}/operations', 'documents', 'operations', 'user'),
  r('POST /api/documents/{id}/undo', 'documents', 'undo', 'user'),
  // Comparison of computi (issue 23)
  r('GET /api/documents/{id}/comparison', 'documents', 'comparison', 'user'),
  r('GET /api/documents/{id}/comparison/export', 'documents', 'comparisonExport', 'user'),
  r('PUT /api/documents/{id}/comparison/pairs', 'documents', 'comparisonPairs', 'user'),
  r('GET /api/documents/{id}/verification', 'documents', 'verification', 'user'),
  r('PUT /api/documents/{id}/verification', 'documents', 'setVerificationThreshold', 'user'),
  r('PUT /api/documents/{id}/intestazione', 'documents', 'setIntestazione', 'user'),
  r('GET /api/documents/{id}/verification/export', 'documents', 'verificationExport', 'user'),

  // Rows (spec 7 "Rows")
  r('POST /api/rows/merge', 'rows', 'merge', 'user'),
  r('POST /api/rows/update-tipologia-dei', 'rows', 'updateTipologia', 'user'),
  r('POST /api/rows/delete', 'rows', 'removeMany', 'user'),
  r('GET /api/rows/{id}', 'rows', 'get', 'user'),
  r('PUT /api/rows/{id}', 'rows', 'update', 'user'),
  r('DELETE /api/rows/{id}', 'rows', 'remove', 'user'),

  // Price lists (spec 7 "Admin" uploads, "Search", "Rows" get_unitario)
  r('POST /api/upload-prezzario-dei', 'prezzari', 'uploadDei', 'admin'),
  r('POST /api/confirm-prezzario-dei', 'prezzari', 'confirmDei', 'admin'),
  r('POST /api/upload-prezzario-toscana', 'prezzari', 'uploadToscana', 'admin'),
  r('POST /api/confirm-prezzario-toscana', 'prezzari', 'confirmToscana', 'admin'),
  r('POST /api/upload-csv', 'prezzari', 'uploadCsv', 'admin'),
  r('GET /api/prezzari', 'prezzari', 'browse', 'admin'),
  r('POST /api/get_unitario', 'prezzari', 'getUnitario', 'user'),
  r('GET /api/search/price-list', 'search', 'priceList', 'user'),
  r('GET /api/search', 'search', 'combined', 'user'),
  r('GET /api/rows/{id}/suggestions', 'search', 'suggestions', 'user'),
  r('POST /api/rows/{id}/suggestions', 'search', 'applySuggestion', 'user'),
  r('GET /api/csv-data', 'csv-data', 'list', 'user'),

  // Code patterns (admin)
  r('GET /api/patterns', 'patterns', 'list', 'admin'),
  r('POST /api/patterns', 'patterns', 'create', 'admin'),
  r('PUT /api/patterns/{id}', 'patterns', 'update', 'admin'),
  r('DELETE /api/patterns/{id}', 'patterns', 'remove', 'admin'),

  // API debug (admin)
  r('GET /test/db', 'debug', 'db', 'admin'),
  r('GET /test/db/schema', 'debug', 'schema', 'admin'),

  // DEI typologies (list for every logged-in user: the upload form needs it)
  r('GET /api/tipologie-dei', 'tipologie', 'list', 'user'),
  r('POST /api/tipologie-dei', 'tipologie', 'create', 'admin'),
  r('PUT /api/tipologie-dei/{id}', 'tipologie', 'update', 'admin'),
  r('DELETE /api/tipologie-dei/{id}', 'tipologie', 'remove', 'admin'),
  r('PATCH /api/admin/tipologie-dei/bulk-status', 'tipologie', 'bulkStatus', 'admin'),
  r('PATCH /api/admin/tipologie-dei/{id}/status', 'tipologie', 'setStatus', 'admin'),

  // The API's own description (shared/api): OpenAPI 3.1 and its reference page
  r('GET /api/openapi.json', 'docs', 'openapi', 'public'),
  r('GET /api/docs', 'docs', 'page', 'public'),
  r('GET /api/docs/{asset}', 'docs', 'asset', 'public'),
] as const;

export const ROUTES: readonly Route[] = TABLE;

/** Every route of the contract has its entry (each entry's key is checked by `r`). */
type Unrouted = Exclude<RouteKey, (typeof TABLE)[number]['key']>;
const everyRouteInTable: [Unrouted] extends [never] ? true : Unrouted = true;
void everyRouteInTable;

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

const BY_KEY = new Map(ROUTES.map((route) => [routeKey(route), route]));

export function routeByKey(key: string): Route | undefined {
  return BY_KEY.get(key);
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const COMPILED: CompiledRoute[] = ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      names.push(m[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names };
});

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

/** What API Gateway does before invoking a Lambda: find the route and its path parameters. */
export function matchRoute(method: string, path: string): RouteMatch {
  let pathMatched = false;
  for (const c of COMPILED) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
    return { kind: 'found', route: c.route, params };
  }
  return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
}

/** Path prefixes the API owns (the rest is the web app). */
export const API_PREFIXES = ['/api/', '/document/', '/register', '/test/'];
