import { apiRequest } from '../../../lib/api-client.ts';

export async function deleteUser(id: number): Promise<void> {
  await apiRequest(`/api/admin/users/${id}`, { method: 'DELETE' });
}
