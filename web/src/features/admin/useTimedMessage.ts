import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  severity: 'success' | 'error' | 'warn';
  text: string;
}

/** A message that clears itself (user and key lists: 5 s for success and error alike). */
export function useTimedMessage(ms = 5000) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback(
    (severity: TimedMessage['severity'], text: string) => {
      clearTimeout(timer.current);
      setMessage({ severity, text });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear: () => setMessage(null) };
}

/** 'Accesso non autorizzato. Effettuare il login.' for 401 / Unauthorized, else the message. */
export function adminErrorText(err: unknown): string {
  const status = (err as { status?: number })?.status;
  const text = err instanceof Error ? err.message : String(err);
  if (status === 401 || /unauthorized/i.test(text)) return 'Accesso non autorizzato. Effettuare il login.';
  return text;
}
