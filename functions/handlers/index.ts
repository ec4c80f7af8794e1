import type { Resource } from '../routes.ts';
import type { HttpEvent, HttpResult } from '../http/types.ts';

export type LambdaHandler = (event: HttpEvent, context: object) => Promise<HttpResult>;

/** The Lambda entry of each resource, loaded on first use (the local runtime's stand-in for one function each). */
export const HANDLER_MODULES: Record<Resource, () => Promise<{ handler: LambdaHandler }>> = {
  auth: () => import('./auth.ts') as never,
  'admin-users': () => import('./admin-users.ts') as never,
  'api-keys': () => import('./api-keys.ts') as never,
  tipologie: () => import('./tipologie.ts') as never,
  documents: () => import('./documents.ts') as never,
  rows: () => import('./rows.ts') as never,
  prezzari: () => import('./prezzari.ts') as never,
  search: () => import('./search.ts') as never,
  'csv-data': () => import('./csv-data.ts') as never,
  patterns: () => import('./patterns.ts') as never,
  debug: () => import('./debug.ts') as never,
  docs: () => import('./docs.ts') as never,
};

/** Source file of each resource's Lambda, for the CDK stack's NodejsFunction entries. */
export const handlerEntry = (resource: Resource) => `functions/handlers/${resource}.ts`;
