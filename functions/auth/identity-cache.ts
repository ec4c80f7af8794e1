/**
 * A two-second memory of the identity reads every request makes (the session, the API key, the
 * user), so a burst of requests from one client costs one read of each instead of one per
 * request. Writes to sessions, users and API keys in this process forget everything at once, so
 * logout, revocation and user changes act on the very next request here; another Lambda
 * container may still accept a revoked token for at most IDENTITY_CACHE_MS (API Gateway's own
 * authorizer cache defaults to five minutes). Access windows and session expiry are still checked
 * against the clock on every request: only the stored records are remembered.
 */
export const IDENTITY_CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;

const entries = new Map<string, { value: unknown; until: number }>();
/** Bumped by every forget: a read that started before a write must not store what it read. */
let generation = 0;

/** The value read for `key` in the last IDENTITY_CACHE_MS, or a fresh read. Misses are not remembered. */
export async function remembered<T>(key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as T;
  const started = generation;
  const value = await read();
  if (value !== undefined && started === generation) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { value, until: now + IDENTITY_CACHE_MS });
  }
  return value;
}

/** After any write to sessions, users or API keys. */
export function forgetIdentities(): void {
  generation++;
  entries.clear();
}
