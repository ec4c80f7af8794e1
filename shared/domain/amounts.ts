/**
 * What an amount typed or sent by a user may be: the one rule every write route reads numbers
 * through (rows, get_unitario, price-list cells), so a value is stored exactly as sent or
 * refused with a clear Italian message, never rounded in silence nor failing in the database.
 *
 * - DynamoDB holds numbers of at most 38 significant digits and magnitude below 1e126; a JS
 *   number prints at most 17. Neither limit is ever reached because of the business limit:
 * - |amount| < 1.000.000.000.000 (a thousand billion euro, or units of measure): no computo
 *   comes near it, and with 2 decimals it is 14 digits, which a float keeps exactly.
 * - Decimals, one set of limits for every way a number gets in (reader, OCR, import, edit, merge,
 *   bulk, API): amounts to the cent (2), quantities to 3 decimals (PriMus keeps 3 by default and
 *   measurement books produce them), unit prices to 6 (lists with 4 decimals, and the rate of a
 *   percentage voce stored as a fraction: 3,25 % -> 0.0325, 2,125 % -> 0.02125).
 */
import { abs, compare, dec, formatItalian, fromNumber, mul, parseFlexible, round, toNumber, type Decimal } from './money.ts';

/** DynamoDB's Number precision. */
export const DYNAMODB_MAX_DIGITS = 38;
/** Business limit, exclusive: 10^12. */
export const AMOUNT_LIMIT: Decimal = dec(10n ** 12n);
export const AMOUNT_DECIMALS = 2;
export const QUANTITY_DECIMALS = 3;
export const UNIT_PRICE_DECIMALS = 6;

/** The decimals each number of a row may carry (prezzo_db is a unit price too). */
export const ROW_DECIMALS = { quantita: QUANTITY_DECIMALS, unitario: UNIT_PRICE_DECIMALS, totale: AMOUNT_DECIMALS, prezzo_db: UNIT_PRICE_DECIMALS } as const;
export type RowNumberField = keyof typeof ROW_DECIMALS;
/** Longer text is not an amount anyone typed. */
const MAX_AMOUNT_TEXT = 64;

export type AmountProblem = 'not_a_number' | 'too_large' | 'too_many_decimals';

export type AmountCheck = { ok: true; value: Decimal } | { ok: false; problem: AmountProblem };

/** Digits that carry information: no leading zeros, no trailing zeros after the point. */
function significant(d: Decimal): { digits: number; decimals: number } {
  let units = d.units < 0n ? -d.units : d.units;
  let scale = d.scale;
  while (units !== 0n && units % 10n === 0n && scale > 0) {
    units /= 10n;
    scale--;
  }
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: units === 0n ? 1 : units.toString().length, decimals: scale };
}

/**
 * Reads an amount: a finite JSON number, or text in Italian ("1.234,56") or dot ("1234.56")
 * notation. Does not build huge bigints for "1e999999999" (those are `too_large`).
 */
export function checkAmount(value: unknown, decimals = AMOUNT_DECIMALS): AmountCheck {
  let text: string;
  if (typeof value === 'number') {
    // JSON gives ±Infinity for literals beyond 1.8e308; NaN only comes from code.
    if (Number.isNaN(value)) return { ok: false, problem: 'not_a_number' };
    if (!Number.isFinite(value)) return { ok: false, problem: 'too_large' };
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { ok: false, problem: 'not_a_number' };
  }
  if (/^[+-]?(?:infinity|∞)$/i.test(text)) return { ok: false, problem: 'too_large' };
  const exponent = /^[+-]?[\d.]+e([+-]?\d+)$/i.exec(text);
  // Exponents far out are refused before any bigint is built from them.
  if (exponent && Number(exponent[1]) >= 100) return { ok: false, problem: 'too_large' };
  if (exponent && Number(exponent[1]) <= -100) return { ok: false, problem: 'too_many_decimals' };
  if (text.length > MAX_AMOUNT_TEXT) return { ok: false, problem: /^[+-]?[\d.,'\s]+$/.test(text) ? 'too_large' : 'not_a_number' };
  const parsed = parseFlexible(text);
  if (!parsed) return { ok: false, problem: 'not_a_number' };
  const { digits, decimals: places } = significant(parsed);
  if (digits > DYNAMODB_MAX_DIGITS || compare(abs(parsed), AMOUNT_LIMIT) >= 0) return { ok: false, problem: 'too_large' };
  if (places > decimals) return { ok: false, problem: 'too_many_decimals' };
  return { ok: true, value: parsed };
}

/** The Italian message for a refused amount; `label` names the field ("quantità", "prezzo DB"). */
export function amountMessage(problem: AmountProblem, label: string, decimals = AMOUNT_DECIMALS): string {
  switch (problem) {
    case 'not_a_number':
      return `Valore numerico non valido per ${label}`;
    case 'too_large':
      return `Importo non valido per ${label}: troppe cifre o valore troppo grande (massimo 999.999.999.999,99 in valore assoluto).`;
    case 'too_many_decimals':
      return `Importo non valido per ${label}: sono ammesse al massimo ${decimals} cifre decimali.`;
  }
}

/** For amounts read from files (rounded there by design): inside the business limit? */
export function withinAmountLimit(value: Decimal): boolean {
  return compare(abs(value), AMOUNT_LIMIT) < 0;
}

/** A number of a row as the store keeps it: rounded half-up to its field's decimals. */
export function toRowDecimals(field: RowNumberField, value: Decimal): Decimal {
  return round(value, ROW_DECIMALS[field]);
}

const FIELD_LABEL: Record<'quantita' | 'unitario' | 'totale', string> = { quantita: 'quantità', unitario: 'prezzo unitario', totale: 'importo' };

/** The reason of a number read from a file beyond the business limit (the row is kept, the number not). */
export const outOfRangeReason = (label: string, inFile: string) => `${label} fuori dai limiti ammessi (nel file ${inFile}, massimo 999.999.999.999,99 in valore assoluto)`;

/**
 * The numbers of a row read from a file (reader, OCR, import) as they may be stored: each finite,
 * inside the business limit and rounded to its decimals. A number the range check refuses is
 * never written: it becomes null and the row carries the reason, so one absurd cell (1e10 × 1e10)
 * never fails the document nor reaches the store. Numbers already flagged keep one reason each.
 */
export function guardReadNumbers<T extends { quantita: number | null; unitario: number | null; totale: number | null; verifica?: readonly string[] | null }>(row: T): T {
  let out = row;
  for (const field of ['quantita', 'unitario', 'totale'] as const) {
    const value = row[field];
    if (value === null) continue;
    const label = FIELD_LABEL[field];
    const finite = Number.isFinite(value);
    const d = finite ? fromNumber(value) : null;
    if (d && withinAmountLimit(d)) {
      const kept = toNumber(toRowDecimals(field, d));
      if (kept !== value) out = { ...out, [field]: kept };
      continue;
    }
    const inFile = d ? formatItalian(round(d, 2), 2) : String(value);
    const reason = outOfRangeReason(label, inFile);
    const verifica = (out.verifica ?? []).filter((r) => !r.startsWith(`${label} fuori dai limiti ammessi`));
    out = { ...out, [field]: null, verifica: [...verifica, reason] };
  }
  return out;
}

/**
 * quantità × prezzo of a row inside the business limit? Each factor may be inside it while the
 * product is not (999.999.999.999 × 85,40): such a row would carry an amount no screen, sum or
 * export can hold exactly. null when it fits (or a factor is missing), else the Italian message.
 */
export function productProblem(quantita: number | null | undefined, price: number | null | undefined, priceLabel: string): string | null {
  if (typeof quantita !== 'number' || typeof price !== 'number' || !Number.isFinite(quantita) || !Number.isFinite(price)) return null;
  const product = mul(fromNumber(quantita), fromNumber(price));
  return withinAmountLimit(round(product, AMOUNT_DECIMALS))
    ? null
    : `Importo non valido: quantità × ${priceLabel} supera il massimo ammesso (999.999.999.999,99 in valore assoluto). Controlla la quantità e il prezzo.`;
}
