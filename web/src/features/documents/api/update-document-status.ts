import { apiCall } from '@/lib/api-client.ts';
import type { DocumentStatus } from '@shared/domain/status.ts';
import { documentStatusResponse } from '@shared/api/documents.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

export async function updateDocumentStatus(id: number, status: DocumentStatus): Promise<{ document: DocumentItem; message?: string }> {
  const res = await apiCall(documentStatusResponse, `/api/documents/${id}/status`, { method: 'PUT', body: { status } });
  return { document: res.data.attributes, message: res.meta.message };
}
