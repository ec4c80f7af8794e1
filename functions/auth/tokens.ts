import { createHash, createPrivateKey, createPublicKey, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { JwtVerifier } from 'aws-jwt-verify';
import { LRUCache } from 'lru-cache';

/**
 * Session tokens: EdDSA (Ed25519) JWTs. The key pair is derived from one random secret (a
 * file under DATA_DIR locally, a Secrets Manager secret in the cloud), so the stack only has
 * to generate a random string and every Lambda derives the same key. Verification goes
 * through aws-jwt-verify with the derived JWKS cached, fully offline.
 */
const ISSUER = 'computa';
const AUDIENCE = 'computa-web';
export const SESSION_SECONDS = 12 * 60 * 60;

export interface SessionClaims {
  sub: string;
  jti: string;
  role: string;
  username: string;
}

interface KeyMaterial {
  privateKey: KeyObject;
  jwk: { kty: string; crv: string; x: string; kid: string; alg: string; use: string };
  verifier: { verify: (token: string) => Promise<Record<string, unknown>> };
  /** Tokens whose signature this key already verified, with their claims (see verifySession). */
  verified: LRUCache<string, Record<string, unknown> & { exp: number }>;
}

// PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const cache = new Map<string, KeyMaterial>();

function material(secret: string): KeyMaterial {
  let m = cache.get(secret);
  if (m) return m;
  const seed = Buffer.from(hkdfSync('sha256', secret, 'computa', 'session-signing-key', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const pub = createPublicKey(privateKey).export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  const kid = createHash('sha256').update(pub.x).digest('base64url').slice(0, 16);
  const jwk = { kty: pub.kty, crv: pub.crv, x: pub.x, kid, alg: 'EdDSA', use: 'sig' };
  const verifier = JwtVerifier.create({
    issuer: ISSUER,
    audience: AUDIENCE,
    jwksUri: 'https://computa.local/.well-known/jwks.json',
  });
  verifier.cacheJwks({ keys: [jwk] });
  m = { privateKey, jwk, verifier: verifier as unknown as KeyMaterial['verifier'], verified: new LRUCache({ max: MAX_VERIFIED }) };
  cache.set(secret, m);
  return m;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signSession(secret: string, claims: SessionClaims, now: Date): { token: string; expiresAt: number } {
  const { privateKey, jwk } = material(secret);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + SESSION_SECONDS;
  const header = b64({ alg: 'EdDSA', typ: 'JWT', kid: jwk.kid });
  const payload = b64({ ...claims, iss: ISSUER, aud: AUDIENCE, iat, exp });
  const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
  return { token: `${header}.${payload}.${signature}`, expiresAt: exp };
}

/** Signatures remembered per key; past this many the least recently used is forgotten. */
const MAX_VERIFIED = 10_000;

/**
 * A token's signature is checked once per process: the same bytes under the same key always
 * verify the same way, and an Ed25519 verification costs more than the rest of a light request.
 * Expiry is checked on every call, against the clock, as the verifier does. Revocation is not a
 * property of the token: the caller checks the session record every time.
 */
async function verifiedPayload(m: KeyMaterial, token: string): Promise<Record<string, unknown>> {
  const known = m.verified.get(token);
  if (known && known.exp * 1000 > Date.now()) return known;
  const payload = await m.verifier.verify(token);
  if (typeof payload.exp === 'number') {
    m.verified.set(token, payload as Record<string, unknown> & { exp: number });
  }
  return payload;
}

/** Returns the claims, or null for any token that is not a valid, unexpired session JWT. */
export async function verifySession(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const payload = await verifiedPayload(material(secret), token);
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
    return payload as unknown as SessionClaims;
  } catch {
    return null;
  }
}

export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

export function newJti(): string {
  return randomBytes(16).toString('base64url');
}

/** API keys: 32 random bytes behind a readable prefix; only the SHA-256 is stored. */
const API_KEY_PREFIX = 'cmp_';

export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function maskApiKey(key: string): { prefix: string; suffix: string } {
  return { prefix: key.slice(0, 8), suffix: key.slice(-8) };
}
