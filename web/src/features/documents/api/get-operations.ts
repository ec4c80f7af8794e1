import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { operationsResponse, type OperationOut } from '@shared/api/operations.ts';

/** GET /api/documents/{id}/operations: what "Annulla" can undo, newest first. */
export async function getOperations(documentId: number): Promise<OperationOut[]> {
  const res = await apiCall(operationsResponse, `/api/documents/${documentId}/operations`, { retries: 0 });
  return res.data;
}

export const operationsKey = (documentId: number) => ['/api/documents/{id}/operations', documentId] as const;

/** The document's undoable operations; reloaded after every row change and undo. */
export function useDocumentOperations(documentId: number) {
  return useSWR(operationsKey(documentId), ([, id]) => getOperations(id), { revalidateOnFocus: true });
}
