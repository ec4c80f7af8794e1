import { useCallback, useState } from 'react';

/**
 * One action of a feature (create, update, delete...): runs the fetcher, then the revalidation
 * of what it changed, and says whether it is running. Both functions are module-level (stable).
 */
export function useMutation<A extends unknown[], R>(action: (...args: A) => Promise<R>, revalidate?: () => Promise<unknown>) {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setPending(true);
      try {
        const result = await action(...args);
        await revalidate?.();
        return result;
      } finally {
        setPending(false);
      }
    },
    [action, revalidate],
  );
  return { run, pending };
}
