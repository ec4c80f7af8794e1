import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT, type RouteContract } from '../../shared/api/index.ts';
import { errorsBody } from '../../shared/api/common.ts';
import { ROUTES, routeKey } from '../../functions/routes.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/**
 * GET /api/openapi.json and GET /api/docs: public, complete (every route of the table), honest
 * (every example obeys its zod schema; no JSON Schema validator is installed, and the zod schema
 * is what the document is generated from), and the reference page runs from our own origin.
 */
let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let doc: any;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const res = await call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json;
});
afterAll(async () => rt?.close());

const contractOf = (key: string) => (CONTRACT as Record<string, RouteContract>)[key];

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the Bearer scheme (session JWT or API key), public', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has every route of functions/routes.ts, with its access', () => {
    const missing = ROUTES.filter((r) => !doc.paths[r.path]?.[r.method.toLowerCase()]).map(routeKey);
    expect(missing).toEqual([]);
    const count = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBe(ROUTES.length);
    for (const r of ROUTES) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      expect(op.security, routeKey(r)).toEqual(r.access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }]);
      if (r.access !== 'public') expect(Object.keys(op.responses), routeKey(r)).toContain('401');
      if (r.access === 'admin') expect(Object.keys(op.responses), routeKey(r)).toContain('403');
    }
  });

  it('has examples that validate against their schemas: success answers, bodies and Italian errors', () => {
    let checked = 0;
    for (const r of ROUTES) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      const contract = contractOf(routeKey(r));
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        const example = response.content?.['application/json']?.example;
        if (example === undefined) continue;
        const schema = Number(status) >= 400 ? errorsBody : contract.response!;
        const parsed = schema.safeParse(example);
        expect(parsed.success, `${routeKey(r)} ${status}: ${parsed.error?.message}`).toBe(true);
        if (Number(status) >= 400) {
          expect(example.errors[0].status).toBe(status);
          expect(example.errors[0].detail.length, `${routeKey(r)} ${status}`).toBeGreaterThan(5);
        }
        checked++;
      }
      const body = op.requestBody?.content?.['application/json'];
      if (body?.example !== undefined) {
        expect(contract.body!.safeParse(body.example).success, `${routeKey(r)} body`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(ROUTES.length * 2);
  });

  it('documents the Italian business errors the handlers really answer', async () => {
    const op = doc.paths['/api/auth/login'].post;
    expect(op.responses['400'].content['application/json'].example.errors[0].detail).toBe('Username e password sono obbligatori');
    const real = await call('POST', '/api/auth/login', { body: {} });
    expect(real.status).toBe(400);
    expect(real.json.errors[0].detail).toBe('Username e password sono obbligatori');
    expect(doc.paths['/api/rows/update-tipologia-dei'].post.responses['400'].content['application/json'].example.errors[0].detail).toBe('Seleziona una tipologia DEI');
  });
});

describe('API reference page', () => {
  it('answers HTML under the CSP, with every script a file of our own origin', async () => {
    const res = await call('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline.trim(), 'no inline script').toBe('');
      const src = /src="([^"]+)"/.exec(attrs)?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      const asset = await call('GET', src!);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.text.length).toBeGreaterThan(100);
    }
    const css = /href="([^"]+\.css)"/.exec(res.text)?.[1];
    expect((await call('GET', css!)).status).toBe(200);
    expect(res.text).toContain('data-spec-url="/api/openapi.json"');
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it('serves only its own files', async () => {
    for (const name of ['package.json', '..%2F..%2Fpackage.json', 'index.html']) {
      const res = await call('GET', `/api/docs/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.json.errors[0].detail).toBe('Risorsa non trovata');
    }
  });
});

describe('request shape, by the same contract (functions/http/contract.ts)', () => {
  it('refuses a field of the wrong type with an Italian message naming it', async () => {
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/rows/merge', { first_row_id: true, second_row_id: 2 }, 'Campo non valido: first_row_id (atteso un numero o un testo)'],
      ['PUT', '/api/rows/1', { quantita: [1] }, 'Campo non valido: quantita (atteso un numero o un testo)'],
      ['POST', '/api/rows/update-tipologia-dei', { row_ids: 'tutte', tipologia_dei: 'urbanizzazione' }, 'Campo non valido: row_ids (atteso un elenco)'],
      ['POST', '/api/auth/login', { username: 5, password: 'x' }, 'Campo non valido: username (atteso un testo)'],
      ['PUT', '/api/patterns/1', { notes: { a: 1 } }, 'Campo non valido: notes (atteso un testo)'],
    ];
    for (const [method, path, body, detail] of cases) {
      const res = await call(method, path, { token: admin, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ code: 'validation_error', detail });
    }
  });

  it('answers missing fields and values outside an enum with the contract\u2019s own Italian messages', async () => {
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    expect((await call('POST', '/api/auth/login', { body: { username: 'admin' } })).json.errors[0].detail).toBe('Username e password sono obbligatori');
    expect((await call('POST', '/api/rows/update-tipologia-dei', { token: admin, body: { row_ids: [1] } })).json.errors[0].detail).toBe('Seleziona una tipologia DEI');
    expect((await call('POST', '/api/admin/users', { token: admin, body: { username: 'nuovo.utente', password: 'segreta-e-lunga', role: 'capo' } })).json.errors[0].detail).toBe('Ruolo non valido');
  });
});
