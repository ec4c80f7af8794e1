/**
 * Suggestions for unpriced rows: functions/handlers/search.ts (suggestions, applySuggestion),
 * functions/services/suggestions.ts.
 */
import { z } from 'zod';
import { idPath, listOf, queryString, type RouteContract } from './common.ts';
import { priceSource } from './prezzari.ts';
import { exampleRow } from './records.ts';
import { afterRowChange, rowError, rowUpdateResponse } from './rows.ts';

export const priceSuggestion = z.object({
  id: z.string().meta({ description: 'Identificativo dell\u2019articolo (prezzario|codice), da mandare per applicarlo' }),
  codice: z.string(),
  descrizione: z.string(),
  unita_di_misura: z.string().nullable(),
  prezzo: z.number().nullable(),
  source: priceSource,
  source_label: z.string(),
  list_key: z.string(),
  list_year: z.number().int(),
  similarity: z.number().min(0).max(1).meta({ description: 'Somiglianza di descrizione e unità di misura, da 0 a 1' }),
  unit_warning: z.string().nullable(),
});
export type PriceSuggestionOut = z.infer<typeof priceSuggestion>;

export const suggestionsQuery = z.object({ limit: queryString('Quanti suggerimenti (massimo 20)', '5').optional() });
export const suggestionsResponse = listOf('price_suggestions', priceSuggestion, { row_id: z.number().int() });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;
/** `id` is checked by the service after the row is found (404 before 400, as the spec reads): optional here. */
export const applySuggestionBody = z.object({ id: z.string().optional().meta({ description: 'L\u2019id di uno dei suggerimenti (obbligatorio)' }) });

const suggestion = {
  id: 'toscana#FIRENZE#2026|TOS26_01.A03.001.001',
  codice: 'TOS26_01.A03.001.001',
  descrizione: 'Scavo a sezione obbligata',
  unita_di_misura: 'mc',
  prezzo: 5.4,
  source: 'toscana',
  source_label: 'Prezzario Toscana',
  list_key: 'FIRENZE',
  list_year: 2026,
  similarity: 0.91,
  unit_warning: null,
} as const;

export const suggestionRoutes = {
  'GET /api/rows/{id}/suggestions': {
    summary: 'Gli articoli dei prezzari del documento più simili a una riga (descrizione e unità di misura), con somiglianza e prezzo',
    params: idPath,
    query: suggestionsQuery,
    response: suggestionsResponse,
    example: { data: [{ id: suggestion.id, type: 'price_suggestions', attributes: suggestion }], meta: { 'total-count': 1, row_id: 501 } },
    errors: rowError,
  },
  'POST /api/rows/{id}/suggestions': {
    summary: 'Applica un suggerimento: il prezzo dell\u2019articolo diventa il prezzo di riferimento della riga (fonte "suggerito", resta con Aggiorna Prezzi)',
    params: idPath,
    body: applySuggestionBody,
    response: rowUpdateResponse,
    requestExample: { id: suggestion.id },
    example: {
      data: { id: '501', type: 'rows', attributes: { ...exampleRow, price_source: { list: 'suggerito', key: 'FIRENZE', year: 2026, code: suggestion.codice, origin: 'toscana', similarity: 0.91 } } },
      meta: { ...afterRowChange, price_found: true },
    },
    errors: { 400: 'Scegli un suggerimento da applicare', 404: 'Articolo non trovato nei prezzari caricati: aggiorna i suggerimenti e riprova.' },
  },
} satisfies Record<string, RouteContract>;
