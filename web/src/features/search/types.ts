export interface PriceSearchResult {
  id: string;
  codice: string | null;
  tariffa: string | null;
  descrizione: string | null;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | null;
  provincia: string | null;
  tipologia: string | null;
  source: 'dei' | 'toscana' | string;
  source_label: string | null;
  list_key: string | null;
  list_year: number | null;
  /** Where the query matched: [start, end) ranges in the code and the description. */
  highlights?: { codice: Array<[number, number]>; descrizione: Array<[number, number]> };
}

export interface CsvRow {
  id: string;
  codice: string | null;
  tariffa: string | null;
  descrizione: string | null;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | null;
  provincia: string | null;
  tipologia: string | null;
}

