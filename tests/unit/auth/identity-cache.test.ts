import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetIdentities, IDENTITY_CACHE_MS, remembered } from '../../../functions/auth/identity-cache.ts';

afterEach(() => {
  vi.useRealTimers();
  forgetIdentities();
});

describe('identity cache', () => {
  it('reads once within the window and again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let reads = 0;
    const read = async () => ({ id: 1, n: ++reads });
    expect(await remembered('user:1', read)).toEqual({ id: 1, n: 1 });
    expect(await remembered('user:1', read)).toEqual({ id: 1, n: 1 });
    vi.advanceTimersByTime(IDENTITY_CACHE_MS + 1);
    expect(await remembered('user:1', read)).toEqual({ id: 1, n: 2 });
    expect(reads).toBe(2);
  });

  it('does not remember a miss: a key created a moment later works at once', async () => {
    let exists = false;
    const read = async () => (exists ? { id: 7 } : undefined);
    expect(await remembered('key:h', read)).toBeUndefined();
    exists = true;
    expect(await remembered('key:h', read)).toEqual({ id: 7 });
  });

  it('forgets everything on a write, and a read that started before the write is not stored', async () => {
    let release!: () => void;
    const slow = () => new Promise<string>((resolve) => (release = () => resolve('stale')));
    const inFlight = remembered('session:j', slow);
    // The write (a logout) lands while the read is in flight: what that read saw is stale.
    forgetIdentities();
    release();
    expect(await inFlight).toBe('stale');
    let reads = 0;
    expect(await remembered('session:j', async () => (reads++, 'fresh'))).toBe('fresh');
    expect(reads).toBe(1);
  });

  it('past half the window serves the record it has and reads it again in the background, never past the window', async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ['Date'] });
    let reads = 0;
    let release!: () => void;
    const read = () => new Promise<{ n: number }>((resolve) => ((reads += 1), (release = () => resolve({ n: reads }))));
    const first = remembered('user:2', read);
    release();
    expect(await first).toEqual({ n: 1 });
    // Act: past half the window, the record is served at once and one read starts behind it
    vi.advanceTimersByTime(IDENTITY_CACHE_MS / 2 + 1);
    expect(await remembered('user:2', read)).toEqual({ n: 1 });
    expect(await remembered('user:2', read)).toEqual({ n: 1 });
    expect(reads).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    // Assess: the background read replaced it, and its own window starts when it started
    expect(await remembered('user:2', read)).toEqual({ n: 2 });
    expect(reads).toBe(2);
    vi.advanceTimersByTime(IDENTITY_CACHE_MS + 1);
    const late = remembered('user:2', read);
    expect(reads).toBe(3);
    release();
    expect(await late).toEqual({ n: 3 });
  });

  it('forgets a record whose background read finds it gone (a revoked key)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let exists = true;
    const read = async () => (exists ? { id: 9 } : undefined);
    expect(await remembered('key:g', read)).toEqual({ id: 9 });
    exists = false;
    vi.advanceTimersByTime(IDENTITY_CACHE_MS / 2 + 1);
    expect(await remembered('key:g', read)).toEqual({ id: 9 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await remembered('key:g', read)).toBeUndefined();
  });
});
