/**
 * Numbers read from a scan, checked with the arithmetic of the computo: a voce prints quantity,
 * unit price and amount, and amount = quantity × unit price rounded half-up to 2 decimals. OCR
 * confuses a few digit shapes (0/8/6/9, 1/7, 3/8, 5/6) and drops or doubles a decimal comma;
 * when exactly one such reading makes the voce add up, it is the printed one. When none does, or
 * several do, the voce is left as read and flagged: never silently wrong.
 *
 * The product rule is the one of shared/domain (exact decimals, half-up); no float takes part.
 * Pure: no I/O, no OCR types. Unit tests in tests/unit/ocr/digit-correction.test.ts.
 */
import { compare, dec, formatItalian, fromNumber, round, toNumber, type Decimal } from '../../shared/domain/money.ts';
import { amountOf } from '../../shared/domain/totals.ts';

export interface Amounts {
  quantita: number;
  unitario: number;
  totale: number;
}

export type AmountField = keyof Amounts;

export interface Correction {
  field: AmountField;
  read: number;
  corrected: number;
}

export type DigitCheck =
  | { status: 'ok'; values: Amounts; corrections: [] }
  | { status: 'corrected'; values: Amounts; corrections: Correction[] }
  | { status: 'ambiguous'; values: Amounts; corrections: []; alternatives: Amounts[] }
  | { status: 'mismatch'; values: Amounts; corrections: [] };

/** Digit shapes OCR takes for one another on 150-300 dpi scans. */
export const CONFUSABLE: Readonly<Record<string, readonly string[]>> = {
  '0': ['8', '6', '9'],
  '1': ['7', '4'],
  '2': ['7'],
  '3': ['8', '5'],
  '4': ['1'],
  '5': ['6', '3'],
  '6': ['5', '8', '0', '9'],
  '7': ['1', '2'],
  '8': ['0', '3', '6', '9'],
  '9': ['0', '8', '6'],
};

/** A number read, exact, with at least `minScale` decimals (its digits are what OCR may have misread). */
function atScale(n: number, minScale: number): Decimal {
  const d = fromNumber(n);
  return d.scale >= minScale ? d : dec(d.units * 10n ** BigInt(minScale - d.scale), minScale);
}

const digitsOf = (d: Decimal): string => (d.units < 0n ? -d.units : d.units).toString();
const withDigits = (d: Decimal, digits: string): Decimal => dec((d.units < 0n ? -1n : 1n) * BigInt(digits), d.scale);

/**
 * A candidate reading adds up when the printed amount is exactly the product rule's amount
 * (shared/domain/totals.ts `amountOf`: quantity × price, half-up to the cent): a correction needs
 * the exact cent, not the cent of tolerance the check of a printed voce allows.
 */
const adds = (q: Decimal, p: Decimal, t: Decimal): boolean => compare(amountOf(q, p), round(t, 2)) === 0;

/** Readings one OCR slip away: one digit swapped for a look-alike, or the decimal comma lost or moved. */
function neighbours(f: Decimal): Decimal[] {
  const out: Decimal[] = [];
  const digits = digitsOf(f);
  for (let i = 0; i < digits.length; i++) {
    for (const alt of CONFUSABLE[digits[i]] ?? []) out.push(withDigits(f, digits.slice(0, i) + alt + digits.slice(i + 1)));
  }
  // A lost comma ("147378" for "1473,78"): OCR drops a comma, it does not invent one.
  for (const shift of [1, 2]) {
    const scale = f.scale + shift;
    if (scale >= 0 && scale <= 4) out.push(dec(f.units, scale));
  }
  return out;
}

const same = (a: Amounts, b: Amounts) => a.quantita === b.quantita && a.unitario === b.unitario && a.totale === b.totale;

/**
 * Checks quantity × unit price = amount; otherwise looks for the one reading, at most `maxSlips`
 * OCR slips away (default 1: a single look-alike digit or comma), that adds up.
 */
export function checkAmounts(read: Amounts, maxSlips: 1 | 2 = 1): DigitCheck {
  if (![read.quantita, read.unitario, read.totale].every(Number.isFinite)) return { status: 'mismatch', values: read, corrections: [] };
  const q = atScale(read.quantita, 2);
  const p = atScale(read.unitario, 2);
  const t = atScale(read.totale, 2);
  if (adds(q, p, t)) return { status: 'ok', values: read, corrections: [] };

  const fields: Array<[AmountField, Decimal]> = [['quantita', q], ['unitario', p], ['totale', t]];
  const found: Amounts[] = [];
  const consider = (cand: Record<AmountField, Decimal>) => {
    if (!adds(cand.quantita, cand.unitario, cand.totale)) return;
    const values = { quantita: toNumber(cand.quantita), unitario: toNumber(cand.unitario), totale: toNumber(cand.totale) };
    // A zero quantity or price "adds up" to a zero amount: never a correction.
    if (!values.quantita || !values.unitario) return;
    if (!found.some((f) => same(f, values))) found.push(values);
  };
  const base = { quantita: q, unitario: p, totale: t };
  for (const [field, f] of fields) for (const n of neighbours(f)) consider({ ...base, [field]: n });
  if (!found.length && maxSlips === 2) {
    for (let a = 0; a < fields.length; a++) {
      for (const na of neighbours(fields[a][1])) {
        // Two slips in one number, or one in each of two numbers.
        for (const nb of neighbours(na)) consider({ ...base, [fields[a][0]]: nb });
        for (let b = a + 1; b < fields.length; b++) for (const nb of neighbours(fields[b][1])) consider({ ...base, [fields[a][0]]: na, [fields[b][0]]: nb });
      }
    }
  }
  if (found.length === 1) {
    const values = found[0];
    const corrections = (['quantita', 'unitario', 'totale'] as const)
      .filter((k) => values[k] !== read[k])
      .map((field) => ({ field, read: read[field], corrected: values[field] }));
    return { status: 'corrected', values, corrections };
  }
  if (found.length > 1) return { status: 'ambiguous', values: read, corrections: [], alternatives: found };
  return { status: 'mismatch', values: read, corrections: [] };
}

const LABEL: Record<AmountField, string> = { quantita: 'quantità', unitario: 'prezzo unitario', totale: 'importo' };

/** "1.478,78" (Italian format, at least 2 decimals, at most 4). */
export function formatNumber(n: number): string {
  const d = fromNumber(n);
  return formatItalian(d, Math.max(2, Math.min(4, d.scale)));
}

/** Italian note for a correction: "importo letto 1.478,78, corretto in 1.473,78 (quantità × prezzo)". */
export function describeCorrection(c: Correction): string {
  return `${LABEL[c.field]} letto ${formatNumber(c.read)} dalla scansione, corretto in ${formatNumber(c.corrected)} (quantità × prezzo = importo)`;
}

export const REASON_MISMATCH = 'Numeri letti dalla scansione: quantità × prezzo ≠ importo stampato';
export const REASON_AMBIGUOUS = 'Numeri letti dalla scansione: più letture possibili di quantità, prezzo o importo';
