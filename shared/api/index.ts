/**
 * THE API contract: route key ("GET /api/documents/{id}", as in functions/routes.ts) -> the zod
 * schemas of its path parameters, query, body and success answer. One file per resource.
 *
 * - The server validates requests with it (functions/http/contract.ts, one middleware).
 * - /api/openapi.json is generated from it (shared/api/openapi.ts), /api/docs renders that.
 * - The web app parses answers with it (web/src/features/*\/api).
 *
 * `satisfies Record<RouteKey, RouteContract>` makes a route without a contract (or a contract
 * without a route) a type error; tests/unit/http/api-contract.test.ts checks the same at run time.
 */
import type { RouteKey } from '../../functions/routes.ts';
import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import type { RouteContract } from './common.ts';
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
} satisfies Record<RouteKey, RouteContract>;

export type Contract = typeof CONTRACT;

/** And no contract for a route that is not in the table (spreads escape excess-property checks). */
type Stray = Exclude<keyof Contract, RouteKey>;
const noStrayContract: [Stray] extends [never] ? true : Stray = true;
void noStrayContract;

export function contractOf(key: string): RouteContract | undefined {
  return (CONTRACT as Record<string, RouteContract>)[key];
}

export type { RouteContract } from './common.ts';
