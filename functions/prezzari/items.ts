/** A price list's rows as the stored items its search index is built from. */
import { normalizeCode, type PriceSource } from '../../shared/domain/pricing.ts';
import type { PriceItem } from '../storage/repositories/price-lists.ts';
import type { PriceRow } from './readers/index.ts';
import { buildIndex, serialiseIndex } from './search-index.ts';

export interface ImportTarget {
  source: PriceSource;
  key: string;
  year: number;
}

/** What a row without its own year, province or typology takes from the list it is loaded as. */
export function listDefaults(row: PriceRow, target: ImportTarget): { anno: number | null; provincia: string | null; tipologia: string | null } {
  return {
    anno: row.anno ?? (target.source === 'csv' ? null : target.year),
    provincia: row.provincia ?? (target.source === 'toscana' ? target.key : null),
    tipologia: row.tipologia ?? (target.source === 'dei' ? target.key : null),
  };
}

/** Rows to stored items: codes normalised; a list keeps the first row of a repeated code. */
export function toItems(rows: PriceRow[], target: ImportTarget): { items: PriceItem[]; duplicates: number } {
  const seen = new Set<string>();
  const items: PriceItem[] = [];
  let duplicates = 0;
  rows.forEach((row, i) => {
    const codice = normalizeCode(row.codice);
    // CSV data may repeat a code for other years or provinces: keep them all, apart.
    const key = target.source === 'csv' ? `${codice}#${String(i).padStart(6, '0')}` : codice;
    if (target.source !== 'csv' && seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    items.push({
      ...(row.titoli?.length ? { titoli: row.titoli } : {}),
      codice: key,
      codice_originale: row.codice,
      descrizione: row.descrizione,
      unita_di_misura: row.unita_di_misura,
      prezzo: row.prezzo,
      prezzo_senza_sg: row.prezzo_senza_sg,
      ...listDefaults(row, target),
      scostamento_perc_senza_sg_2024: row.scostamento_perc_senza_sg_2024,
      scostamento_perc_su_anno_2024: row.scostamento_perc_su_anno_2024,
      ...(row.incidenza_manodopera != null ? { incidenza_manodopera: row.incidenza_manodopera } : {}),
      ...(row.incidenza_sicurezza != null ? { incidenza_sicurezza: row.incidenza_sicurezza } : {}),
    });
  });
  return { items, duplicates };
}

/** The stored index of a new version (its blob, compressed) and what it holds: the heavy part of publishing a list. */
export async function buildListIndex(version: string, target: ImportTarget, rows: PriceRow[]): Promise<{ blob: Uint8Array; total_rows: number; duplicates: number }> {
  const { items, duplicates } = toItems(rows, target);
  return { blob: await serialiseIndex(buildIndex(version, items)), total_rows: items.length, duplicates };
}
