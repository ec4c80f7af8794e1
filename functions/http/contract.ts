import type middy from '@middy/core';
import type { z } from 'zod';
import { contractOf } from '../../shared/api/index.ts';
import { routeKey } from '../routes.ts';
import { AppError, PreconditionFailedError, ValidationError } from '../errors.ts';
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

/** A right-typed value outside the allowed ones (also through a union of enums and literals). */
function valueOnly(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'invalid_value') return true;
  return issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors.some((branch) => branch.length > 0 && branch.every(valueOnly));
}

/**
 * What an issue says when its schema gives no message of its own: the contract's messages are
 * schema-level (shared/api, `error:` and refinements), which take precedence over this per-parse
 * one, so an issue still carrying it is a plain shape problem.
 */
const SHAPE = '\u0000shape';

/** One part of the input (path parameters, query, body, headers), parsed by its schema. */
interface Parsed {
  input: unknown;
  issues: z.core.$ZodIssue[];
  value?: unknown;
}

const parse = (schema: z.ZodType, input: unknown): Parsed => {
  const result = schema.safeParse(input, { error: () => SHAPE });
  return result.success ? { input, issues: [], value: result.data } : { input, issues: result.error.issues };
};

/** A field present with the wrong type ("Campo non valido: quantita (atteso un numero)"), refused before the action runs, as always. */
function wrongType(parts: Parsed[]): ValidationError | null {
  for (const { input, issues } of parts) {
    const issue = issues.find((i) => i.message === SHAPE && !valueOnly(i) && (valueAt(input, i.path) !== undefined || i.path.length === 0));
    if (issue) return new ValidationError(shapeMessage(issue));
  }
  return null;
}

/**
 * The problem of one part: the first message the contract gives itself (a missing field, a
 * value outside the allowed ones, a rule: "Seleziona uno stato valido"), else the first shape
 * problem. 412 when the schema says so (`params.status`: a stale If-Match).
 */
function problemOf(issues: z.core.$ZodIssue[]): AppError {
  const own = issues.find((issue) => issue.message !== SHAPE);
  if (!own) return new ValidationError(shapeMessage(issues[0]));
  const status = own.code === 'custom' ? (own.params as { status?: number } | undefined)?.status : undefined;
  return status === 412 ? new PreconditionFailedError(own.message) : new ValidationError(own.message);
}

/**
 * Parses the route's path parameters, query, body and headers by its contract (shared/api),
 * after authorize and parseBody, and hands the PARSED values to the action (numbers out of
 * digits, `with=2,3` as [2, 3], If-Match as a version): the action's input is the schema's
 * output (types.ts `InputOf`), and the Italian messages are the schemas' own.
 *
 * A field of the wrong type is refused at once. A part refused by one of the contract's own
 * messages is handed over as a getter that throws that message when the action first reads it:
 * the action never sees an invalid value, and keeps the order of its answers (the 404 of a
 * document that does not exist comes before the 400 of the body sent to it, as the spec and the
 * authorization matrix read). With COMPUTA_CHECK_ANSWERS=1 (the test suites) every JSON success
 * answer is also parsed with the route's response schema, and a mismatch is a 500.
 */
export const validateRequest = (): Mw => ({
  before: async (request) => {
    const route = request.context.route;
    const contract = route && contractOf(routeKey(route));
    if (!contract) return;
    const api = request.context.api;
    const parts = {
      params: contract.params && parse(contract.params, api.params),
      query: contract.query && parse(contract.query, api.query),
      body: contract.body && parse(contract.body, api.body),
      headers: contract.headers && parse(contract.headers, api.headers),
    };
    const refused = wrongType(Object.values(parts).filter((p): p is Parsed => p !== undefined));
    if (refused) throw refused;
    for (const [name, part] of Object.entries(parts) as Array<[keyof typeof parts, Parsed | undefined]>) {
      if (!part) continue;
      if (!part.issues.length) Object.assign(api, { [name]: part.value });
      else {
        const problem = problemOf(part.issues);
        Object.defineProperty(api, name, { enumerable: true, configurable: true, get: () => { throw problem; } });
      }
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
