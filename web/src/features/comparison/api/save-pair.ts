import { apiCall } from '@/lib/api-client.ts';
import { pairsResponse } from '@shared/api/comparison.ts';

export type PairAction = 'abbina' | 'separa' | 'ripristina';
export const PAIR_ERROR = 'Errore nel salvataggio dell\u2019abbinamento';

/** PUT /api/documents/{id}/comparison/pairs {azione, righe}: the choice is kept on the first document. */
export async function savePair(firstId: number, azione: PairAction, righe: [number, number]) {
  const res = await apiCall(pairsResponse, `/api/documents/${firstId}/comparison/pairs`, { method: 'PUT', body: { azione, righe } });
  return res.data;
}
