import { useEffect } from 'react';

/** Arrow keys move between rows, Escape closes the panel (not while typing or in a dialog). */
export function usePdfKeys(onMove: (step: 1 | -1) => void, onClose: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable=true], .p-dialog')) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        onMove(e.key === 'ArrowDown' ? 1 : -1);
      } else if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onMove, onClose]);
}
