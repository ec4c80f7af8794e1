import { useCallback, useState } from 'react';

export type Outcome<T> = { data?: T; error?: string; at: Date; ms: number };

/** A test call run on demand: its answer or error, and how long it took. */
export function useTimedCall<T>(call: () => Promise<T>) {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const [running, setRunning] = useState(false);
  const run = useCallback(async () => {
    setRunning(true);
    const start = performance.now();
    try {
      const data = await call();
      setOutcome({ data, at: new Date(), ms: Math.round(performance.now() - start) });
    } catch (err) {
      setOutcome({ error: err instanceof Error ? err.message : String(err), at: new Date(), ms: Math.round(performance.now() - start) });
    } finally {
      setRunning(false);
    }
  }, [call]);
  return { outcome, running, run };
}
