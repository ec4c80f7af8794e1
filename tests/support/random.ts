/**
 * A seeded random generator for tests and benchmarks (xorshift32): the same seed gives the same
 * numbers on every run and machine, so a failure can be replayed. Never Math.random in a test.
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}
