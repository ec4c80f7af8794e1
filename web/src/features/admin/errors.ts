/** 'Accesso non autorizzato. Effettuare il login.' for 401 / Unauthorized, else the message. */
export function adminErrorText(err: unknown): string {
  const status = (err as { status?: number })?.status;
  const text = err instanceof Error ? err.message : String(err);
  if (status === 401 || /unauthorized/i.test(text)) return 'Accesso non autorizzato. Effettuare il login.';
  return text;
}
