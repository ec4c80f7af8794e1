/**
 * Which column of a spreadsheet computo holds each field of a voce: what the importer finds
 * (functions/analysis/import/excel-columns.ts), what the user confirms on the upload page, what
 * the upload routes carry (shared/api/documents.ts builds its schema from these fields).
 */

/** The mapping's fields, in the order the upload form shows them. */
export const MAPPING_FIELDS = ['codice', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/** Codice, Descrizione, U.M., Quantità, Prezzo unitario, Importo: 0-based column of each (null: absent). */
export type ColumnMapping = Record<MappingField, number | null>;

export const MAPPING_LABELS: Record<MappingField, string> = {
  codice: 'Codice',
  descrizione: 'Descrizione',
  unita_di_misura: 'U.M.',
  quantita: 'Quantità',
  unitario: 'Prezzo unitario',
  totale: 'Importo',
};
