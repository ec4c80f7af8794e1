/** API debug (admin): functions/handlers/debug.ts. */
import { z } from 'zod';
import { envelope, message, type RouteContract } from './common.ts';

export const dbResponse = envelope(z.object({ status: z.literal('ok'), message, latency_ms: z.number(), users: z.number().int() }));
/** One entry per table; a missing table has `status: 'MISSING'` and `error` instead of keys. */
export const schemaResponse = envelope(
  z.object({
    tables: z.array(
      z.object({
        name: z.string(),
        status: z.string().optional(),
        items: z.number().nullable().optional(),
        key: z.string().optional(),
        sort_key: z.string().nullable().optional(),
        indexes: z.array(z.string()).optional(),
        error: z.string().optional(),
      }),
    ),
  }),
);

export const debugRoutes = {
  'GET /test/db': { summary: 'Il database risponde, e in quanto tempo', response: dbResponse, example: { data: { status: 'ok', message: 'Connessione al database riuscita', latency_ms: 4, users: 3 } } },
  'GET /test/db/schema': {
    summary: 'Le tabelle, con chiavi e indici',
    response: schemaResponse,
    example: { data: { tables: [{ name: 'computa-local-users', status: 'ACTIVE', items: 3, key: 'id', sort_key: null, indexes: ['by_kind'] }] } },
  },
} satisfies Record<string, RouteContract>;
