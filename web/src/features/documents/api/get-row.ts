import { apiCall } from '@/lib/api-client.ts';
import { rowResponse } from '@shared/api/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

/** GET /api/rows/{id}: one row as stored now (after a 409, the row somebody else changed). */
export async function getRow(id: number): Promise<DocumentRow> {
  const res = await apiCall(rowResponse, `/api/rows/${id}`);
  return res.data.attributes;
}
