import { useCallback, useEffect, useRef, useState } from 'react';

export type MessageSeverity = 'success' | 'error' | 'warn' | 'info';

/** A button the message carries ("Annulla" after a row change). */
export interface MessageAction {
  label: string;
  onClick: () => void;
}

export interface TimedMessage {
  severity: MessageSeverity;
  text: string;
  action?: MessageAction;
}

/** A message with a button stays long enough to reach the button. */
const WITH_ACTION_MS = 10_000;

/**
 * A message that clears itself. Spec section 4: success 3 s, error 5 s by default (the user
 * and key lists keep both for 5 s: pass the durations).
 */
export function useTimedMessage({ successMs = 3000, errorMs = 5000 }: { successMs?: number; errorMs?: number } = {}) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback(
    (severity: MessageSeverity, text: string, action?: MessageAction) => {
      clearTimeout(timer.current);
      setMessage({ severity, text, ...(action ? { action } : {}) });
      timer.current = setTimeout(() => setMessage(null), action ? WITH_ACTION_MS : severity === 'success' ? successMs : errorMs);
    },
    [successMs, errorMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
