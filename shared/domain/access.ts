/**
 * User access window. Dates are calendar days (YYYY-MM-DD) in Italian time: a user whose
 * access ends on 30/06 can still work all day on 30/06.
 */
export type AccessStatus = 'active' | 'expired' | 'pending';

export const ACCESS_STATUS_LABEL: Record<AccessStatus, string> = {
  active: 'Attivo',
  expired: 'Scaduto',
  pending: 'In attesa',
};

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function italianDay(now: Date): string {
  return romeDay.format(now);
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The calendar day of a stored date ("2025-06-30" or "2025-06-30T00:00:00Z"), or null. */
export function toDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = DAY.exec(value.trim());
  return m ? m[0] : null;
}

export function accessStatus(start: string | null | undefined, end: string | null | undefined, now: Date): AccessStatus {
  const today = italianDay(now);
  const endDay = toDay(end);
  const startDay = toDay(start);
  if (endDay && endDay < today) return 'expired';
  if (startDay && startDay > today) return 'pending';
  return 'active';
}

export function isValidDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
