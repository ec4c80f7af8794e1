import { useEffect, useRef } from 'react';

/** A key pressed where it edits text or answers a dialog: Ctrl+Z belongs to it there. */
function inTextOrDialog(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"]')) return true;
  return false;
}

/**
 * Ctrl+Z (Cmd+Z on a Mac) on the document page undoes the document's last operation, unless the
 * focus is in a text field or a dialog, or `blocked` (a dialog open, an action running).
 */
export function useUndoShortcut(undo: () => void, blocked: boolean) {
  const latest = useRef({ undo, blocked });
  latest.current = { undo, blocked };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
      if (e.repeat || latest.current.blocked || inTextOrDialog(e.target) || inTextOrDialog(document.activeElement)) return;
      e.preventDefault();
      latest.current.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
