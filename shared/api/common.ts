/**
 * Building blocks of the API contract (shared/api/*): the JSON:API envelopes every handler
 * answers with (functions/http/respond.ts) and the shape of one route's contract.
 *
 * Why zod (4.x) rather than valibot: zod 4 exports JSON Schema (draft 2020-12, the dialect of
 * OpenAPI 3.1) itself with `z.toJSONSchema`, so the OpenAPI document at /api/openapi.json is
 * generated from these very schemas without a third-party converter; and the same schema parses
 * a request on the server (functions/http/contract.ts) and an answer in the browser
 * (web/src/features/*\/api). valibot is smaller in the bundle, but its JSON Schema export is a
 * separate package with gaps (no input/output distinction), and size matters little here.
 */
import { z } from 'zod';
import { ifMatchVersion } from '../domain/row-versions.ts';
import { AMOUNT_DECIMALS, amountMessage, checkAmount } from '../domain/amounts.ts';
import { toNumber } from '../domain/money.ts';
import { textTooLong, type TextField } from '../domain/text.ts';

/** `{ id, type, attributes }`: respond.ts `resource()` copies the id into the attributes too. */
export function resourceOf<T extends string, A extends z.ZodObject>(type: T, attributes: A) {
  return z.object({ id: z.string(), type: z.literal(type), attributes });
}

/** `{ data }` or `{ data, meta }`: respond.ts `ok()`. */
export function envelope<D extends z.ZodType>(data: D): z.ZodObject<{ data: D }>;
export function envelope<D extends z.ZodType, M extends z.ZodType>(data: D, meta: M): z.ZodObject<{ data: D; meta: M }>;
export function envelope(data: z.ZodType, meta?: z.ZodType) {
  return meta ? z.object({ data, meta }) : z.object({ data });
}

/** The meta of a list: respond.ts `list()`. */
export const listMeta = z.object({ 'total-count': z.number().int().nonnegative() });

/** A JSON:API list of `type` resources with `meta['total-count']` and any extra meta. */
export function listOf<T extends string, A extends z.ZodObject, M extends z.ZodRawShape = Record<never, never>>(type: T, attributes: A, extraMeta?: M) {
  return z.object({ data: z.array(resourceOf(type, attributes)), meta: listMeta.extend((extraMeta ?? {}) as M) });
}

export const message = z.string().meta({ description: 'Messaggio per l\u2019utente, in italiano' });

/** `{ id, message }`: what every DELETE answers. */
export const deleted = envelope(z.object({ id: z.number().int(), message }));

/** `{ errors: [{ status, code, title, detail, meta? }] }`: respond.ts `errorBody()`. */
export const errorObject = z.object({
  status: z.string(),
  code: z.string(),
  title: z.string(),
  detail: z.string().meta({ description: 'Spiegazione in italiano, mostrata all\u2019utente' }),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export const errorsBody = z.object({ errors: z.array(errorObject).min(1) });
export type ErrorsBody = z.infer<typeof errorsBody>;

/**
 * The contract's own messages (functions/http/contract.ts hands the parsed input to the action,
 * so a refused input never reaches it). `whenMissing(message)`: a MISSING field gets `message`;
 * a field present with the wrong type keeps the contract's "Campo non valido: x (atteso ...)".
 */
export const whenMissing = (message: string) => ({ error: (issue: z.core.$ZodRawIssue) => (issue.input === undefined ? message : undefined) });

/** A whole number above 0 out of a number or digits (form fields, path, query), else null. */
export function positiveIntOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** `parse` of the value, or the Italian `message` as the issue (and the value refused). */
export const orRefuse =
  <I, O>(parse: (value: I) => O | null, message: string) =>
  (value: I, ctx: z.core.$RefinementCtx<I>): O => {
    const out = parse(value);
    if (out === null) ctx.addIssue({ code: 'custom', message });
    return out as O;
  };

/** Path parameters are strings: `{id}` arrives as a positive integer, else 400 "Identificativo non valido". */
export const ID_INVALID = 'Identificativo non valido';
export const idPath = z.object({ id: z.string().meta({ description: 'Identificativo numerico', example: '12' }).transform(orRefuse(positiveIntOf, ID_INVALID)) });

/** Query parameters arrive as strings; the schemas turn them into numbers and flags. */
export const queryString = (description: string, example?: string) => z.string().meta({ description, ...(example ? { example } : {}) });

/** A positive integer as a number, or as digits (form fields). */
export const intLike = z.union([z.number().int(), z.string()]);
/** `intLike` read as a positive integer: missing or not one, `message`. */
export const positiveId = (message: string) => z.union([z.number().int(), z.string()], whenMissing(message)).transform(orRefuse(positiveIntOf, message));
/** An amount as a number or as typed in Italian ("1.234,56"). */
export const amountLike = z.union([z.number(), z.string()]);
/**
 * `amountLike` read by the shared rule (shared/domain/amounts.ts): stored exactly as sent, or
 * refused with the Italian message naming `label` (not a number, too large, more than `decimals`
 * decimals); null or '' is "no value".
 */
export const optionalAmountOf = (label: string, decimals = AMOUNT_DECIMALS) =>
  amountLike.nullable().transform((value, ctx): number | null => {
    if (value === null || value === '') return null;
    const checked = checkAmount(value, decimals);
    if (checked.ok) return toNumber(checked.value);
    ctx.addIssue({ code: 'custom', message: amountMessage(checked.problem, label, decimals) });
    return null;
  });
/** A flag as a boolean, or as "true"/"1"/"false"/"0". */
export const boolLike = z.union([z.boolean(), z.literal(['true', 'false', '1', '0']), z.literal([0, 1])]);
/** `boolLike` read as a boolean. */
export const flag = boolLike.transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/** A text within its limit (shared/domain/text.ts), else its Italian message; never cut. */
export const textWithin = (field: TextField) => (text: string, ctx: z.core.$RefinementCtx<string>) => {
  const problem = textTooLong(text, field);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** A required text, trimmed: missing or blank, `message`. */
export const requiredText = (message: string) => z.string(whenMissing(message)).trim().min(1, message);

/**
 * If-Match of a versioned write, as the version the resource must still have (undefined: any,
 * also `*`); anything else is a 412 with `stale` (functions/http/contract.ts reads `status`).
 */
export const ifMatchHeaders = (stale: string) =>
  z.looseObject({
    'if-match': z
      .string()
      .optional()
      .transform((value, ctx) => {
        const version = ifMatchVersion(value);
        if (Number.isNaN(version)) ctx.addIssue({ code: 'custom', message: stale, params: { status: 412 } });
        return version;
      }),
  });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * "GET /api/documents/{id}": a route's method and path template, the key API Gateway calls
 * `routeKey`. Each key of the contract (shared/api/index.ts) is one; functions/routes.ts gives
 * each its handler and access.
 */
export type RouteKeyOf<M extends Method = Method> = `${M} /${string}`;

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 503;

/**
 * The contract of one route. `response` is the success body (JSON) unless `produces` names
 * another media type (files, HTML); `errors` adds route-specific Italian details to the
 * statuses the route can answer (the generic ones are derived from access and method).
 */
export interface RouteContract {
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** An object schema, or one piped into a transform that reads several fields together. */
  body?: z.ZodType<unknown, Record<string, unknown>>;
  /** Request headers the action reads, parsed (If-Match as a version: `ifMatchHeaders`). */
  headers?: z.ZodObject;
  /** How the body travels; JSON unless said otherwise. */
  bodyType?: 'json' | 'multipart' | 'json-or-multipart';
  /** Files of a multipart body (name -> description); they are not in `body`. */
  files?: Record<string, string>;
  status?: 200 | 201 | 302;
  response?: z.ZodType;
  /** Not JSON: the media type of the success body (download, export, HTML page, script). */
  produces?: string;
  example?: unknown;
  requestExample?: unknown;
  errors?: Partial<Record<HttpStatus, string>>;
  /** The resource carries a version: writes honour If-Match (412 when stale). */
  versioned?: boolean;
  /** With `versioned`: false when the answer carries no ETag (it names several rows). */
  etag?: boolean;
}
