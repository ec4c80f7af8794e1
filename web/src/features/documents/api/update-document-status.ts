import { apiRequest } from '../../../lib/api-client.ts';
import type { DocumentStatus } from '../../../../../shared/domain/status.ts';
import type { DocumentItem } from '../types.ts';

export async function updateDocumentStatus(id: number, status: DocumentStatus): Promise<{ document: DocumentItem; message?: string }> {
  const res = await apiRequest<{ data: { id: unknown; attributes: DocumentItem }; meta?: { message?: string } }>(`/api/documents/${id}/status`, {
    method: 'PUT',
    body: { status },
  });
  return { document: { ...res.data.attributes, id: Number(res.data.attributes.id ?? res.data.id) }, message: res.meta?.message };
}
