import { apiRequest } from '../../../lib/api-client.ts';

export async function deleteTipologia(id: number): Promise<void> {
  await apiRequest(`/api/tipologie-dei/${id}`, { method: 'DELETE' });
}
