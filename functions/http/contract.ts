import type middy from '@middy/core';
import type { z } from 'zod';
import { contractOf } from '../../shared/api/index.ts';
import { routeKey } from '../routes.ts';
import { ValidationError } from '../errors.ts';
import type { RequestState } from './middleware.ts';
import type { HttpEvent, HttpResult } from './types.ts';

type Mw = middy.MiddlewareObj<HttpEvent, HttpResult, Error, RequestState>;

const EXPECTED: Record<string, string> = {
  string: 'un testo',
  number: 'un numero',
  int: 'un numero intero',
  boolean: 'vero o falso',
  array: 'un elenco',
  object: 'un oggetto',
  null: 'null',
};

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '');

/** What the field should have been, in Italian ("un numero", "un numero o un testo"). */
function expectation(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type') return EXPECTED[issue.expected] ?? undefined;
  if (issue.code === 'invalid_union') {
    const kinds = [...new Set(issue.errors.flat().flatMap((i) => (i.code === 'invalid_type' ? [EXPECTED[i.expected] ?? i.expected] : [])))];
    return kinds.length ? kinds.join(' o ') : undefined;
  }
  return undefined;
}

/** "Campo non valido: quantita (atteso un numero)". */
function shapeMessage(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  const expected = expectation(issue);
  if (expected) return `Campo non valido: ${field} (atteso ${expected})`;
  if (issue.code === 'invalid_value') return `Campo non valido: ${field} (valori ammessi: ${issue.values.map(String).join(', ')})`;
  return `Campo non valido: ${field}`;
}

/**
 * The first shape problem of `input`, or null. Two kinds of problem are left to the handlers,
 * which check them with their own Italian messages ("Username e password sono obbligatori",
 * "Seleziona una tipologia DEI", "Ruolo non valido", "Seleziona uno stato valido"): a MISSING
 * field, and a value of the right type outside the allowed ones (enums are business rules; the
 * contract still documents them).
 */
/** A right-typed value outside the allowed ones (also through a union of enums and literals). */
function valueOnly(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'invalid_value') return true;
  return issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors.some((branch) => branch.length > 0 && branch.every(valueOnly));
}

function shapeProblem(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues.find((i) => !valueOnly(i) && (valueAt(input, i.path) !== undefined || i.path.length === 0));
  return issue ? shapeMessage(issue) : null;
}

/**
 * Validates the route's path parameters, query and body against its contract (shared/api),
 * after authorize and parseBody: SHAPE only (types, allowed values). Business rules and their
 * messages stay in the handlers. With COMPUTA_CHECK_ANSWERS=1 (the test suites) every JSON
 * success answer is also parsed with the route's response schema, and a mismatch is a 500.
 */
export const validateRequest = (): Mw => ({
  before: async (request) => {
    const route = request.context.route;
    const contract = route && contractOf(routeKey(route));
    if (!contract) return;
    const api = request.context.api;
    for (const [schema, input] of [
      [contract.params, api.params],
      [contract.query, api.query],
      [contract.body, api.body],
    ] as const) {
      if (!schema) continue;
      const problem = shapeProblem(schema, input);
      if (problem) throw new ValidationError(problem);
    }
  },
  after: async (request) => {
    if (process.env.COMPUTA_CHECK_ANSWERS !== '1') return;
    const route = request.context.route;
    const contract = route && contractOf(routeKey(route));
    const res = request.response;
    if (!contract?.response || !res?.body || res.statusCode >= 300 || !/json/.test(res.headers?.['content-type'] ?? '')) return;
    const parsed = contract.response.safeParse(JSON.parse(res.body));
    if (!parsed.success) {
      throw new Error(`answer of ${routeKey(route!)} does not match its contract: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    }
  },
});
