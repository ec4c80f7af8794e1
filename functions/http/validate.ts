import { AMOUNT_DECIMALS, amountMessage, checkAmount } from '../../shared/domain/amounts.ts';
import { toNumber } from '../../shared/domain/money.ts';
import { textTooLong, type TextField } from '../../shared/domain/text.ts';
import { ValidationError } from '../errors.ts';

/** Small input readers: each throws a ValidationError with the Italian message given. */
export function requiredString(value: unknown, message: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError(message);
  return value.trim();
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function positiveInt(value: unknown, message: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new ValidationError(message);
  return n;
}

export function idParam(params: Record<string, string>, name = 'id'): number {
  return positiveInt(params[name], 'Identificativo non valido');
}

export function pageParams(query: Record<string, string>, defaults: { perPage: number; maxPerPage: number }) {
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  const perPage = Math.min(defaults.maxPerPage, Math.max(1, Number.parseInt(query.per_page ?? String(defaults.perPage), 10) || defaults.perPage));
  return { page, perPage };
}

export function bool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return fallback;
}

/**
 * An amount typed in a form or sent by a client (12.5, "12,50", "1.234,56"), by the shared rule:
 * stored exactly as sent, or refused (not a number, too many digits, beyond the business limit,
 * more than `decimals` decimals: shared/domain/amounts.ts ROW_DECIMALS) with the Italian message naming `label`.
 */
export function amount(value: unknown, label: string, decimals = AMOUNT_DECIMALS): number {
  const checked = checkAmount(value, decimals);
  if (!checked.ok) throw new ValidationError(amountMessage(checked.problem, label, decimals));
  return toNumber(checked.value);
}

/** Like `amount`, with null or '' meaning "no value". */
export function optionalAmount(value: unknown, label: string, decimals = AMOUNT_DECIMALS): number | null {
  return value === null || value === '' ? null : amount(value, label, decimals);
}

/** A text within its limit (shared/domain/text.ts), else a ValidationError; never cut. */
export function boundedText(text: string, field: TextField): string {
  const problem = textTooLong(text, field);
  if (problem) throw new ValidationError(problem);
  return text;
}
