import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  severity: 'success' | 'error';
  text: string;
}

/** Spec section 4: success messages clear after 3 s, errors after 5 s. */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((severity: TimedMessage['severity'], text: string) => {
    clearTimeout(timer.current);
    setMessage({ severity, text });
    timer.current = setTimeout(() => setMessage(null), severity === 'success' ? 3000 : 5000);
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
