/**
 * What every structured-computo importer shares: the result type (the PDF reader's voce model, so
 * pricing, editing and export need no change), the refusal error with its Italian reason, the
 * limits, and the checks every voce goes through (quantità × prezzo = importo, grand total).
 */
import { compare, formatItalian, fromNumber, parseFlexible, round, sum, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import { AMOUNT_DECIMALS, outOfRangeReason, QUANTITY_DECIMALS, UNIT_PRICE_DECIMALS, withinAmountLimit } from '../../../shared/domain/amounts.ts';
import { amountOf as productRule } from '../../../shared/domain/totals.ts';
import { MAX_INCIDENZA } from '../../../shared/domain/manodopera.ts';
import { addReason, productHolds, R_PRODOTTO, R_TOTALE } from '../parser/checks.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { ImportError } from '../../errors.ts';

export type ComputoFormat = 'pdf' | 'xpwe' | 'six' | 'leeno' | 'xlsx' | 'xls' | 'ods';

/** The `layout` stored on the document for each structured format. */
export const IMPORT_LAYOUT = { xpwe: 'xpwe', six: 'six', leeno: 'leeno', xlsx: 'excel', xls: 'excel', ods: 'excel' } as const;

export interface ImportResult {
  layout: (typeof IMPORT_LAYOUT)[keyof typeof IMPORT_LAYOUT];
  voci: ParsedVoce[];
  /** The grand total the file states, when it states one; null otherwise. */
  document_total: number | null;
  warnings: string[];
}

/** Upload limit for every computo file (spec 9: 50 MB, as for PDFs). */
export const MAX_COMPUTO_BYTES = 52_428_800;
/** A zip (xlsx, ods) may inflate to at most this, all entries together. */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** More voci than this is not a computo anyone prints. */
export const MAX_VOCI = 50_000;

export const R_MISURE = 'la somma delle righe di misura non corrisponde alla quantità';

/** A file refused with the reason the user reads. */
export { ImportError };

export const FILE_TOO_LARGE = 'File troppo grande. Dimensione massima: 50MB';
export const UNSUPPORTED_FORMAT = 'Tipo di file non valido. Formati supportati: PDF, PriMus XPWE, SIX (XML), LeenO (.ods), Excel (.xlsx, .xls)';

/** A number held by a file: numbers as they are, text in Italian or dot notation; null otherwise. */
export function fileNumber(value: unknown): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? fromNumber(value) : null;
  if (typeof value !== 'string') return null;
  const t = value.replace(/€|\bEUR\b|\beuro\b/gi, '').replace(/[\s\u00a0]/g, '');
  if (!t || t.length > 40) return null;
  return parseFlexible(t);
}

/**
 * A labour incidence a file states for an article, in percent (XPWE IncMDO as PriMus and LeenO
 * write it, SIX incidenzaManodopera): to the hundredth; 0 (their "none") and nonsense give nothing.
 */
export function labourIncidence(value: string): number | undefined {
  const d = fileNumber(value.trim());
  if (!d) return undefined;
  const n = toNumber(round(d, 2));
  return n > 0 && n <= MAX_INCIDENZA ? n : undefined;
}

/** Numbers as stored on a row: amounts and prices to cents, quantities as the file holds them (up to 4 decimals). */
export function stored(d: Decimal, decimals: number): number {
  return toNumber(round(d, decimals));
}

export interface VoceInput {
  tariffa: string;
  descrizione: string;
  unita_di_misura: string;
  quantita: Decimal;
  unitario: Decimal;
  totale: Decimal;
  capitoli?: Capitoli;
  /** Reasons found by the importer itself (e.g. measurements that disagree). */
  verifica?: string[];
}

const clean = (s: string) => s.replace(/[\u00ad\u200b]/g, '').replace(/[\s\u00a0]+/g, ' ').trim();

/**
 * The reason of a voce whose value is beyond the business limit: the voce is imported, flagged
 * "da verificare" with this reason, never dropped nor the whole file refused.
 */
export const outOfRange = (label: string, value: Decimal) => outOfRangeReason(label, formatItalian(round(value, 2), 2));

/** The labour a file states for a voce (issue 39): its incidence in percent, its cost in €. */
export interface DeclaredLabour {
  incidenza?: number;
  costo?: number;
}

/** The voce model of the PDF reader, page-less (a file has no pages), with the product check. */
export function makeVoce(v: VoceInput, index: number, labour: DeclaredLabour = {}): ParsedVoce {
  const capitoli = v.capitoli && Object.values(v.capitoli).some(Boolean) ? Object.fromEntries(Object.entries(v.capitoli).filter(([, s]) => s)) : undefined;
  const voce: ParsedVoce = {
    n: index,
    tariffa: clean(v.tariffa).slice(0, 200),
    descrizione: clean(v.descrizione).slice(0, 20_000),
    unita_di_misura: clean(v.unita_di_misura).slice(0, 40),
    quantita: stored(v.quantita, QUANTITY_DECIMALS),
    unitario: stored(v.unitario, UNIT_PRICE_DECIMALS),
    totale: stored(v.totale, AMOUNT_DECIMALS),
    page: 0,
    page_end: 0,
    verifica: [...(v.verifica ?? [])],
    ...(capitoli ? { capitoli } : {}),
    ...(labour.incidenza !== undefined ? { incidenza_manodopera: labour.incidenza } : {}),
    ...(labour.costo !== undefined ? { costo_manodopera: labour.costo } : {}),
  };
  if (!productHolds(v.quantita, v.unitario, v.totale)) addReason(voce, R_PRODOTTO);
  // Beyond the business limit (999.999.999.999,99): kept as the file has it, for the user to check.
  for (const [label, value] of [['quantità', v.quantita], ['prezzo unitario', v.unitario], ['importo', v.totale]] as const) {
    if (!withinAmountLimit(value)) addReason(voce, outOfRange(label, value));
  }
  return voce;
}

/** Amount of a file that holds none (XPWE, SIX): quantity × price rounded to cents, as those programs print it. */
export function amountOf(q: Decimal, p: Decimal): Decimal {
  return productRule(q, p);
}

/** Grand total check: a stated total that differs from the sum flags every voce, as for PDFs. */
export function finish(result: ImportResult): ImportResult {
  if (!result.voci.length) return result;
  if (result.voci.length > MAX_VOCI) throw new ImportError(`Il computo contiene più di ${MAX_VOCI} voci: non può essere importato.`);
  if (result.document_total != null) {
    const got = round(sum(result.voci.map((v) => fromNumber(v.totale))), 2);
    if (compare(got, round(fromNumber(result.document_total), 2)) !== 0) {
      for (const v of result.voci) addReason(v, R_TOTALE);
      result.warnings.push(`Il totale del file (${result.document_total}) è diverso dalla somma delle voci lette (${toNumber(got)}).`);
    }
  }
  return result;
}
