import { apiRequest } from '../../../lib/api-client.ts';

export async function deleteApiKey(id: number): Promise<void> {
  await apiRequest(`/api/admin/api-keys/${id}`, { method: 'DELETE' });
}
