import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deleteUser(id: number): Promise<void> {
  await apiCall(deleted, `/api/admin/users/${id}`, { method: 'DELETE' });
}
