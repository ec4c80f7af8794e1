/**
 * The OpenAPI 3.1 document of the API, generated from the contract (shared/api) with zod's own
 * JSON Schema export (draft 2020-12, the dialect of OpenAPI 3.1) and the route table: every route,
 * its access (Bearer: session JWT or API key; or the session cookie), parameters, body, success
 * answer with an example, and the JSON:API errors it can answer, with Italian examples built by
 * the same error classes the handlers throw.
 */
import { z } from 'zod';
import { CONTRACT, type RouteContract } from '../../shared/api/index.ts';
import { errorsBody, type HttpStatus } from '../../shared/api/common.ts';
import { ROUTES, routeKey, type Route } from '../routes.ts';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PreconditionFailedError,
  StorageUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors.ts';
import { SESSION_COOKIE } from './middleware.ts';

type Json = Record<string, unknown>;

const API_VERSION = '2.0.0';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

const GENERIC_DETAIL: Record<HttpStatus, () => AppError> = {
  400: () => new ValidationError('Campo non valido: quantita (atteso un numero o un testo)'),
  401: () => new UnauthorizedError(),
  403: () => new ForbiddenError(),
  404: () => new NotFoundError(),
  409: () => new ConflictError('Il dato è stato modificato nel frattempo: ricarica e riprova.'),
  412: () => new PreconditionFailedError('La riga è cambiata rispetto alla versione indicata (If-Match): ricarica la riga e riprova.'),
  413: () => new PayloadTooLargeError('La richiesta supera la dimensione massima consentita (6 MB).'),
  415: () => new UnsupportedMediaTypeError('Formato della richiesta non supportato: usare application/json o multipart/form-data'),
  429: () => new TooManyRequestsError('Troppi tentativi di accesso non riusciti. Riprova tra 8 secondi.'),
  503: () => new StorageUnavailableError(),
};

/** One `errors[]` item as the error middleware writes it, with the route's own detail if it has one. */
function errorFor(status: HttpStatus, detail: string | undefined) {
  const generic = GENERIC_DETAIL[status]();
  return { status: String(generic.status), code: generic.code, title: generic.title, detail: detail ?? generic.detail };
}

/** The statuses a route can answer besides success: from its access, shape and own errors. */
function errorStatuses(route: Route, contract: RouteContract): HttpStatus[] {
  const own = Object.keys(contract.errors ?? {}).map(Number) as HttpStatus[];
  const set = new Set<HttpStatus>(own);
  const hasBody = Boolean(contract.body);
  if (hasBody || contract.params || contract.query) set.add(400);
  if (route.access !== 'public') set.add(401);
  if (route.access === 'admin') set.add(403);
  if (contract.params) set.add(404);
  if (hasBody) {
    set.add(413);
    set.add(415);
  }
  if (contract.versioned && route.method !== 'GET') set.add(412);
  if (route.method !== 'GET') set.add(503);
  return [...set].sort((a, b) => a - b);
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Creato',
  302: 'Redirect a un indirizzo temporaneo del file',
  400: 'Richiesta non valida',
  401: 'Non autenticato',
  403: 'Accesso negato',
  404: 'Non trovato',
  409: 'Conflitto',
  412: 'Versione non più attuale (If-Match)',
  413: 'Richiesta troppo grande',
  415: 'Formato non supportato',
  429: 'Troppe richieste',
  503: 'Archivio non disponibile',
};

/** The version headers of a versioned resource: ETag in every answer, If-Match on writes. */
const ETAG_HEADER = { etag: { description: 'La versione della riga (da rimandare in If-Match)', schema: { type: 'string', example: '"3"' } } };
const IF_MATCH: Json = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'La versione letta (ETag): se la riga è cambiata da allora la richiesta non è eseguita (412)',
  schema: { type: 'string', example: '"3"' },
};

function parameters(contract: RouteContract, method: string): Json[] {
  const out: Json[] = contract.versioned && method !== 'GET' ? [IF_MATCH] : [];
  for (const [where, schema] of [['path', contract.params], ['query', contract.query]] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      const { description, example, ...rest } = prop;
      out.push({
        name,
        in: where,
        required: where === 'path' || (js.required ?? []).includes(name),
        ...(description ? { description } : {}),
        ...(example !== undefined ? { example } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

function requestBody(contract: RouteContract): Json | undefined {
  if (!contract.body) return undefined;
  const schema = jsonSchema(contract.body, 'input');
  const content: Json = {};
  const kind = contract.bodyType ?? 'json';
  if (kind === 'json' || kind === 'json-or-multipart') {
    content['application/json'] = { schema, ...(contract.requestExample !== undefined ? { example: contract.requestExample } : {}) };
  }
  if (kind === 'multipart' || kind === 'json-or-multipart') {
    const props = { ...((schema.properties as Json) ?? {}) };
    const required = [...((schema.required as string[]) ?? [])];
    for (const [name, description] of Object.entries(contract.files ?? {})) {
      props[name] = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description };
      required.push(name);
    }
    content['multipart/form-data'] = { schema: { type: 'object', properties: props, ...(required.length ? { required } : {}) } };
  }
  return { required: true, content };
}

function operation(route: Route, contract: RouteContract, operationId: string): Json {
  const status = contract.status ?? 200;
  const responses: Json = {};
  if (contract.produces) {
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      content: { [contract.produces]: { schema: { type: 'string', ...(contract.produces.startsWith('text/') ? {} : { format: 'binary' }) } } },
    };
    if (route.path.endsWith('/download')) responses['302'] = { description: STATUS_TEXT[302], headers: { location: { schema: { type: 'string' } } } };
  } else if (contract.response) {
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      ...(contract.versioned && contract.etag !== false ? { headers: ETAG_HEADER } : {}),
      content: { 'application/json': { schema: jsonSchema(contract.response, 'output'), ...(contract.example !== undefined ? { example: contract.example } : {}) } },
    };
  }
  for (const code of errorStatuses(route, contract)) {
    const err = errorFor(code, contract.errors?.[code]);
    responses[String(code)] = {
      description: STATUS_TEXT[code],
      ...(code === 429 ? { headers: { 'retry-after': { description: 'Secondi da attendere', schema: { type: 'integer' } } } } : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Errors' },
          example: { errors: [err] },
        },
      },
    };
  }
  const params = parameters(contract, route.method);
  const body = requestBody(contract);
  return {
    operationId,
    tags: [route.resource],
    summary: contract.summary,
    description: [contract.description, `Accesso: ${ACCESS_TEXT[route.access]}. Gestore: functions/handlers/${route.resource}.ts, azione \`${route.action}\`.`].filter(Boolean).join('\n\n'),
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

const ACCESS_TEXT = { public: 'pubblico', user: 'utenti autenticati', admin: 'solo amministratori' } as const;

let cached: Json | undefined;

/** The document (built once per process: the contract does not change at run time). */
export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  const used = new Set<string>();
  for (const route of ROUTES) {
    const contract = (CONTRACT as Record<string, RouteContract>)[routeKey(route)];
    if (!contract) throw new Error(`no contract for ${routeKey(route)}`);
    let operationId = `${route.resource}.${route.action}`;
    for (let i = 2; used.has(operationId); i++) operationId = `${route.resource}.${route.action}${i}`;
    used.add(operationId);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, contract, operationId);
  }
  cached = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Computa API',
      version: API_VERSION,
      description:
        'API di Computa: verifica dei computi metrici estimativi. Risposte JSON:API: `{ data, meta }`; elenchi con `meta["total-count"]`; errori `{ errors: [{ status, code, title, detail }] }` con `detail` in italiano.\n\n' +
        'Autenticazione: `Authorization: Bearer <token>`, dove il token è il JWT di sessione restituito da `POST /api/auth/login` oppure una chiave API generata da un amministratore. Il browser usa invece il cookie di sessione HttpOnly.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(ROUTES.map((r) => r.resource))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'JWT di sessione (da POST /api/auth/login) oppure chiave API' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Cookie HttpOnly impostato dal login (browser)' },
      },
      schemas: { Errors: jsonSchema(errorsBody, 'output') },
    },
    paths,
  };
  return cached;
}
