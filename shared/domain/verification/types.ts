/**
 * The formal review of a computo ("Verifica del computo", issue 24): pure rules over the rows,
 * the printed total and what the loaded price lists say about each row's code. Every rule
 * returns one check with an outcome, an Italian sentence and the rows concerned; a rule without
 * the data it needs says `non_verificabile` and why, never `superato`.
 */
import type { FonteManodopera } from '../manodopera.ts';
import type { ReadValues } from '../row-edits.ts';
import type { Capitoli, Verifica } from '../rows.ts';

export const REGOLE = ['aritmetica', 'totale', 'duplicati', 'unita', 'scostamento_prezzo', 'codice_non_in_prezzario', 'nuovi_prezzi', 'quantita', 'lettura', 'manodopera'] as const;
export type Regola = (typeof REGOLE)[number];

export const ESITI = ['superato', 'avviso', 'errore', 'non_verificabile'] as const;
export type Esito = (typeof ESITI)[number];

/** One check's result: `righe` are row ids, in the document's order. */
export interface Controllo {
  regola: Regola;
  esito: Esito;
  messaggio: string;
  righe: number[];
}

/** What the rules read of a row (the stored row has more). */
export interface VerificationRow extends ReadValues {
  id: number;
  row_index: number;
  verifica?: Verifica | null;
  capitoli?: Capitoli | null;
  da_scansione?: boolean;
  correzioni_ocr?: string[];
  /** Changed by hand, and what the file said (shared/domain/row-edits.ts). */
  modificata?: boolean;
  letto?: ReadValues | null;
  /** Labour incidence and safety flag (issue 39, shared/domain/manodopera.ts). */
  incidenza_manodopera?: number | null;
  sicurezza?: boolean | null;
  /** Where the incidence came from, the list's beside it and what the computo declares (declared-vs-list check). */
  fonte_manodopera?: FonteManodopera | null;
  price_source?: { incidenza_manodopera?: number } | null;
  incidenza_manodopera_dichiarata?: number | null;
  costo_manodopera_dichiarato?: number | null;
}

/** The price-list article a row's code was found as (after the admin patterns). */
export interface ListArticle {
  code: string;
  unita_di_misura: string | null;
  prezzo: number | null;
  /** "Toscana LUCCA 2025", "DEI Nuove costruzioni 2025". */
  list: string;
}

/**
 * What the loaded lists say about one row's code: the article found (null: in none of them) and
 * the lists it was looked up in (empty: no list is loaded for the document's province/typology,
 * so "not found" means nothing).
 */
export interface RowListInfo {
  article: ListArticle | null;
  searched: string[];
}

export interface VerificationInput {
  rows: readonly VerificationRow[];
  /** The total printed in the document; null when it prints none. */
  documentTotal: number | null;
  /** Row id -> what the lists say of its code; rows without a code have no entry. */
  lists: ReadonlyMap<number, RowListInfo>;
  /** Price deviation threshold, percent (default 20). */
  soglia: number;
}

export const DEFAULT_SOGLIA = 20;
export const MAX_SOGLIA = 1000;
export const SOGLIA_ERROR = 'Soglia di scostamento non valida: una percentuale maggiore di 0 e fino a 1000.';

export const REGOLA_TITLES: Record<Regola, string> = {
  aritmetica: 'Aritmetica delle voci',
  totale: 'Totali stampati',
  duplicati: 'Voci duplicate',
  unita: 'Unità di misura',
  scostamento_prezzo: 'Scostamento dal prezzario',
  codice_non_in_prezzario: 'Codici non in prezzario',
  nuovi_prezzi: 'Nuovi prezzi (NP)',
  quantita: 'Quantità',
  lettura: 'Lettura del documento',
  manodopera: 'Costi della manodopera',
};

export const ESITO_LABELS: Record<Esito, string> = {
  superato: 'Superato',
  avviso: 'Avviso',
  errore: 'Errore',
  non_verificabile: 'Non verificabile',
};
