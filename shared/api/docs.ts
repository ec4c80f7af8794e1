/** The API's own description: functions/handlers/docs.ts. */
import { z } from 'zod';
import type { RouteContract } from './common.ts';

export const docsRoutes = {
  'GET /api/openapi.json': {
    summary: 'Questo documento: OpenAPI 3.1, generato dagli schemi zod di shared/api',
    response: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    example: { openapi: '3.1.0', info: { title: 'Computa API', version: '2.0.0' }, paths: {} },
  },
  'GET /api/docs': { summary: 'La guida di riferimento dell\u2019API (pagina HTML)', produces: 'text/html' },
  'GET /api/docs/{asset}': {
    summary: 'Script e fogli di stile della guida, serviti dalla nostra origine',
    params: z.object({ asset: z.string().meta({ example: 'swagger-ui-bundle.js' }) }),
    produces: 'text/javascript',
    errors: { 404: 'Risorsa non trovata' },
  },
} satisfies Record<string, RouteContract>;
