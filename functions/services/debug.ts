/** The admin's database checks (GET /test/db, /test/db/schema). */
import type { AppContext } from '../config/context.ts';
import { describeTables } from '../storage/repositories/schema.ts';
import { countUsers } from '../storage/repositories/users.ts';

/** The database answers (it counts the users), and how fast. */
export async function databaseHealth(ctx: AppContext) {
  const started = Date.now();
  const users = await countUsers(ctx);
  return { latency_ms: Date.now() - started, users };
}

export const tableSchemas = describeTables;
