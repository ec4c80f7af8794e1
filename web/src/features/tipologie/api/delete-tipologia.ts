import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deleteTipologia(id: number): Promise<void> {
  await apiCall(deleted, `/api/tipologie-dei/${id}`, { method: 'DELETE' });
}
