import { apiRequest } from '../../../lib/api-client.ts';

export async function deletePattern(id: number): Promise<void> {
  await apiRequest(`/api/patterns/${id}`, { method: 'DELETE' });
}
