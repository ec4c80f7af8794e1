import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following its changes (e.g. a phone's width). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: cards instead of tables. */
export const NARROW_SCREEN = '(max-width: 640px)';
