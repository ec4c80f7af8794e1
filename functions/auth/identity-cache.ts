/**
 * A two-second memory of the identity reads every request makes (the session, the API key, the
 * user), so a burst of requests from one client costs one read of each instead of one per
 * request. Writes to sessions, users and API keys in this process forget everything at once, so
 * logout, revocation and user changes act on the very next request here; another Lambda
 * container may still accept a revoked token for at most IDENTITY_CACHE_MS (API Gateway's own
 * authorizer cache defaults to five minutes). Access windows and session expiry are still checked
 * against the clock on every request: only the stored records are remembered. An lru-cache with
 * `max` entries and a `ttl`.
 */
import { LRUCache } from 'lru-cache';

export const IDENTITY_CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;

/**
 * At most MAX_ENTRIES records (least recently used out first), each for IDENTITY_CACHE_MS from
 * the moment its read started. Timed with Date.now, read afresh on every look-up (no
 * `ttlResolution` memo), so an expired record is never served.
 */
const entries = new LRUCache<string, { value: unknown; at: number; refreshing?: boolean }>({
  max: MAX_ENTRIES,
  ttl: IDENTITY_CACHE_MS,
  ttlResolution: 0,
  perf: { now: () => Date.now() },
});
/** Bumped by every forget: a read that started before a write must not store what it read. */
let generation = 0;

/** Past this age a record still served starts one read in the background, so a steady client never waits for one. */
const REFRESH_AFTER_MS = IDENTITY_CACHE_MS / 2;

/** Reads `key` afresh and stores what it finds, unless a write came meanwhile; a miss forgets the key. */
async function readAndStore<T>(key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
  const started = generation;
  const startedAt = Date.now();
  const value = await read();
  if (started === generation) {
    if (value !== undefined) entries.set(key, { value, at: startedAt }, { start: startedAt });
    else entries.delete(key);
  }
  return value;
}

/**
 * The value read for `key` in the last IDENTITY_CACHE_MS, or a fresh read. Misses are not
 * remembered. A record older than REFRESH_AFTER_MS is still served (it is within the window) while
 * one read in the background replaces it: the window, and what a revocation waits for, are unchanged.
 */
export async function remembered<T>(key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
  const hit = entries.get(key);
  if (!hit) return readAndStore(key, read);
  if (!hit.refreshing && Date.now() - hit.at > REFRESH_AFTER_MS) {
    hit.refreshing = true;
    readAndStore(key, read).catch(() => {
      hit.refreshing = false;
    });
  }
  return hit.value as T;
}

/** After any write to sessions, users or API keys. */
export function forgetIdentities(): void {
  generation++;
  entries.clear();
}
