import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { randomUUID } from 'node:crypto';
import { handler as authHandler } from '../../functions/handlers/auth.ts';
import { logger } from '../../functions/config/logger.ts';
import { FREE_ATTEMPTS } from '../../functions/storage/repositories/login-attempts.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  rt.setNow(null);
  await rt?.close();
});

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

async function createUser(body: Record<string, unknown>) {
  return call('POST', '/api/admin/users', { token: admin, body });
}

describe('login and sessions', () => {
  it('logs the seeded admin in with a token and an HttpOnly SameSite=Strict cookie', async () => {
    // Act
    const res = await call('POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json.data.user).toMatchObject({ username: 'admin', role: 'amministratore' });
    expect(res.json.data.user.password_hash).toBeUndefined();
    expect(res.json.data.token.split('.')).toHaveLength(3);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^computa_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  it('accepts the session cookie alone, as a browser sends it', async () => {
    const login = await call('POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const me = await call('GET', '/api/auth/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.json.data.user.username).toBe('admin');
  });

  it('refuses wrong credentials and missing fields in Italian', async () => {
    const wrong = await call('POST', '/api/auth/login', { body: { username: 'admin', password: 'sbagliata' } });
    expect(wrong.status).toBe(401);
    expect(detail(wrong)).toBe('Credenziali non valide');
    const unknown = await call('POST', '/api/auth/login', { body: { username: 'nessuno', password: 'qualcosa' } });
    expect(unknown.status).toBe(401);
    const missing = await call('POST', '/api/auth/login', { body: { username: '  ', password: '' } });
    expect(missing.status).toBe(400);
    expect(detail(missing)).toBe('Username e password sono obbligatori');
  });

  it('revokes the session at logout: the same token then gets 401', async () => {
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    expect((await call('GET', '/api/auth/user', { token })).status).toBe(200);
    const out = await call('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const after = await call('GET', '/api/auth/user', { token });
    expect(after.status).toBe(401);
    expect(detail(after)).toMatch(/Sessione scaduta o non valida/);
  });

  it('refuses a forged or tampered token', async () => {
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...payload, sub: '999' })).toString('base64url'), s].join('.');
    expect((await call('GET', '/api/auth/user', { token: forged })).status).toBe(401);
    expect((await call('GET', '/api/auth/user', { token: 'not-a-token' })).status).toBe(401);
  });

  it('stores passwords only as scrypt hashes', async () => {
    const created = await createUser({ username: 'hashcheck', password: 'segreta-e-lunga', role: 'redattore' });
    const item = await rt.ctx.db.send(new GetCommand({ TableName: rt.ctx.table('users'), Key: { id: created.json.data.id } }));
    expect(item.Item?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(item.Item)).not.toContain('segreta-e-lunga');
  });
});

describe('header names in any case', () => {
  it('reads Authorization whatever its case (http-header-normalizer), in the Lambda handler itself', async () => {
    // Prepare: an event whose header names are not lower-cased, as a test client or another proxy may send.
    const event = (headers: Record<string, string>) => ({
      version: '2.0' as const,
      routeKey: 'GET /api/auth/user',
      rawPath: '/api/auth/user',
      headers,
      requestContext: { requestId: randomUUID(), http: { method: 'GET', path: '/api/auth/user' } },
    });
    // Act
    const upper = await authHandler(event({ Authorization: `Bearer ${admin}` }), { awsRequestId: randomUUID() } as never);
    const shouting = await authHandler(event({ AUTHORIZATION: `Bearer ${admin}` }), { awsRequestId: randomUUID() } as never);
    const none = await authHandler(event({}), { awsRequestId: randomUUID() } as never);
    // Assess
    expect(upper.statusCode).toBe(200);
    expect(JSON.parse(upper.body ?? '{}').data.user.username).toBe('admin');
    expect(shouting.statusCode).toBe(200);
    expect(none.statusCode).toBe(401);
  });
});

describe('password guessing', () => {
  // The clock stands still unless a test moves it, so no wait runs out while a burst is served.
  beforeEach(() => rt.setNow(new Date()));
  afterEach(() => rt.setNow(null));

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    call('POST', '/api/auth/login', { body: { username, password }, headers });

  /** The auth Lambda called as API Gateway would, from a chosen client address. */
  async function loginFrom(sourceIp: string, username: string, password: string) {
    const res = await authHandler(
      {
        version: '2.0',
        routeKey: 'POST /api/auth/login',
        rawPath: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
        isBase64Encoded: false,
        requestContext: { requestId: randomUUID(), http: { method: 'POST', path: '/api/auth/login', sourceIp } },
      },
      {} as never,
    );
    return { status: res.statusCode, json: JSON.parse(res.body ?? '{}'), headers: res.headers ?? {} };
  }

  it('lets at most the free attempts of 100 parallel wrong guesses reach the password check', async () => {
    await createUser({ username: 'bersaglio', password: 'giusta-e-lunga' });
    // Act: one address, 100 wrong passwords at once.
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => login('bersaglio', `sbagliata${i}`)));
    // Assess: a 401 means the password was checked; a 429 means it was not even looked at.
    const checked = results.filter((r) => r.status === 401).length;
    const refused = results.filter((r) => r.status === 429);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(FREE_ATTEMPTS);
    expect(checked + refused.length).toBe(100);
    expect(detail(refused[0])).toMatch(/^Troppi tentativi di accesso non riusciti\. Riprova tra \d+ second[oi]\.$/);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The right password from the same address waits too.
    expect((await login('bersaglio', 'giusta-e-lunga')).status).toBe(429);
  });

  it('does not lock anyone else out: another address logs in with the right password', async () => {
    await createUser({ username: 'assediato', password: 'giusta-e-lunga' });
    // Prepare: an attacker floods the username from its own address.
    const flood = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom('198.51.100.66', 'assediato', `x${i}`)));
    expect(flood.filter((r) => r.status === 401).length).toBeLessThanOrEqual(FREE_ATTEMPTS);
    expect((await loginFrom('198.51.100.66', 'assediato', 'giusta-e-lunga')).status).toBe(429);
    // Act + Assess: the owner, from elsewhere, is not affected.
    expect((await loginFrom('203.0.113.7', 'assediato', 'giusta-e-lunga')).status).toBe(200);
    expect((await login('assediato', 'giusta-e-lunga')).status).toBe(200);
  });

  it('keeps the admin in while the admin username is flooded from another address', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom('198.51.100.99', 'admin', `tentativo${i}`)));
    expect((await loginFrom('198.51.100.99', 'admin', ADMIN_PASSWORD)).status).toBe(429);
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('ignores a forged CloudFront address header on the local server', async () => {
    await createUser({ username: 'falsario', password: 'giusta-e-lunga' });
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await login('falsario', `sbagliata${i}`)).status).toBe(401);
    // A new header value would be a new "address" if it were trusted.
    const forged = await login('falsario', 'sbagliata', { 'cloudfront-viewer-address': '192.0.2.1:4444' });
    expect(forged.status).toBe(429);
  });

  it('doubles the wait after each further failure and starts over after a success', async () => {
    await createUser({ username: 'paziente', password: 'giusta-e-lunga' });
    const ip = '198.51.100.20';
    const t0 = Math.floor(Date.now() / 1000) * 1000; // whole seconds, as the records keep them
    const at = (s: number) => rt.setNow(new Date(t0 + s * 1000));
    try {
      at(0);
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await loginFrom(ip, 'paziente', `no${i}`)).status).toBe(401);
      // Each failure from here on opens a wait twice as long: 1 s, 2 s, 4 s, 8 s.
      let clock = 0;
      for (const wait of [1, 2, 4, 8]) {
        const early = await loginFrom(ip, 'paziente', 'giusta-e-lunga');
        expect(early.status).toBe(429);
        expect(early.headers['retry-after']).toBe(String(wait));
        expect(early.json.errors[0].detail).toBe(`Troppi tentativi di accesso non riusciti. Riprova tra ${wait} ${wait === 1 ? 'secondo' : 'secondi'}.`);
        at(clock + wait - 0.5);
        expect((await loginFrom(ip, 'paziente', 'giusta-e-lunga')).status).toBe(429);
        clock += wait;
        at(clock);
        expect((await loginFrom(ip, 'paziente', `ancora${wait}`)).status).toBe(401);
      }
      expect((await loginFrom(ip, 'paziente', 'giusta-e-lunga')).headers['retry-after']).toBe('16');
      // Act: the right password once the wait is over.
      clock += 16;
      at(clock);
      expect((await loginFrom(ip, 'paziente', 'giusta-e-lunga')).status).toBe(200);
      // Assess: the count starts over, with its free attempts.
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await loginFrom(ip, 'paziente', `di-nuovo${i}`)).status).toBe(401);
      expect((await loginFrom(ip, 'paziente', 'giusta-e-lunga')).status).toBe(429);
    } finally {
      rt.setNow(null);
    }
  });

  it('answers 401, not a storage error, to a very long username', async () => {
    const res = await login('x'.repeat(5000), 'qualcosa');
    expect(res.status).toBe(401);
    expect(detail(res)).toBe('Credenziali non valide');
  });

  it('forgets old failures after a day', async () => {
    await createUser({ username: 'smemorato', password: 'giusta-e-lunga' });
    const ip = '198.51.100.21';
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) await loginFrom(ip, 'smemorato', `no${i}`);
    expect((await loginFrom(ip, 'smemorato', 'giusta-e-lunga')).status).toBe(429);
    rt.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect((await loginFrom(ip, 'smemorato', 'giusta-e-lunga')).status).toBe(200);
  });
});

describe('access period', () => {
  it('refuses login outside the access window with the access-period message', async () => {
    await createUser({ username: 'scaduto', password: 'password-di-prova', access_start: '2020-01-01', access_end: '2020-12-31' });
    await createUser({ username: 'futuro', password: 'password-di-prova', access_start: '2999-01-01' });
    for (const username of ['scaduto', 'futuro']) {
      const res = await call('POST', '/api/auth/login', { body: { username, password: 'password-di-prova' } });
      expect(res.status).toBe(403);
      expect(detail(res)).toMatch(/periodo di accesso/);
    }
  });

  it('lets a user in on the last day of the window and refuses the next request once it has passed', async () => {
    // Prepare: access ends 30/06/2030; the clock says 22:00 of that day in Italy.
    await createUser({ username: 'finegiugno', password: 'password-di-prova', access_end: '2030-06-30' });
    rt.setNow(new Date('2030-06-30T20:00:00Z')); // 22:00 in Italy
    const token = await loginAs(rt.url, 'finegiugno', 'password-di-prova');
    expect((await call('GET', '/api/auth/user', { token })).status).toBe(200);
    // Act: half an hour after midnight
    rt.setNow(new Date('2030-06-30T22:30:00Z')); // 00:30 on 01/07 in Italy, session still valid
    const res = await call('GET', '/api/auth/user', { token });
    rt.setNow(null);
    // Assess
    expect(res.status).toBe(401);
    expect(detail(res)).toMatch(/periodo di accesso/);
  });
});

describe('malformed requests never reach a stack trace', () => {
  it('answers 400 to malformed JSON, 415 to an unknown content type, 413 to an oversized body', async () => {
    const bad = await call('POST', '/api/auth/login', { raw: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(detail(bad)).toBe('Il corpo della richiesta non è un JSON valido');
    const xml = await call('POST', '/api/auth/login', { raw: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    const huge = await call('POST', '/api/auth/login', { raw: 'x'.repeat(7 * 1024 * 1024), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect(detail(huge)).toMatch(/dimensione massima/);
    const array = await call('POST', '/api/auth/login', { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(array.status).toBe(400);
  });

  it('answers unknown routes with 404 JSON and wrong methods with 405 JSON', async () => {
    const missing = await call('GET', '/api/nothing/here');
    expect(missing.status).toBe(404);
    expect(detail(missing)).toBe('Risorsa non trovata');
    const method = await call('DELETE', '/api/auth/login');
    expect(method.status).toBe(405);
    expect(method.json.errors[0].status).toBe('405');
  });

  it('turns a storage failure into a generic 500 with a request id and no internals, and logs its cause with that id', async () => {
    // Prepare: DynamoDB fails on reads (an AWS fault, injected); the logger is watched, not replaced.
    const mock = mockClient(rt.ctx.db);
    mock.on(GetCommand).rejects(new Error('ProvisionedThroughputExceeded: secret-internal-detail'));
    const logged = vi.spyOn(logger, 'error');
    try {
      // Act
      const res = await call('GET', '/api/auth/user', { token: admin });
      // Assess
      expect(res.status).toBe(500);
      expect(detail(res)).toBe('Si è verificato un errore interno. Riprova più tardi.');
      expect(res.text).not.toContain('secret-internal-detail');
      expect(res.text).not.toContain('at ');
      const requestId = res.json.errors[0].meta.request_id;
      expect(logged).toHaveBeenCalledWith(
        'unhandled error',
        expect.objectContaining({ request_id: requestId, route_key: 'GET /api/auth/user', error: expect.objectContaining({ message: expect.stringContaining('secret-internal-detail') }) }),
      );
    } finally {
      logged.mockRestore();
      mock.restore();
    }
  });
});
