import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deletePattern(id: number): Promise<void> {
  await apiCall(deleted, `/api/patterns/${id}`, { method: 'DELETE' });
}
