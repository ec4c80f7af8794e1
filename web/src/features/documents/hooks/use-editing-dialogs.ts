import { useCallback, useRef, useState } from 'react';
import type { DocumentRow } from '@/features/documents/types.ts';

/** The dialog open on the document page (one at a time). */
export type EditingDialog =
  | { kind: 'edit'; row: DocumentRow }
  | { kind: 'delete-row'; row: DocumentRow }
  | { kind: 'delete-selected' }
  | { kind: 'update-prices' }
  | { kind: 'merge'; first: DocumentRow; second: DocumentRow }
  | { kind: 'quick-merge'; first: DocumentRow; second: DocumentRow }
  | { kind: 'tipologia' }
  | { kind: 'duplicate' };

export interface ProgressState {
  title: string;
  text: string;
  /** 0..100; undefined for an indeterminate bar. */
  value?: number;
}

export interface ResultNotice {
  severity: 'success' | 'warn';
  title: string;
  lines: string[];
}

/**
 * The page's dialogs: which one is open, whether an action is running (then dialogs stay open
 * and the actions are held back), the progress of a long action and its result.
 */
export function useEditingDialogs() {
  const [dialog, setDialog] = useState<EditingDialog | null>(null);
  const [busy, setBusyState] = useState(false);
  const busyRef = useRef(false);
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [result, setResult] = useState<ResultNotice | null>(null);

  const setBusy = useCallback((value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  }, []);
  const close = useCallback(() => {
    if (!busyRef.current) setDialog(null);
  }, []);
  const closeResult = useCallback(() => setResult(null), []);

  return { dialog, setDialog, close, busy, setBusy, progress, setProgress, result, setResult, closeResult };
}

export type EditingDialogs = ReturnType<typeof useEditingDialogs>;
