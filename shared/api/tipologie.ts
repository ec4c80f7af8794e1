/** DEI typologies: functions/handlers/tipologie.ts. */
import { z } from 'zod';
import { TEXT_FIELDS, textTooLong } from '../domain/text.ts';
import { deleted, envelope, flag, idPath, intLike, listOf, message, positiveIntOf, queryString, resourceOf, whenMissing, type RouteContract } from './common.ts';

/**
 * `presentTipologia()`: both spellings the spec reads (description/descrizione,
 * attivo/is_active). These are the aliases of this resource, and they live only here and there.
 */
export const tipologia = z.object({
  id: z.number().int().meta({ description: 'Negativo per le opzioni predefinite (elenco vuoto)' }),
  value: z.string(),
  description: z.string(),
  descrizione: z.string(),
  attivo: z.boolean(),
  is_active: z.boolean(),
});
export type TipologiaOut = z.infer<typeof tipologia>;

export const tipologieList = listOf('tipologie_dei', tipologia, { defaults: z.literal(true).optional() });
export const tipologiaResponse = envelope(resourceOf('tipologie_dei', tipologia), z.object({ message }));
const FIELDS_REQUIRED = 'Valore e descrizione sono obbligatori';
const VALUE_PATTERN = /^[\p{L}\p{N}_.-]{1,64}$/u;
const VALUE_INVALID = 'Il valore può contenere solo lettere, numeri, _ . - (massimo 64 caratteri)';
const SELECT_ONE = 'Seleziona almeno una tipologia';
/** Most typologies one bulk change touches. */
export const MAX_BULK_TIPOLOGIE = 500;

const typologyFields = z.object({
  value: z.string(whenMissing(FIELDS_REQUIRED)),
  description: z.string().optional(),
  descrizione: z.string().optional(),
  is_active: flag.optional(),
  attivo: flag.optional(),
});

/**
 * value and description (or descrizione), trimmed: both required on create, each optional on an
 * edit but never blank; the value a key, the description within its limit. Active: is_active or attivo.
 */
const typologyCheck =
  (required: boolean) =>
  (body: Partial<z.output<typeof typologyFields>>, ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void }) => {
    const value = body.value?.trim();
    const description = (body.description ?? body.descrizione)?.trim();
    const problem =
      (required || value !== undefined) && !value ? FIELDS_REQUIRED
      : (required || description !== undefined) && !description ? FIELDS_REQUIRED
      : value !== undefined && !VALUE_PATTERN.test(value) ? VALUE_INVALID
      : description !== undefined ? textTooLong(description, TEXT_FIELDS.tipologiaDescription)
      : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return { value, description, attivo: body.is_active ?? body.attivo };
  };
export const tipologiaBody = typologyFields.transform(typologyCheck(true)).transform(({ value = '', description = '', attivo = true }) => ({ value, description, attivo }));
export const tipologiaUpdateBody = typologyFields.partial().transform(typologyCheck(false));

/** attivo or is_active, one of them required. */
export const tipologiaStatusBody = z.object({ attivo: flag.optional(), is_active: flag.optional() }).transform((body, ctx) => {
  const attivo = body.attivo ?? body.is_active;
  if (attivo === undefined) ctx.addIssue({ code: 'custom', message: 'Indica lo stato (attivo)' });
  return { attivo: attivo as boolean };
});
/** One to 500 typology ids; attivo defaults to true. */
export const bulkStatusBody = z.object({
  tipologie_ids: z.array(intLike, whenMissing(SELECT_ONE)).transform((ids, ctx) => {
    const numbers = ids.map(positiveIntOf);
    const problem = !numbers.length || numbers.includes(null) ? SELECT_ONE : numbers.length > MAX_BULK_TIPOLOGIE ? `Troppe tipologie in una sola richiesta (massimo ${MAX_BULK_TIPOLOGIE})` : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return numbers as number[];
  }),
  attivo: flag.optional().transform((attivo) => attivo ?? true),
});
export const bulkStatusResponse = envelope(z.array(resourceOf('tipologie_dei', tipologia)), z.object({ message, updated: z.number().int() }));
export type TipologieList = z.infer<typeof tipologieList>;

const t: TipologiaOut = { id: 2, value: 'urbanizzazione', description: 'Urbanizzazione', descrizione: 'Urbanizzazione', attivo: true, is_active: true };
const item = { id: '2', type: 'tipologie_dei', attributes: t };

export const tipologieRoutes = {
  'GET /api/tipologie-dei': {
    summary: 'Le tipologie DEI (le predefinite finché l\u2019elenco è vuoto)',
    query: z.object({ active_only: queryString('true (o 1): solo le attive', 'true').optional().transform((v) => v === 'true' || v === '1') }),
    response: tipologieList,
    example: { data: [item], meta: { 'total-count': 1 } },
  },
  'POST /api/tipologie-dei': {
    summary: 'Crea una tipologia DEI',
    body: tipologiaBody,
    status: 201,
    response: tipologiaResponse,
    requestExample: { value: 'urbanizzazione', description: 'Urbanizzazione', is_active: true },
    example: { data: item, meta: { message: 'Tipologia creata con successo' } },
    errors: { 400: 'Valore e descrizione sono obbligatori', 409: 'Una tipologia con questo valore esiste già' },
  },
  'PUT /api/tipologie-dei/{id}': {
    summary: 'Modifica una tipologia DEI (campi parziali)',
    params: idPath,
    body: tipologiaUpdateBody,
    response: tipologiaResponse,
    requestExample: { description: 'Opere di urbanizzazione' },
    example: { data: item, meta: { message: 'Tipologia aggiornata con successo' } },
    errors: { 404: 'Tipologia non trovata', 409: 'Una tipologia con questo valore esiste già' },
  },
  'DELETE /api/tipologie-dei/{id}': {
    summary: 'Elimina una tipologia DEI',
    params: idPath,
    response: deleted,
    example: { data: { id: 2, message: 'Tipologia eliminata con successo' } },
    errors: { 404: 'Tipologia non trovata' },
  },
  'PATCH /api/admin/tipologie-dei/bulk-status': {
    summary: 'Attiva o disattiva più tipologie insieme',
    body: bulkStatusBody,
    response: bulkStatusResponse,
    requestExample: { tipologie_ids: [2, 3], attivo: false },
    example: { data: [item], meta: { message: 'Stato tipologia aggiornato', updated: 1 } },
    errors: { 400: 'Seleziona almeno una tipologia', 404: 'Tipologia non trovata' },
  },
  'PATCH /api/admin/tipologie-dei/{id}/status': {
    summary: 'Attiva o disattiva una tipologia',
    params: idPath,
    body: tipologiaStatusBody,
    response: tipologiaResponse,
    requestExample: { attivo: false },
    example: { data: { ...item, attributes: { ...t, attivo: false, is_active: false } }, meta: { message: 'Stato tipologia aggiornato' } },
    errors: { 400: 'Indica lo stato (attivo)', 404: 'Tipologia non trovata' },
  },
} satisfies Record<string, RouteContract>;
