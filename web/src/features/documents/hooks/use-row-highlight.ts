import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 4: an updated row stays green 2 s after a single edit or a merge, 3 s after a price update or a bulk change. */
export const HIGHLIGHT_SINGLE_MS = 2000;
export const HIGHLIGHT_BULK_MS = 3000;

/**
 * The rows currently marked as updated. One timer per call (not per row: a price refresh may
 * touch thousands); a row highlighted again later keeps the later deadline.
 */
export function useRowHighlight() {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const owner = useRef(new Map<number, number>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const seq = useRef(0);

  const highlight = useCallback((rowIds: number[], ms: number) => {
    if (!rowIds.length) return;
    const token = ++seq.current;
    for (const id of rowIds) owner.current.set(id, token);
    setIds((prev) => {
      const next = new Set(prev);
      for (const id of rowIds) next.add(id);
      return next;
    });
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      const expired = rowIds.filter((id) => owner.current.get(id) === token);
      for (const id of expired) owner.current.delete(id);
      if (!expired.length) return;
      setIds((prev) => {
        const next = new Set(prev);
        for (const id of expired) next.delete(id);
        return next;
      });
    }, ms);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach(clearTimeout);
  }, []);

  return { highlighted: ids, highlight };
}
