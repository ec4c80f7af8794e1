import { apiCall } from '@/lib/api-client.ts';
import { removeResponse } from '@shared/api/documents.ts';

export async function deleteDocument(id: number): Promise<void> {
  await apiCall(removeResponse, `/api/documents/${id}`, { method: 'DELETE' });
}
