/** Rows (spec 7 "Rows"): functions/handlers/rows.ts. */
import { z } from 'zod';
import { amountLike, envelope, ID_INVALID, idPath, ifMatchHeaders, intLike, message, optionalAmountOf, positiveId, positiveIntOf, requiredText, resourceOf, textWithin, whenMissing, type RouteContract } from './common.ts';
import { MAX_INCIDENZA } from '../domain/manodopera.ts';
import { TEXT_FIELDS, type TextField } from '../domain/text.ts';
import { MERGE_CHOICE_ERROR, MERGE_COUNT_ERROR, MERGE_MISSING_ERROR } from '../domain/rows.ts';
import { ROW_CHANGED_BY_OTHER, ROW_VERSION_STALE } from '../domain/row-versions.ts';
import { recordedOperation } from './operations.ts';
import { ROW_DECIMALS } from '../domain/amounts.ts';
import { EDIT_REASONS } from '../domain/row-edits.ts';
import { documentAndTotals, documentRow, exampleDocument, exampleRow, exampleTotals } from './records.ts';

export { documentRow, type DocumentRowOut } from './records.ts';

const nullableAmount = amountLike.nullable();

/**
 * PUT /api/rows/{id}: every field optional. Amounts as numbers or as typed ("1.234,56"), null
 * clears them; `prezzo_unitario` is accepted for `unitario` (spec name). The server recomputes
 * prezzo_totale_db, differenza and variazione, and the amount by the product rule.
 */
const decimals = (n: number) => `al massimo ${n} cifre decimali`;
export const ROW_UPDATE_DESCRIPTION =
  'Campi parziali. Quantità o prezzo unitario senza totale: il server ricalcola il totale (quantità × prezzo, arrotondato al centesimo per eccesso dalla metà). ' +
  'Quantità, prezzo e totale inviati insieme che differiscono di oltre un centesimo: la riga è salvata come inviata e segnata da verificare con il motivo «' +
  EDIT_REASONS.product +
  '». Ogni riga modificata a mano porta `modificata: true` e in `letto` i valori letti dal file.';
const NO_TIPOLOGIA = 'Seleziona una tipologia DEI';
const text = (field: TextField) =>
  z
    .string()
    .transform((t) => t.trim())
    .superRefine(textWithin(field));
const rowAmount = (field: keyof typeof ROW_DECIMALS, label: string) => optionalAmountOf(label, ROW_DECIMALS[field]).optional();
export const rowUpdateFields = z.object({
  tariffa: text(TEXT_FIELDS.rowCode).optional(),
  descrizione: text(TEXT_FIELDS.rowDescription).optional(),
  unita_di_misura: text(TEXT_FIELDS.rowUnit).optional(),
  quantita: rowAmount('quantita', 'quantità').meta({ description: `Quantità, ${decimals(ROW_DECIMALS.quantita)}` }),
  unitario: rowAmount('unitario', 'prezzo unitario').meta({ description: `Prezzo unitario, ${decimals(ROW_DECIMALS.unitario)} (l\u2019aliquota di una voce in percentuale è una frazione: 0,0325)` }),
  /** Read (as unitario) only when unitario is not sent: see rowUpdateBody. */
  prezzo_unitario: nullableAmount.optional().meta({ description: 'Altro nome di `unitario` (specifica)' }),
  totale: rowAmount('totale', 'totale').meta({ description: `Importo, ${decimals(ROW_DECIMALS.totale)}; se manca e cambiano quantità o prezzo, il server lo ricalcola` }),
  prezzo_db: rowAmount('prezzo_db', 'prezzo DB').meta({ description: `Prezzo di riferimento scritto a mano (manuale), ${decimals(ROW_DECIMALS.prezzo_db)}` }),
  tipologia_dei: requiredText(NO_TIPOLOGIA).optional(),
  incidenza_manodopera: optionalAmountOf('incidenza della manodopera')
    .refine((v) => v === null || (v >= 0 && v <= MAX_INCIDENZA), `L\u2019incidenza della manodopera è una percentuale da 0 a ${MAX_INCIDENZA}`)
    .optional()
    .meta({ description: 'Incidenza della manodopera in percentuale (0-100), scritta a mano; null la toglie (il ricalcolo la riprende dal prezzario)' }),
  sicurezza: z.boolean().nullable().optional().meta({ description: 'true: voce di oneri della sicurezza; false: non lo è anche se il capitolo lo dice; null: decide il capitolo' }),
  refresh_price: z.boolean().optional().meta({ description: 'true: ricalcola il prezzo di riferimento della riga' }),
  base_version: z
    .number()
    .int()
    .min(0)
    .optional()
    .meta({
      description:
        'La versione della riga letta da chi modifica (`version`): un campo inviato che un altro utente ha cambiato dopo quella versione dà 409; gli altri campi si applicano alla riga com\u2019è ora',
    }),
});
/** The edit as parsed: `prezzo_unitario` stands for `unitario` when that is not sent. */
export const rowUpdateBody = rowUpdateFields.transform(({ prezzo_unitario, ...body }, ctx) => {
  if (prezzo_unitario === undefined || body.unitario !== undefined) return body;
  const unitario = optionalAmountOf('prezzo unitario', ROW_DECIMALS.unitario).safeParse(prezzo_unitario);
  if (!unitario.success) ctx.addIssue({ code: 'custom', message: unitario.error.issues[0].message });
  return { ...body, unitario: unitario.data ?? null };
});
export type RowUpdateBody = z.input<typeof rowUpdateBody>;
/** If-Match of a row write: a value that is not a version is a 412. */
export const rowIfMatch = ifMatchHeaders(ROW_VERSION_STALE);

export const rowResponse = envelope(resourceOf('rows', documentRow));
/** A row change's meta: the document and its totals after it, and the operation it recorded ("Annulla"). */
const afterChange = documentAndTotals.extend({ operation: recordedOperation.optional() });
export const rowUpdateResponse = envelope(resourceOf('rows', documentRow), afterChange.extend({ price_found: z.boolean() }));
export const rowRemoveResponse = envelope(z.object({ id: z.number().int(), message }), afterChange);
export const mergeBody = z.object({
  first_row_id: positiveId(MERGE_COUNT_ERROR),
  second_row_id: positiveId(MERGE_COUNT_ERROR),
  somma_quantita: z
    .boolean()
    .optional()
    .meta({
      description:
        'true: la riga unita ha come quantità la somma delle due e come totale quantità × prezzo (arrotondato al centesimo). Ammesso tra due voci complete con la stessa tariffa e lo stesso prezzo unitario, o con `articolo` tra due voci con la stessa unità di misura',
    }),
  articolo: z
    .enum(['prima', 'seconda'])
    .optional()
    .meta({
      description:
        'Obbligatorio quando le due righe sono voci complete di articoli diversi (tariffa o prezzo unitario diversi): la riga unita tiene tariffa, descrizione, unità, prezzo unitario e prezzo di riferimento della riga scelta, la sua quantità (o la somma con `somma_quantita`) e come totale quantità × prezzo. Senza scelta la richiesta riceve 400. Una voce divisa in due righe (una delle due incompleta) non ne ha bisogno: tiene tariffa e descrizione della prima, quantità, prezzo e totale della seconda, e il prezzo di riferimento della tariffa tenuta',
    }),
});
export const mergeRequest = mergeBody.refine((body) => body.first_row_id !== body.second_row_id, MERGE_COUNT_ERROR);
export const mergeResponse = envelope(
  z.object({ success: z.literal(true), row: documentRow, removed_row_id: z.number().int(), message }),
  afterChange,
);
const NO_ROWS = 'Seleziona almeno una riga';
/** Most rows one typology change touches. */
export const MAX_RETYPED_ROWS = 10_000;
export const updateTipologiaBody = z.object({
  tipologia_dei: requiredText(NO_TIPOLOGIA),
  row_ids: z
    .array(intLike, whenMissing(NO_ROWS))
    .min(1, NO_ROWS)
    .max(MAX_RETYPED_ROWS, 'Troppe righe in una sola richiesta (massimo 10.000)')
    .transform((ids) => ids.map(Number)),
});
export const updateTipologiaResponse = envelope(
  z.object({ success: z.literal(true), updated: z.number().int(), priced: z.number().int(), not_found: z.number().int(), rows: z.array(documentRow) }),
  afterChange,
);
export const removeRowsBody = z.object({
  row_ids: z
    .array(intLike, whenMissing(NO_ROWS))
    .min(1)
    .max(10_000)
    .transform((ids, ctx) => {
      const numbers = ids.map(positiveIntOf);
      if (numbers.includes(null)) ctx.addIssue({ code: 'custom', message: ID_INVALID });
      return numbers as number[];
    }),
});
export const removeRowsResponse = envelope(
  z.object({
    success: z.literal(true),
    deleted: z.array(z.number().int()).meta({ description: 'Le righe eliminate' }),
    not_found: z.array(z.number().int()).meta({ description: 'Le righe già eliminate (o unite) da altri nel frattempo' }),
    message,
  }),
  afterChange,
);
export type RemoveRowsResponse = z.infer<typeof removeRowsResponse>;
export type RowUpdateResponse = z.infer<typeof rowUpdateResponse>;
export type RowRemoveResponse = z.infer<typeof rowRemoveResponse>;
export type MergeResponse = z.infer<typeof mergeResponse>;
export type UpdateTipologiaResponse = z.infer<typeof updateTipologiaResponse>;

const { document_total: _printed, ...retotalled } = exampleTotals;
/** What a row change answers beside the row: the document and its totals after it (examples). */
export const afterRowChange = { document: exampleDocument, totals: retotalled, operation: { id: '5f0c6a1e-3c1d-4d55-9a4e-2f8e1b7c9d10', descrizione: 'Modifica della riga 12' } };
export const rowError = { 400: 'Identificativo non valido', 404: 'Riga non trovata' } as const;

export const rowRoutes = {
  'POST /api/rows/merge': {
    summary: 'Unisce due righe consecutive dello stesso documento, in un\u2019unica scrittura; due articoli diversi chiedono `articolo`',
    description: `Due voci complete di articoli diversi senza \`articolo\`: 400 «${MERGE_CHOICE_ERROR}»`,
    body: mergeRequest,
    response: mergeResponse,
    requestExample: { first_row_id: 501, second_row_id: 502 },
    example: { data: { success: true, row: exampleRow, removed_row_id: 502, message: 'Righe unite con successo' }, meta: afterRowChange },
    errors: { 400: MERGE_COUNT_ERROR, 404: MERGE_MISSING_ERROR, 409: 'Le righe sono cambiate nel frattempo: ricarica il documento e riprova.' },
    versioned: true,
  },
  'POST /api/rows/update-tipologia-dei': {
    summary: 'Nuova tipologia DEI per le righe scelte, con il nuovo prezzo di riferimento',
    body: updateTipologiaBody,
    response: updateTipologiaResponse,
    requestExample: { row_ids: [501], tipologia_dei: 'urbanizzazione' },
    example: { data: { success: true, updated: 1, priced: 1, not_found: 0, rows: [exampleRow] }, meta: afterRowChange },
    errors: { 400: 'Seleziona una tipologia DEI', 404: MERGE_MISSING_ERROR },
  },
  'POST /api/rows/delete': {
    summary: 'Elimina le righe scelte di un documento come un\u2019unica operazione (annullabile tutta insieme); i totali del documento seguono',
    body: removeRowsBody,
    response: removeRowsResponse,
    requestExample: { row_ids: [501, 502, 503] },
    example: { data: { success: true, deleted: [501, 502, 503], not_found: [], message: 'Righe eliminate: 3' }, meta: { ...afterRowChange, operation: { id: '5f0c6a1e-3c1d-4d55-9a4e-2f8e1b7c9d10', descrizione: 'Eliminazione di 3 righe' } } },
    errors: { 400: 'Seleziona almeno una riga', 404: 'Riga non trovata', 409: 'Le righe sono cambiate nel frattempo: ricarica il documento e riprova.' },
  },
  'GET /api/rows/{id}': {
    summary: 'Una riga',
    params: idPath,
    response: rowResponse,
    example: { data: { id: '501', type: 'rows', attributes: exampleRow } },
    errors: rowError,
    versioned: true,
  },
  'PUT /api/rows/{id}': {
    summary: 'Modifica una riga (campi parziali); il server ricalcola il totale, i derivati e i totali del documento',
    description: ROW_UPDATE_DESCRIPTION,
    params: idPath,
    headers: rowIfMatch,
    body: rowUpdateBody,
    response: rowUpdateResponse,
    requestExample: { quantita: '2.034,50', unitario: 5.59 },
    example: { data: { id: '501', type: 'rows', attributes: exampleRow }, meta: { ...afterRowChange, price_found: true } },
    errors: { ...rowError, 400: 'Valore numerico non valido per quantità', 409: ROW_CHANGED_BY_OTHER, 412: ROW_VERSION_STALE },
    versioned: true,
  },
  'DELETE /api/rows/{id}': {
    summary: 'Elimina una riga; i totali del documento seguono',
    params: idPath,
    headers: rowIfMatch,
    response: rowRemoveResponse,
    example: { data: { id: 501, message: 'Riga eliminata' }, meta: afterRowChange },
    errors: { ...rowError, 412: ROW_VERSION_STALE },
    versioned: true,
    etag: false,
  },
} satisfies Record<string, RouteContract>;
