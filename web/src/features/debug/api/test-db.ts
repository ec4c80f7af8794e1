import { apiCall } from '@/lib/api-client.ts';
import { dbResponse, schemaResponse } from '@shared/api/debug.ts';

export interface DbStatus {
  status: string;
  message?: string;
  latency_ms?: number;
  users?: number;
}

export interface DbTable {
  name: string;
  status?: string;
  items?: number | null;
  key?: string;
  sort_key?: string | null;
  indexes?: string[] | Array<{ name: string }>;
}

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
