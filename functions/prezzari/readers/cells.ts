import { withinAmountLimit } from '../../../shared/domain/amounts.ts';
import { fromNumber, parseFlexible, round, toNumber } from '../../../shared/domain/money.ts';

/**
 * Cell values as the readers hand them over: plain JS values (CSV strings, SheetJS raw values)
 * or exceljs shapes (rich text, formulas with a cached result, hyperlinks, errors, shared strings).
 */
export type RawCell = unknown;

/** Unwraps exceljs cell objects to a primitive (string, number, boolean, Date, null). */
function primitive(value: RawCell): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r) => (r && typeof r === 'object' ? String((r as { text?: unknown }).text ?? '') : '')).join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return primitive(v.result);
    if ('error' in v) return null; // #N/A, #DIV/0!, …
    if ('text' in v) return primitive(v.text); // hyperlink cells
    if ('value' in v) return primitive(v.value);
  }
  return null;
}

const SPACES = /[\s\u00a0\u202f\u2007]+/g;
const NEEDS_CLEAN = /^\s|\s$|\s\s|[^\S ]/;
const TWO_DECIMALS = /^-?\d+(?:\.\d{1,2})?$/;

/** Trimmed text with internal whitespace (line breaks, non-breaking spaces) collapsed; '' when empty. */
export function cellText(value: RawCell): string {
  const p = primitive(value);
  if (p === null) return '';
  if (typeof p === 'number') return Number.isFinite(p) ? String(p) : '';
  if (p instanceof Date) return Number.isNaN(p.getTime()) ? '' : p.toISOString().slice(0, 10);
  const s = String(p);
  return NEEDS_CLEAN.test(s) ? s.replace(SPACES, ' ').trim() : s;
}

/** Text with its line breaks kept (description levels take their first line). */
export function multilineText(value: RawCell): string | null {
  const p = primitive(value);
  if (typeof p !== 'string') return optionalText(p);
  return optionalText(p) === null ? null : p.trim();
}

/** Like cellText, but '' for the "no value" markers price lists use: '-', '—', 'NaN', 'n.d.'. */
export function optionalText(value: RawCell): string | null {
  const t = cellText(value);
  if (!t || /^(?:-+|—|–|nan|null|n\.?d\.?|n\/d)$/i.test(t)) return null;
  return t;
}

/**
 * A money or percentage amount, rounded half-up to 2 decimals through the exact decimal type.
 * Accepts real numbers, "1.234,56", "12,5", "1234.56", "€ 12,50", "12,5 %"; null for empty,
 * "NaN", "-" and anything that is not a number or lies beyond the amount limit (`bad` is
 * set then, for the warnings).
 */
export function cellAmount(value: RawCell, bad?: { invalid: boolean }): number | null {
  const p = primitive(value);
  if (p === null || typeof p === 'boolean' || p instanceof Date) return null;
  if (typeof p === 'number') {
    if (!Number.isFinite(p)) return null;
    // Already at most 2 decimals: rounding would give the same number back.
    if (TWO_DECIMALS.test(String(p)) && Math.abs(p) < 1e12) return p;
    const d = fromNumber(p);
    if (!withinAmountLimit(d)) {
      if (bad) bad.invalid = true;
      return null;
    }
    return toNumber(round(d, 2));
  }
  const t = optionalText(p);
  if (t === null) return null;
  const cleaned = t
    .replace(/€|\bEUR\b|\beuro\b|%/gi, '')
    .replace(/^\s*([+-])\s*/, '$1')
    .trim();
  const d = parseFlexible(cleaned);
  // Beyond the business limit (shared/domain/amounts.ts) a "price" is a misread column.
  if (d === null || !withinAmountLimit(d)) {
    if (bad) bad.invalid = true;
    return null;
  }
  return toNumber(round(d, 2));
}

/** A year (1900–2100) from a number, a text or a date; null otherwise. */
export function cellYear(value: RawCell): number | null {
  const p = primitive(value);
  if (p instanceof Date) return Number.isNaN(p.getTime()) ? null : p.getUTCFullYear();
  const t = typeof p === 'number' ? String(p) : optionalText(p);
  if (!t) return null;
  const m = /^(\d{4})(?:[.,]0+)?$/.exec(t.trim());
  if (!m) return null;
  const y = Number(m[1]);
  return y >= 1900 && y <= 2100 ? y : null;
}

/** Codes: trimmed, whitespace collapsed; numbers printed as such ("1001", not "1001.0"). */
export function cellCode(value: RawCell): string {
  return cellText(value);
}

export function isEmptyRow(cells: readonly RawCell[]): boolean {
  for (const c of cells) {
    if (c === null || c === undefined || c === '') continue;
    if (typeof c === 'number' || (typeof c === 'string' && /\S/.test(c))) return false;
    if (cellText(c) !== '') return false;
  }
  return true;
}
