/**
 * THE API contract: route key ("GET /api/documents/{id}") -> the zod schemas of its path
 * parameters, query, body and success answer. One file per resource. The keys are the API's
 * routes: functions/routes.ts builds the route table on them (`RouteKey`), giving each its
 * resource, action and access.
 *
 * - The server validates requests with it (functions/http/contract.ts, one middleware).
 * - /api/openapi.json is generated from it (functions/http/openapi.ts), /api/docs renders that.
 * - The web app parses answers with it (web/src/features/*\/api).
 *
 * functions/routes.ts makes a route without a contract (or a contract without a route) a type
 * error; tests/unit/http/api-contract.test.ts checks the same at run time.
 */
import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import type { RouteContract, RouteKeyOf } from './common.ts';
import { debugRoutes } from './debug.ts';
import { docsRoutes } from './docs.ts';
import { comparisonRoutes } from './comparison.ts';
import { documentRoutes } from './documents.ts';
import { operationRoutes } from './operations.ts';
import { patternRoutes } from './patterns.ts';
import { prezzariRoutes } from './prezzari.ts';
import { rowRoutes } from './rows.ts';
import { suggestionRoutes } from './suggestions.ts';
import { tipologieRoutes } from './tipologie.ts';
import { verificationRoutes } from './verification.ts';

export const CONTRACT = {
  ...authRoutes,
  ...adminRoutes,
  ...documentRoutes,
  ...comparisonRoutes,
  ...operationRoutes,
  ...rowRoutes,
  ...prezzariRoutes,
  ...suggestionRoutes,
  ...patternRoutes,
  ...debugRoutes,
  ...tipologieRoutes,
  ...docsRoutes,
  ...verificationRoutes,
} satisfies Record<RouteKeyOf, RouteContract>;

export type Contract = typeof CONTRACT;

/** "GET /api/documents/{id}": one per route of the API, the key of its contract. */
export type RouteKey = keyof Contract;

/** Every key is "METHOD /path" (spreads escape the check above). */
type Malformed = Exclude<RouteKey, RouteKeyOf>;
const noMalformedKey: [Malformed] extends [never] ? true : Malformed = true;
void noMalformedKey;

export function contractOf(key: string): RouteContract | undefined {
  return (CONTRACT as Record<string, RouteContract>)[key];
}

export type { Method, RouteContract } from './common.ts';
