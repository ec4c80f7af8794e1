import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_SECONDS, signSession, verifySession } from '../../../functions/auth/tokens.ts';

const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
const claims = { sub: '1', jti: 'j1', role: 'amministratore', username: 'admin' };

afterEach(() => vi.useRealTimers());

describe('session tokens, verified once per process', () => {
  it('answers the same claims on every call for a valid token', async () => {
    const { token } = signSession(SECRET, claims, new Date());
    const first = await verifySession(SECRET, token);
    const second = await verifySession(SECRET, token);
    expect(first).toMatchObject(claims);
    expect(second).toEqual(first);
  });

  it('refuses a token once it expires, even one verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token } = signSession(SECRET, claims, new Date());
    expect(await verifySession(SECRET, token)).toMatchObject(claims);
    vi.advanceTimersByTime(SESSION_SECONDS * 1000 + 1000);
    expect(await verifySession(SECRET, token)).toBeNull();
  });

  it('refuses a verified token with its payload changed, and a token under another key', async () => {
    const { token } = signSession(SECRET, claims, new Date());
    expect(await verifySession(SECRET, token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'amministratore', sub: '2', iss: 'computa', aud: 'computa-web', exp: 4102444800 })).toString('base64url');
    expect(await verifySession(SECRET, `${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifySession('another-secret-of-reasonable-length-9876543210', token)).toBeNull();
  });
});
