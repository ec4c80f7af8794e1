import { formatPrice } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

/**
 * Differences are prezzario − computo: below zero the computo costs more than the reference
 * (red, what a reviewer looks for), above zero it costs less (green).
 */
export const differenceClass = (v: number | null | undefined) => (v === null || v === undefined || v === 0 ? '' : v < 0 ? 'doc-amount-over' : 'doc-amount-under');

/** Sum of a field in cents, so that thousands of rows do not drift. */
export function sumField(rows: DocumentRow[], field: 'totale' | 'prezzo_totale_db' | 'differenza_totale_db'): number {
  let cents = 0;
  for (const r of rows) {
    const v = r[field];
    if (typeof v === 'number' && Number.isFinite(v)) cents += Math.round(v * 100);
  }
  return cents / 100;
}

export type SortOrder = 1 | -1 | 0;

/** Nulls (e.g. rows not priced yet) always last; text compared the Italian way. */
const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });
export function sortRows(rows: DocumentRow[], field: keyof DocumentRow | null, order: SortOrder): DocumentRow[] {
  if (!field || !order) return rows;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || x === undefined || x === '') return y === null || y === undefined || y === '' ? 0 : 1;
    if (y === null || y === undefined || y === '') return -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return c * order;
  });
}

/** The chapter a row is grouped under: its category, else the wider or narrower title the print has. */
export function chapterOf(row: DocumentRow): string | null {
  const c = row.capitoli;
  return c?.categoria ?? c?.supercategoria ?? c?.sottocategoria ?? null;
}

/** Rows without a chapter title are grouped under this name. */
export const NO_CHAPTER = 'Senza capitolo';

export interface ChapterGroup {
  name: string;
  rows: DocumentRow[];
  /** Printed amount of all the chapter's rows. */
  printed: number;
  /** Rows with a reference price, their printed amount, their price-list amount and the difference (prezzario − computo). */
  pricedRows: number;
  pricedPrinted: number;
  reference: number;
  difference: number;
}

/** The rows by chapter, chapters in the order the print has them (first row), rows in document order. */
export function chapterGroups(rows: DocumentRow[]): ChapterGroup[] {
  const byName = new Map<string, DocumentRow[]>();
  for (const r of [...rows].sort((a, b) => a.row_index - b.row_index)) {
    const name = chapterOf(r) ?? NO_CHAPTER;
    const list = byName.get(name);
    if (list) list.push(r);
    else byName.set(name, [r]);
  }
  return [...byName.entries()].map(([name, list]) => {
    const priced = list.filter((r) => r.prezzo_totale_db !== null);
    return {
      name,
      rows: list,
      printed: sumField(list, 'totale'),
      pricedRows: priced.length,
      pricedPrinted: sumField(priced, 'totale'),
      reference: sumField(priced, 'prezzo_totale_db'),
      difference: sumField(priced, 'differenza_totale_db'),
    };
  });
}

const rate = new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** A percentage voce (unit %) holds its rate as a fraction (0,1923): shown as "19,23%", never as euro. */
export const isPercentVoce = (row: Pick<DocumentRow, 'unita_di_misura'>) => /%\s*$/.test(row.unita_di_misura ?? '');

/** The unit price as the voce means it: euro, or the rate of a percentage voce. */
export function formatUnitPrice(row: Pick<DocumentRow, 'unita_di_misura'>, value: number | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return isPercentVoce(row) ? rate.format(value) : formatPrice(value);
}

/** The spec's variazione_percentuale, (prezzo DB − prezzo unitario) / prezzo unitario: its base is the computo's price, and the header says so. */
export const VARIATION_BASE = 'su computo';
export const VARIATION_TITLE = 'Variazione percentuale del prezzo DB sul prezzo unitario del computo: (prezzo DB − prezzo unitario) / prezzo unitario × 100';
