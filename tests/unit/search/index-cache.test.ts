import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../functions/config/context.ts';
import { buildIndex, IndexCache, indexMemoryBytes, serialiseIndex } from '../../../functions/prezzari/search-index.ts';
import { generateArticles } from '../../bench/search-data.ts';

/** Real index blobs (built, serialised and decompressed as the store would give them), by version. */
async function blobsOf(sizes: Record<string, number>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const [version, n] of Object.entries(sizes)) out.set(version, gunzipSync(await serialiseIndex(buildIndex(version, generateArticles(n, n)))));
  return out;
}

/** The cache reads blobs only through `blobs`; the context is passed along untouched. */
const ctx = {} as AppContext;

describe('the search index cache is bounded by size, not by count', () => {
  it('evicts the least recently used index once the estimated bytes pass the bound, and keeps none larger than the bound', async () => {
    // Prepare: three lists of 1,500 articles and one of 6,000; room for two of the small ones.
    const blobs = await blobsOf({ a: 1500, b: 1500, c: 1500, big: 6000 });
    const reads: string[] = [];
    const one = indexMemoryBytes(blobs.get('a')!.length);
    const cache = new IndexCache(Math.round(one * 2.5), async (_ctx, version) => {
      reads.push(version);
      return blobs.get(version) ?? null;
    });
    // Act
    const a = await cache.load(ctx, 'a');
    await cache.load(ctx, 'b');
    const heldTwo = cache.versions();
    await cache.load(ctx, 'a');
    await cache.load(ctx, 'c');
    const heldAfterThird = cache.versions();
    const bytesAfterThird = cache.bytes;
    const big = await cache.load(ctx, 'big');
    // Assess: two fit, the third pushes out the least recently used (b, since a was asked again).
    expect(a?.items).toHaveLength(1500);
    expect(heldTwo.sort()).toEqual(['a', 'b']);
    expect(heldAfterThird).toEqual(['c', 'a']);
    expect(bytesAfterThird).toBeLessThanOrEqual(cache.maxBytes);
    expect(bytesAfterThird).toBeGreaterThan(one * 1.8);
    // An index larger than the bound is answered, and not kept.
    expect(big?.items).toHaveLength(6000);
    expect(indexMemoryBytes(blobs.get('big')!.length)).toBeGreaterThan(cache.maxBytes);
    expect(cache.versions()).not.toContain('big');
    // Only the evicted one is read again.
    await cache.load(ctx, 'a');
    await cache.load(ctx, 'b');
    expect(reads).toEqual(['a', 'b', 'c', 'big', 'b']);
  });

  it('shares one load between the requests that ask for a version meanwhile, and forgets a failed load', async () => {
    // Prepare
    const blobs = await blobsOf({ a: 300 });
    let reads = 0;
    let fail = true;
    const cache = new IndexCache(10 ** 9, async (_ctx, version) => {
      reads++;
      if (fail) throw new Error('store down');
      return blobs.get(version) ?? null;
    });
    // Act
    const failed = await Promise.allSettled([cache.load(ctx, 'a'), cache.load(ctx, 'a')]);
    fail = false;
    const [x, y] = await Promise.all([cache.load(ctx, 'a'), cache.load(ctx, 'a')]);
    // Assess
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(x).toBe(y);
    expect(reads).toBe(2);
    expect(cache.versions()).toEqual(['a']);
  });
});
