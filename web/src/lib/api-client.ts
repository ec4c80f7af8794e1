/**
 * The one way the web app talks to the API: Bearer token from local storage, JSON:API errors
 * read as the spec says (first errors[].detail, else message, else error), a 401 ends the
 * session, and GETs are retried on network errors and 5xx (never on 4xx).
 */
import { config, type z } from 'zod';

// zod compiles fast parsers with `new Function` unless told not to; our CSP (script-src 'self',
// no 'unsafe-eval') would report every attempt as a violation.
config({ jitless: true });

export const TOKEN_KEY = 'computa_token';
export const USER_KEY = 'computa_user';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No answer at all (spec section 8, generic upload). */
export const CONNECTION_ERROR = 'Errore di connessione. Verificare la connessione internet.';

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string | null) =>
  token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY);

let onUnauthorized: (() => void) | undefined;
/** The auth provider registers what a 401 does (clear the session, go to /login). */
export function setUnauthorizedHandler(fn: (() => void) | undefined) {
  onUnauthorized = fn;
}

export function errorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { errors?: Array<{ detail?: string }>; message?: string; error?: string };
    if (Array.isArray(b.errors) && b.errors[0]?.detail) return b.errors[0].detail;
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  return fallback;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Whether a 401 here ends the session (not for the current-user check itself). */
  handle401?: boolean;
  signal?: AbortSignal;
  retries?: number;
  token?: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, handle401 = true, signal } = options;
  const retries = options.retries ?? (method === 'GET' ? 3 : 0);
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const token = options.token === undefined ? getToken() : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: payload, signal, credentials: 'same-origin' });
    } catch (err) {
      if (signal?.aborted) throw err;
      if (attempt < retries) {
        await sleep(1000 * 2 ** attempt);
        continue;
      }
      throw new ApiError(0, CONNECTION_ERROR);
    }
    if (res.status >= 500 && attempt < retries) {
      await sleep(1000 * 2 ** attempt);
      continue;
    }
    const text = await res.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (!res.ok) {
      if (res.status === 401 && handle401) onUnauthorized?.();
      throw new ApiError(res.status, errorMessage(data, `Errore del server (${res.status})`), data);
    }
    return data as T;
  }
}

/** The Authorization header of the stored session, if any. */
export const authHeaders = (): Record<string, string> => {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

export const UNEXPECTED_ANSWER = 'Risposta inattesa dal server: ricarica la pagina e riprova.';

/**
 * An answer read through the API contract (shared/api): the same zod schema the server is
 * tested against, so the caller gets typed data and no shape guessing. An answer that does not
 * match is an error, not a half-read page.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`${what}: answer does not match the API contract`, parsed.error.issues);
    throw new ApiError(0, UNEXPECTED_ANSWER, data);
  }
  return parsed.data;
}

/** `apiRequest` whose answer is parsed with the route's response schema. */
export async function apiCall<S extends z.ZodType>(schema: S, path: string, options: RequestOptions = {}): Promise<z.output<S>> {
  return parseAnswer(schema, await apiRequest<unknown>(path, options), `${options.method ?? 'GET'} ${path}`);
}

