import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deleteApiKey(id: number): Promise<void> {
  await apiCall(deleted, `/api/admin/api-keys/${id}`, { method: 'DELETE' });
}
