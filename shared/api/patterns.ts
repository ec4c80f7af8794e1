/** Code patterns (admin): functions/handlers/patterns.ts. */
import { z } from 'zod';
import { deleted, envelope, idPath, listOf, message, resourceOf, whenMissing, type RouteContract } from './common.ts';

/** functions/storage/repositories/patterns.ts PatternRecord. */
export const pattern = z.object({ id: z.number().int(), pattern: z.string(), replacement: z.string().nullable(), notes: z.string().nullable(), created_at: z.string() });
export type PatternOut = z.infer<typeof pattern>;
export const patternsList = listOf('patterns', pattern);
export const patternBody = z.object({ pattern: z.string(whenMissing('Il pattern è obbligatorio')), replacement: z.string().nullable().optional(), notes: z.string().nullable().optional() });
export const patternResponse = envelope(resourceOf('patterns', pattern), z.object({ message }));

const p: PatternOut = { id: 1, pattern: '^TOS(\\d{2})_', replacement: 'TOS$1.', notes: 'Codici regionali', created_at: '2026-01-10T09:00:00.000Z' };
const item = { id: '1', type: 'patterns', attributes: p };

export const patternRoutes = {
  'GET /api/patterns': { summary: 'Le espressioni che normalizzano i codici, nell\u2019ordine in cui si applicano', response: patternsList, example: { data: [item], meta: { 'total-count': 1 } } },
  'POST /api/patterns': {
    summary: 'Crea un pattern (espressione regolare RE2)',
    body: patternBody,
    status: 201,
    response: patternResponse,
    requestExample: { pattern: '^TOS(\\d{2})_', replacement: 'TOS$1.', notes: 'Codici regionali' },
    example: { data: item, meta: { message: 'Pattern creato con successo' } },
    errors: { 400: 'Il pattern è obbligatorio' },
  },
  'PUT /api/patterns/{id}': {
    summary: 'Modifica un pattern (campi parziali)',
    params: idPath,
    body: patternBody.partial(),
    response: patternResponse,
    requestExample: { notes: 'Codici regionali toscani' },
    example: { data: item, meta: { message: 'Pattern aggiornato con successo' } },
    errors: { 400: 'Il pattern è obbligatorio', 404: 'Pattern non trovato' },
  },
  'DELETE /api/patterns/{id}': { summary: 'Elimina un pattern', params: idPath, response: deleted, example: { data: { id: 1, message: 'Pattern eliminato con successo' } }, errors: { 404: 'Pattern non trovato' } },
} satisfies Record<string, RouteContract>;
