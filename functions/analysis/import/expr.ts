/**
 * Measurement cells of XPWE and SIX may hold arithmetic ("5.50+0.60", "2(3+4)", "2,5*3"):
 * evaluated exactly with the decimal type, by a small recursive-descent parser (no eval).
 * Anything else (a variable, a function) gives null: the cell is not used for the check.
 */
import { add, div, dec, mul, neg, parsePlain, sub, type Decimal } from '../../../shared/domain/money.ts';

const MAX_EXPR = 200;

export function evalMeasure(text: string | number | null | undefined): Decimal | null {
  if (text === null || text === undefined) return null;
  let s = String(text).replace(/\s/g, '');
  if (!s || s.length > MAX_EXPR) return null;
  // Decimal comma (a measurement never has a thousands separator here).
  s = s.replace(/,/g, '.');
  if (!/^[\d.+\-*/()xX]+$/.test(s)) return null;
  s = s.replace(/[xX]/g, '*');
  let i = 0;
  const peek = () => s[i];
  function number(): Decimal | null {
    const m = /^\d+(?:\.\d+)?|^\.\d+/.exec(s.slice(i));
    if (!m) return null;
    i += m[0].length;
    try {
      return parsePlain(m[0]);
    } catch {
      return null;
    }
  }
  function factor(depth: number): Decimal | null {
    if (depth > 20) return null;
    if (peek() === '-') {
      i++;
      const f = factor(depth + 1);
      return f && neg(f);
    }
    if (peek() === '+') {
      i++;
      return factor(depth + 1);
    }
    let v: Decimal | null;
    if (peek() === '(') {
      i++;
      v = expr(depth + 1);
      if (!v || peek() !== ')') return null;
      i++;
    } else v = number();
    // Implicit multiplication: "2(3+4)", "(2)(3)".
    while (v && peek() === '(') {
      const f = factor(depth + 1);
      v = f && mul(v, f);
    }
    return v;
  }
  function term(depth: number): Decimal | null {
    let v = factor(depth);
    while (v && (peek() === '*' || peek() === '/')) {
      const op = s[i++];
      const f = factor(depth);
      if (!f) return null;
      if (op === '/') {
        if (f.units === 0n) return null;
        v = div(v, f, 6);
      } else v = mul(v, f);
    }
    return v;
  }
  function expr(depth: number): Decimal | null {
    let v = term(depth);
    while (v && (peek() === '+' || peek() === '-')) {
      const op = s[i++];
      const t = term(depth);
      if (!t) return null;
      v = op === '+' ? add(v, t) : sub(v, t);
    }
    return v;
  }
  const v = expr(0);
  return v && i === s.length ? v : null;
}

export const ONE = dec(1n);
