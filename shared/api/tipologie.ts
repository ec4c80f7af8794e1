/** DEI typologies: functions/handlers/tipologie.ts. */
import { z } from 'zod';
import { boolLike, deleted, envelope, idPath, intLike, listOf, message, queryString, resourceOf, whenMissing, type RouteContract } from './common.ts';

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
/** value + description (or descrizione); is_active or attivo. */
export const tipologiaBody = z.object({
  value: z.string(whenMissing('Valore e descrizione sono obbligatori')),
  description: z.string().optional(),
  descrizione: z.string().optional(),
  is_active: boolLike.optional(),
  attivo: boolLike.optional(),
});
export const tipologiaStatusBody = z.object({ attivo: boolLike.optional(), is_active: boolLike.optional() });
export const bulkStatusBody = z.object({ tipologie_ids: z.array(intLike, whenMissing('Seleziona almeno una tipologia')), attivo: boolLike.optional() });
export const bulkStatusResponse = envelope(z.array(resourceOf('tipologie_dei', tipologia)), z.object({ message, updated: z.number().int() }));
export type TipologieList = z.infer<typeof tipologieList>;

const t: TipologiaOut = { id: 2, value: 'urbanizzazione', description: 'Urbanizzazione', descrizione: 'Urbanizzazione', attivo: true, is_active: true };
const item = { id: '2', type: 'tipologie_dei', attributes: t };

export const tipologieRoutes = {
  'GET /api/tipologie-dei': {
    summary: 'Le tipologie DEI (le predefinite finché l\u2019elenco è vuoto)',
    query: z.object({ active_only: queryString('true: solo le attive', 'true').optional() }),
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
    body: tipologiaBody.partial(),
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
