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

/** A text within its limit (shared/domain/text.ts), else a ValidationError; never cut. */
export function boundedText(text: string, field: TextField): string {
  const problem = textTooLong(text, field);
  if (problem) throw new ValidationError(problem);
  return text;
}
