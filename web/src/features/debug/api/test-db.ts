import type { z } from 'zod';
import { apiCall } from '@/lib/api-client.ts';
import { dbResponse, schemaResponse } from '@shared/api/debug.ts';

export type DbStatus = z.infer<typeof dbResponse>['data'];
export type DbTable = z.infer<typeof schemaResponse>['data']['tables'][number];

/** GET /test/db: the database answers, and how fast. */
export async function testDb(): Promise<DbStatus> {
  const res = await apiCall(dbResponse, '/test/db', { retries: 0 });
  return res.data;
}

/** GET /test/db/schema: the tables with their keys and indexes. */
export async function testDbSchema(): Promise<DbTable[]> {
  const res = await apiCall(schemaResponse, '/test/db/schema', { retries: 0 });
  return res.data.tables;
}
