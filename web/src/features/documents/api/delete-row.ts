import { apiCall } from '@/lib/api-client.ts';
import { rowRemoveResponse } from '@shared/api/rows.ts';
import { mutationMeta, type RowMutationMeta } from './row-results.ts';

export async function deleteRow(id: number): Promise<RowMutationMeta> {
  const res = await apiCall(rowRemoveResponse, `/api/rows/${id}`, { method: 'DELETE' });
  return mutationMeta(res.meta);
}
