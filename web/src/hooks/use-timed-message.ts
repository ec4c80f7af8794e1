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
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const show = useCallback(
    (severity: MessageSeverity, text: string, action?: MessageAction) => {
      clearTimeout(timer.current);
      // A message whose button was used has said what it had to: it goes (its outcome may show elsewhere).
      const taken = action && {
        ...action,
        onClick: () => {
          clear();
          action.onClick();
        },
      };
      setMessage({ severity, text, ...(taken ? { action: taken } : {}) });
      timer.current = setTimeout(() => setMessage(null), action ? WITH_ACTION_MS : severity === 'success' ? successMs : errorMs);
    },
    [successMs, errorMs, clear],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
