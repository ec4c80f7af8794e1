/**
 * Exact decimal arithmetic for quantities, prices and totals.
 *
 * Values are scaled bigints (`units / 10^scale`), so `2´034,50 × 5,59` gives exactly
 * `11´372,855` before rounding, and rounding is half-up (away from zero) as estimators expect.
 * Binary floats never take part in a computation; `toNumber` is only for storage and JSON.
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

export function dec(units: bigint, scale = 0): Decimal {
  return { units, scale };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export const ZERO: Decimal = dec(0n, 0);

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return dec(x + y, scale);
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return dec(x - y, scale);
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return dec(a.units * b.units, a.scale + b.scale);
}

export function neg(a: Decimal): Decimal {
  return dec(-a.units, a.scale);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = add(total, v);
  return total;
}

/** Half-up rounding (ties away from zero) to `digits` decimals. */
export function round(a: Decimal, digits = 2): Decimal {
  if (a.scale <= digits) return dec(a.units * pow10(digits - a.scale), digits);
  const divisor = pow10(a.scale - digits);
  const negative = a.units < 0n;
  const abs = negative ? -a.units : a.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return dec(negative ? -q : q, digits);
}

/** Division rounded half-up to `digits` decimals; throws on division by zero. */
export function div(a: Decimal, b: Decimal, digits = 2): Decimal {
  if (b.units === 0n) throw new RangeError('division by zero');
  // Scale the dividend so the integer quotient carries digits + 1 decimals, then round.
  const extra = digits + 1 + b.scale - a.scale;
  const num = extra >= 0 ? a.units * pow10(extra) : a.units / pow10(-extra);
  return round(dec(num / b.units, digits + 1), digits);
}

export function compare(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function abs(a: Decimal): Decimal {
  return a.units < 0n ? neg(a) : a;
}

export function isZero(a: Decimal): boolean {
  return a.units === 0n;
}

/** Plain decimal string with a dot, trailing zeros kept to the scale ("-12.50"). */
export function toPlainString(a: Decimal): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const int = a.scale ? digits.slice(0, -a.scale) : digits;
  const frac = a.scale ? '.' + digits.slice(-a.scale) : '';
  return (negative ? '-' : '') + int + frac;
}

/** For storage and JSON only: the shortest float that prints back as the same decimal. */
export function toNumber(a: Decimal): number {
  return Number(toPlainString(a));
}

/** From a JS number as stored (e.g. 1234.5): goes through its shortest decimal string. */
export function fromNumber(n: number): Decimal {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return parsePlain(String(n));
}

const PLAIN = /^([+-])?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * Bounds on what the parsers turn into bigints: "1e999999999" or a megabyte of digits would
 * otherwise take seconds and gigabytes. Every float prints within them (5e-324 … 1.8e308).
 */
export const MAX_NUMBER_TEXT = 1000;
export const MAX_EXPONENT = 400;

/** Parses "1234.5", "-0.25", "1e-7". */
export function parsePlain(text: string): Decimal {
  if (text.length > MAX_NUMBER_TEXT) throw new RangeError('number text too long');
  const m = PLAIN.exec(text.trim());
  if (!m) throw new RangeError(`not a number: ${text}`);
  const frac = m[3] ?? '';
  const exp = m[4] ? Number(m[4]) : 0;
  if (!(Math.abs(exp) <= MAX_EXPONENT)) throw new RangeError(`exponent out of range: ${text}`);
  let units = BigInt(m[2] + frac);
  let scale = frac.length;
  if (exp > 0) {
    if (exp >= scale) {
      units *= pow10(exp - scale);
      scale = 0;
    } else scale -= exp;
  } else scale -= exp;
  return dec(m[1] === '-' ? -units : units, scale);
}

// Thousands separators seen in Italian prints: dot, acute accent, apostrophes, spaces.
const THOUSANDS = /[.\u00b4'\u2019\u00a0\u202f ]/g;
const ITALIAN = /^([+-])?(\d{1,3}(?:[.\u00b4'\u2019\u00a0\u202f ]?\d{3})*|\d+)(?:,(\d+))?$/;

/**
 * Parses an Italian-formatted number: "2´034,50", "1.234,56", "1'000", "-12,5", "0,125".
 * Returns null when the text is not such a number (so callers can tell labels from amounts).
 */
export function parseItalian(text: string): Decimal | null {
  if (text.length > MAX_NUMBER_TEXT) return null;
  const t = text.trim().replace(/^\((.*)\)$/, '-$1');
  const m = ITALIAN.exec(t);
  if (!m) return null;
  const int = m[2].replace(THOUSANDS, '');
  const frac = m[3] ?? '';
  const units = BigInt(int + frac);
  return dec(m[1] === '-' ? -units : units, frac.length);
}

// A decimal point: thousands by comma, apostrophes or spaces ("1,680.04", "117'828.43", "25916.73").
const DECIMAL_POINT = /^([+-])?(\d{1,3}(?:[,\u00b4'\u2019\u00a0\u202f ]?\d{3})*|\d+)(?:\.(\d+))?$/;

/**
 * Parses a number written with a decimal point ("1,680.04", "117'828.43", "25916.73", "13.0"), as
 * programs printing in English or with JavaScript's `toFixed` write them; null when it is not one.
 */
export function parseDecimalPoint(text: string): Decimal | null {
  if (text.length > MAX_NUMBER_TEXT) return null;
  const t = text.trim().replace(/^\((.*)\)$/, '-$1');
  const m = DECIMAL_POINT.exec(t);
  if (!m) return null;
  const int = m[2].replace(/[,\u00b4'\u2019\u00a0\u202f ]/g, '');
  const frac = m[3] ?? '';
  const units = BigInt(int + frac);
  return dec(m[1] === '-' ? -units : units, frac.length);
}

/** Accepts Italian ("1.234,56") or dot ("1234.56") input, as price-list cells come both ways. */
export function parseFlexible(text: string): Decimal | null {
  const t = text.trim();
  if (!t || /^nan$/i.test(t)) return null;
  if (t.includes(',')) return parseItalian(t);
  // "1.234" alone is ambiguous; with exactly 3 digits after a single dot in a price-list it
  // is a thousands group only when more groups follow ("1.234.567").
  if (/^[+-]?\d{1,3}(\.\d{3}){2,}$/.test(t)) return parseItalian(t);
  try {
    return parsePlain(t);
  } catch {
    return null;
  }
}

/** Formats with Italian separators: "11.372,86" (thousands "." unless told otherwise). */
export function formatItalian(a: Decimal, digits = 2, thousands = '.'): string {
  const r = round(a, digits);
  const plain = toPlainString(r);
  const negative = plain.startsWith('-');
  const [int, frac] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return (negative ? '-' : '') + grouped + (frac ? ',' + frac : '');
}
