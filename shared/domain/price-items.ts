/**
 * One article of a price list, as its file gives it (spec section 3: price-list / CSV row): what
 * the readers return (functions/prezzari/readers) and, with its original code, what a stored
 * price-list version holds (PriceItem, functions/storage/repositories/price-lists.ts).
 */
export interface PriceRow {
  codice: string;
  descrizione: string;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | null;
  provincia: string | null;
  tipologia: string | null;
  scostamento_perc_senza_sg_2024: number | null;
  scostamento_perc_su_anno_2024: number | null;
  /**
   * The labour share of the price, in percent as the list prints it (Toscana `incidenzamanodopera`,
   * a `% Manodopera` column): present only when the file has one.
   */
  incidenza_manodopera?: number | null;
  /** The safety share of the price, in percent (Toscana `incidenzasicurezza`), when the file has one. */
  incidenza_sicurezza?: number | null;
  /**
   * The titles above the article (work type, chapter, item…), most general first, when the file
   * has them: searched with less weight.
   */
  titoli?: string[];
}

export type PriceField = Exclude<keyof PriceRow, 'titoli'>;

/** Fields a list may have or not: never reported missing (spec: only the base fields are). */
export const INCIDENCE_FIELDS = ['incidenza_manodopera', 'incidenza_sicurezza'] as const satisfies readonly PriceField[];

/** The fields of a price row, in the order the readers report them (the incidences apart). */
export const PRICE_FIELDS: readonly PriceField[] = [
  'codice',
  'descrizione',
  'unita_di_misura',
  'prezzo',
  'prezzo_senza_sg',
  'anno',
  'provincia',
  'tipologia',
  'scostamento_perc_senza_sg_2024',
  'scostamento_perc_su_anno_2024',
];
