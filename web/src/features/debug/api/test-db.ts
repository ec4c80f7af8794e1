import { apiRequest } from '../../../lib/api-client.ts';

export interface DbStatus {
  status: string;
  message?: string;
  latency_ms?: number;
  users?: number;
}

export interface DbTable {
  name: string;
  status?: string;
  items?: number;
  key?: string;
  sort_key?: string | null;
  indexes?: string[] | Array<{ name: string }>;
}

/** GET /test/db: the database answers, and how fast. */
export async function testDb(): Promise<DbStatus> {
  const res = await apiRequest<{ data: DbStatus }>('/test/db', { retries: 0 });
  return res.data;
}

/** GET /test/db/schema: the tables with their keys and indexes. */
export async function testDbSchema(): Promise<DbTable[]> {
  const res = await apiRequest<{ data: { tables: DbTable[] } }>('/test/db/schema', { retries: 0 });
  return res.data?.tables ?? [];
}
