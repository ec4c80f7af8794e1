import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/**
 * Every route of the route table, called as each kind of caller. Path parameters point at
 * records that do not exist, so allowed calls end in 4xx of their own (400/404) and change nothing.
 */
type Caller = 'anonymous' | 'redattore' | 'amministratore' | 'expired' | 'revokedKey';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const mkUser = async (username: string, extra: Record<string, unknown> = {}) =>
    (await call('POST', '/api/admin/users', { token: admin, body: { username, password: 'password1', ...extra } })).json.data.id as number;
  const mkKey = async (userId: number) =>
    (await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: userId, description: 'matrice' } })).json.data;

  // Keys rather than sessions, so that calling logout in the matrix cannot end them.
  tokens.amministratore = (await mkKey(1)).key;
  tokens.redattore = (await mkKey(await mkUser('matrice.redattore'))).key;
  const expiredId = await mkUser('matrice.scaduto');
  tokens.expired = (await mkKey(expiredId)).key;
  await call('PUT', `/api/admin/users/${expiredId}`, { token: admin, body: { access_end: '2020-01-01' } });
  const revoked = await mkKey(await mkUser('matrice.revocato'));
  await call('DELETE', `/api/admin/api-keys/${revoked.id}`, { token: admin });
  tokens.revokedKey = revoked.key;
});
afterAll(async () => rt?.close());

function expected(route: Route, caller: Caller): 'allowed' | 401 | 403 {
  if (route.access === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'expired' || caller === 'revokedKey') return 401;
  if (route.access === 'admin' && caller === 'redattore') return 403;
  return 'allowed';
}

const CALLERS: Caller[] = ['anonymous', 'redattore', 'amministratore', 'expired', 'revokedKey'];

describe('authorization matrix', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path} (${route.access})`, async () => {
      const path = route.path.replace(/\{\w+\}/g, '987654');
      for (const caller of CALLERS) {
        const res = await call(route.method, path, {
          token: tokens[caller],
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const want = expected(route, caller);
        if (want === 'allowed') {
          expect([401, 403], `${caller} → ${res.status} ${res.text}`).not.toContain(res.status);
          expect(res.status, `${caller} → ${res.text}`).toBeLessThan(500);
        } else {
          expect(res.status, `${caller} → ${res.text}`).toBe(want);
          expect(res.json.errors[0].detail).toBeTruthy();
        }
      }
    });
  }
});
