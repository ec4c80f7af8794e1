import { refreshAllTipologie } from './get-tipologie.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { bulkStatusResponse, tipologiaResponse } from '@shared/api/tipologie.ts';

/** PATCH /api/admin/tipologie-dei/{id}/status {attivo}. */
export async function setTipologiaStatus(id: number, attivo: boolean): Promise<void> {
  await apiCall(tipologiaResponse, `/api/admin/tipologie-dei/${id}/status`, { method: 'PATCH', body: { attivo } });
}

/** PATCH /api/admin/tipologie-dei/bulk-status {tipologie_ids, attivo}. */
export async function setTipologieStatus(ids: number[], attivo: boolean): Promise<void> {
  await apiCall(bulkStatusResponse, '/api/admin/tipologie-dei/bulk-status', { method: 'PATCH', body: { tipologie_ids: ids, attivo } });
}

export const useSetTipologiaStatus = () => useMutation(setTipologiaStatus, refreshAllTipologie);
export const useSetTipologieStatus = () => useMutation(setTipologieStatus, refreshAllTipologie);
