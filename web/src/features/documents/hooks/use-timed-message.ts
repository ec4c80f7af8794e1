import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  severity: 'success' | 'error' | 'warn' | 'info';
  text: string;
}

/** Spec section 4: success messages last 3 s, errors 5 s. */
export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((severity: TimedMessage['severity'], text: string) => {
    clearTimeout(timer.current);
    setMessage({ severity, text });
    timer.current = setTimeout(() => setMessage(null), severity === 'error' ? ERROR_MS : SUCCESS_MS);
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
