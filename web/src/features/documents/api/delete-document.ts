import { apiRequest } from '../../../lib/api-client.ts';

export async function deleteDocument(id: number): Promise<void> {
  await apiRequest(`/api/documents/${id}`, { method: 'DELETE' });
}
