/**
 * The records several resources answer with: a document, its totals, a row. Kept apart from
 * the routes so documents.ts and rows.ts can both use them.
 */
import { z } from 'zod';
import { FONTI_MANODOPERA } from '../domain/manodopera.ts';

/** The printout's heading (shared/domain/intestazione.ts). */
export const intestazione = z.object({ oggetto: z.string(), committente: z.string(), luogo: z.string(), data: z.string(), progettista: z.string() });

/**
 * functions/services/documents.ts `presentDocument()`: the stored record without file_key and
 * user_id, plus `congruent`. Known fields are checked; a field added later passes through
 * (looseObject) until it is named here, so an older web build keeps working.
 */
export const document = z.looseObject({
  id: z.number().int(),
  filename: z.string(),
  upload_date: z.string(),
  provincia: z.string(),
  tipologia_dei: z.string(),
  username: z.string(),
  status: z.string().meta({ description: 'completed, processing o failed (altri valori: "Sconosciuto")' }),
  status_reason: z.string().nullable(),
  file_size: z.number(),
  pages_total: z.number().int().nullable(),
  pages_done: z.number().int().nullable(),
  document_total: z.number().nullable().meta({ description: 'Il totale stampato (o dichiarato) nel file; null quando il file non ne riporta uno: allora il totale mostrato è la somma delle voci' }),
  document_total_db: z.number().nullable(),
  sum_totale: z.number().nullable().meta({ description: 'La somma degli importi delle voci, ricalcolata a ogni modifica delle righe' }),
  row_count: z.number().int(),
  layout: z.string().nullable(),
  unreadable_pages: z.array(z.number().int()),
  warnings: z.array(z.string()),
  completed_at: z.string().nullable(),
  rows_written_at: z.string().nullable().optional(),
  rows_to_check: z.number().int().optional(),
  congruent: z.boolean().nullable().meta({ description: 'true: la somma delle voci corrisponde al totale stampato (entro 0,01 €); false: differisce; null: il file non stampa un totale' }),
  ocr_pages_done: z.number().int().optional().meta({ description: 'Pagine scansionate già riconosciute (OCR)' }),
  ocr_pages_total: z.number().int().optional(),
  version: z.number().int().optional().meta({ description: 'Versione del documento: cresce a ogni scrittura (da rimandare in If-Match dove la rotta lo accetta)' }),
  soglia_scostamento: z.number().optional().meta({ description: 'Soglia di scostamento dal prezzario della verifica, in percentuale (assente: 20)' }),
  intestazione: intestazione.nullable().optional().meta({ description: 'L\u2019intestazione della stampa (PDF): oggetto, committente, luogo, data, progettista; assente finché non viene scritta (la stampa usa allora il nome del file come oggetto)' }),
});
export type DocumentOut = z.infer<typeof document>;

/** shared/domain/manodopera.ts `quadroManodopera()`: the labour and safety costs of a document. */
export const quadroManodopera = z.object({
  importo_totale: z.number().meta({ description: 'Somma degli importi delle voci' }),
  costo_manodopera: z.number().meta({ description: 'Costo della manodopera: somma dei costi delle voci (oneri della sicurezza esclusi)' }),
  incidenza_manodopera: z.number().nullable().meta({ description: 'Incidenza della manodopera sull\u2019importo totale, in percentuale' }),
  voci_senza_manodopera: z.object({ count: z.number().int(), row_ids: z.array(z.number().int()) }).meta({ description: 'Voci con importo e senza incidenza della manodopera nota' }),
  oneri_sicurezza: z.number().meta({ description: 'Importo delle voci di oneri della sicurezza' }),
  voci_sicurezza: z.number().int(),
  importo_soggetto_a_ribasso: z.number().meta({ description: 'Importo totale − costo della manodopera − oneri della sicurezza' }),
});
export type QuadroManodoperaOut = z.infer<typeof quadroManodopera>;

/** shared/domain/totals.ts `documentTotals()` plus the printed total (`presentTotals()`). */
export const documentTotals = z.looseObject({
  sum_totale: z.number(),
  document_total_db: z.number().nullable(),
  congruent: z.boolean().nullable(),
  priced_rows: z.number().int(),
  priced_totale: z.number().nullable(),
  rows_to_check: z.number().int(),
  difference_db: z.number().nullable(),
  difference_db_percent: z.number().nullable(),
  /** The printed total: present in presentTotals(), absent after a row change (retotal()). */
  document_total: z.number().nullable().optional(),
  manodopera: quadroManodopera.optional().meta({ description: 'Stima dei costi della manodopera e della sicurezza (nelle righe del documento; assente dopo una modifica di righe)' }),
});
export type DocumentTotalsOut = z.infer<typeof documentTotals>;

/** What a change to rows answers beside its data: the document and its new totals. */
export const documentAndTotals = z.object({ document, totals: documentTotals });

/** Where a row's reference price came from: the list and, as the list has it, the article. */
export const priceSourceInfo = z.looseObject({
  list: z.string().meta({ description: '"toscana", "dei", "csv", "manuale" o "suggerito"' }),
  key: z.string(),
  year: z.number(),
  code: z.string(),
  descrizione: z.string().optional(),
  unita_di_misura: z.string().nullable().optional(),
  prezzo: z.number().nullable().optional(),
  patterns: z.array(z.string()).optional().meta({ description: 'I pattern dell\u2019amministratore che hanno riscritto il codice, in ordine' }),
  unit_warning: z.string().nullable().optional().meta({ description: 'Presente quando l\u2019unità dell\u2019articolo differisce da quella della riga' }),
  incidenza_manodopera: z.number().optional().meta({ description: 'Incidenza della manodopera dell\u2019articolo nel prezzario, in percentuale' }),
  incidenza_sicurezza: z.number().optional().meta({ description: 'Incidenza della sicurezza dell\u2019articolo nel prezzario, in percentuale' }),
});

/** shared/domain/row-edits.ts `ReadValues`: a row's fields as the file had them. */
export const readValues = z.object({
  tariffa: z.string(),
  descrizione: z.string(),
  unita_di_misura: z.string(),
  quantita: z.number().nullable(),
  unitario: z.number().nullable(),
  totale: z.number().nullable(),
});

/** The labour fields of a row (issue 39, shared/domain/manodopera.ts `labourFields()`). */
const labourRowFields = {
  incidenza_manodopera: z.number().nullable().optional().meta({ description: 'Incidenza della manodopera sull\u2019importo, in percentuale come la stampa il prezzario; null se non nota' }),
  costo_manodopera: z.number().nullable().optional().meta({ description: 'Costo della manodopera in €: importo × incidenza / 100, arrotondato al centesimo; null se l\u2019incidenza non è nota' }),
  fonte_manodopera: z.enum(FONTI_MANODOPERA).nullable().optional().meta({ description: 'Da dove viene l\u2019incidenza: prezzario, documento (il computo stesso) o manuale' }),
  sicurezza: z.boolean().optional().meta({ description: 'Voce di oneri della sicurezza (segnata a mano, o in un capitolo della sicurezza)' }),
  incidenza_manodopera_dichiarata: z.number().nullable().optional().meta({ description: 'Incidenza della manodopera stampata nel computo per la voce (colonna «Mdo inc. %», IncMDO), come letta' }),
  costo_manodopera_dichiarato: z.number().nullable().optional().meta({ description: 'Costo della manodopera in € stampato nel computo per la voce (colonna «Tot. mdo», «di cui manodopera»), come letto' }),
  manodopera_diversa: z.string().optional().meta({ description: 'Presente quando il costo della manodopera dichiarato nel computo differisce da quello del prezzario (importo × incidenza dell\u2019articolo) di oltre il 10% e almeno 1 €' }),
};

/**
 * functions/services/rows.ts `presentRow()`: the stored row plus `prezzo_unitario`, the spec's
 * other name of `unitario` (the only alias of a row, and it is written here and in presentRow).
 */
export const documentRow = z.looseObject({
  id: z.number().int(),
  document_id: z.number().int(),
  row_index: z.number().int(),
  tariffa: z.string(),
  descrizione: z.string(),
  codice_articolo: z.string().nullable(),
  unita_di_misura: z.string(),
  quantita: z.number().nullable(),
  unitario: z.number().nullable(),
  prezzo_unitario: z.number().nullable().meta({ description: 'Lo stesso valore di `unitario` (nome della specifica)' }),
  totale: z.number().nullable(),
  tipologia_dei: z.string(),
  prezzo_db: z.number().nullable(),
  prezzo_totale_db: z.number().nullable(),
  differenza_totale_db: z.number().nullable(),
  variazione_percentuale: z.number().nullable(),
  price_source: priceSourceInfo.nullable(),
  price_reason: z.string().nullable().optional().meta({ description: 'Perché la riga non ha un prezzo di riferimento (es. "codice non presente nel prezzario Toscana LUCCA 2025")' }),
  page: z.number().int().nullable(),
  page_end: z.number().int().nullable(),
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }).nullable(),
  verifica: z.array(z.string()).optional().meta({ description: 'Perché la riga è da verificare (vuoto: verificata)' }),
  capitoli: z.object({ supercategoria: z.string().optional(), categoria: z.string().optional(), sottocategoria: z.string().optional() }).nullable().optional(),
  da_scansione: z.boolean().optional().meta({ description: 'Letta da una pagina scansionata (OCR)' }),
  correzioni_ocr: z.array(z.string()).optional().meta({ description: 'Cifre lette male dall\u2019OCR e corrette con la verifica quantità × prezzo' }),
  modificata: z.boolean().optional().meta({ description: 'true: la riga è stata modificata a mano (un campo di `letto` differisce dal valore attuale); assente: è come letta dal file' }),
  letto: readValues
    .nullable()
    .optional()
    .meta({ description: 'Ciò che il file diceva (tariffa, descrizione, unità, quantità, prezzo unitario, importo) prima della prima modifica a mano; presente solo sulle righe modificate' }),
  version: z.number().int().optional().meta({ description: 'Versione della riga: cresce a ogni scrittura; è anche l\u2019ETag (da rimandare in If-Match o come base_version)' }),
  field_versions: z
    .record(z.string(), z.number().int())
    .optional()
    .meta({ description: 'Per ogni campo modificabile, la versione della riga che lo ha cambiato per ultima' }),
  ...labourRowFields,
});
export type DocumentRowOut = z.infer<typeof documentRow>;

export const exampleDocument: DocumentOut = {
  id: 12,
  filename: 'computo-scuola.pdf',
  upload_date: '2026-01-10T09:00:00.000Z',
  provincia: 'FIRENZE',
  tipologia_dei: 'urbanizzazione',
  username: 'mario.rossi',
  status: 'completed',
  status_reason: null,
  file_size: 254_000,
  pages_total: 4,
  pages_done: 4,
  document_total: 11372.86,
  document_total_db: 10980.4,
  sum_totale: 11372.86,
  row_count: 1,
  layout: 'primus',
  unreadable_pages: [],
  warnings: [],
  completed_at: '2026-01-10T09:00:12.000Z',
  rows_to_check: 0,
  congruent: true,
};
export const exampleTotals: DocumentTotalsOut = {
  sum_totale: 11372.86,
  document_total_db: 10980.4,
  congruent: true,
  priced_rows: 1,
  priced_totale: 11372.86,
  rows_to_check: 0,
  difference_db: -392.46,
  difference_db_percent: -3.45,
  document_total: 11372.86,
};
export const exampleRow: DocumentRowOut = {
  id: 501,
  document_id: 12,
  row_index: 0,
  tariffa: 'TOS26_01.A03.001.001',
  descrizione: 'Scavo a sezione obbligata',
  codice_articolo: null,
  unita_di_misura: 'mc',
  quantita: 2034.5,
  unitario: 5.59,
  prezzo_unitario: 5.59,
  totale: 11372.86,
  tipologia_dei: 'urbanizzazione',
  prezzo_db: 5.4,
  prezzo_totale_db: 10986.3,
  differenza_totale_db: -386.56,
  variazione_percentuale: -3.4,
  price_source: { list: 'toscana', key: 'FIRENZE', year: 2026, code: 'TOS26_01.A03.001.001' },
  page: 2,
  page_end: 2,
  box: { x0: 40, y0: 120, x1: 560, y1: 160 },
  verifica: [],
  capitoli: { categoria: 'Scavi' },
  version: 3,
  field_versions: { quantita: 3, tipologia_dei: 2 },
};

