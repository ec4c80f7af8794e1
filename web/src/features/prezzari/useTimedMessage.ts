import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  severity: 'success' | 'error' | 'warn' | 'info';
  text: string;
}

/** Spec section 4: success (and info) messages clear after 3 s, errors and warnings after 5 s. */
export function useTimedMessage(successMs = 3000, errorMs = 5000) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback(
    (severity: TimedMessage['severity'], text: string) => {
      clearTimeout(timer.current);
      setMessage({ severity, text });
      timer.current = setTimeout(() => setMessage(null), severity === 'success' || severity === 'info' ? successMs : errorMs);
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
