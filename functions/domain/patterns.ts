import safeRegex from 'safe-regex2';
import { ValidationError } from '../http/errors.ts';

export const MAX_PATTERN_LENGTH = 200;
export const UNSAFE_PATTERN =
  'Espressione regolare rifiutata: può richiedere tempi di calcolo eccessivi (quantificatori annidati o alternative ripetute). Semplifica il pattern.';

/**
 * A pattern runs on every code of every document, so it must be a valid regular expression
 * that cannot backtrack catastrophically: safe-regex2 rejects nested quantifiers ("(a+)+"), and
 * we also reject repeated groups with alternatives ("(a|a)*") and backreferences. The input it
 * runs on is bounded too (MAX_CODE_LENGTH), so what remains is at worst polynomial in 100 chars.
 */
export function validatePattern(pattern: unknown): string {
  if (typeof pattern !== 'string' || !pattern.trim()) throw new ValidationError('Il pattern è obbligatorio');
  const p = pattern.trim();
  if (p.length > MAX_PATTERN_LENGTH) throw new ValidationError(`Il pattern è troppo lungo (massimo ${MAX_PATTERN_LENGTH} caratteri)`);
  try {
    new RegExp(p, 'u');
  } catch (err) {
    throw new ValidationError(`Espressione regolare non valida: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}`);
  }
  if (/\\[1-9]|\\k</.test(p)) throw new ValidationError(UNSAFE_PATTERN);
  if (/\([^()]*\|[^()]*\)(?:[*+]|\{\d*,\d*\})/.test(p)) throw new ValidationError(UNSAFE_PATTERN);
  if (!safeRegex(p)) throw new ValidationError(UNSAFE_PATTERN);
  return p;
}
