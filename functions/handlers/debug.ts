import { resourceHandler } from '../http/resource.ts';
import { ok } from '../http/respond.ts';
import { defineRoute } from '../http/types.ts';
import { databaseHealth, tableSchemas } from '../services/debug.ts';

/** GET /test/db: the database answers, and how fast. */
const db = defineRoute('GET /test/db', async (_req, ctx) => {
  const { latency_ms, users } = await databaseHealth(ctx);
  return ok({ status: 'ok', message: 'Connessione al database riuscita', latency_ms, users });
});

/** GET /test/db/schema: every table of the shared definitions, with its keys and indexes. */
const schema = defineRoute('GET /test/db/schema', async (_req, ctx) => ok({ tables: await tableSchemas(ctx) }));

export const actions = { db, schema };
export const handler = resourceHandler(actions);
