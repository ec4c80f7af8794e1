import useSWR from 'swr';
import { apiRequest, flatten } from '../../../lib/api-client.ts';
import { DEFAULT_TIPOLOGIE } from '../../../../../shared/domain/tipologie.ts';
import type { Tipologia } from '../types.ts';

export const TIPOLOGIE_KEY = '/api/tipologie-dei?active_only=true';

interface RawTipologia {
  id: number;
  value: string;
  description?: string;
  descrizione?: string;
  attivo?: boolean;
  is_active?: boolean;
}

/** Active DEI typologies; the spec's defaults stand in when the list is empty. */
export async function getTipologie(): Promise<Tipologia[]> {
  const res = await apiRequest<{ data: unknown }>('/api/tipologie-dei', { query: { active_only: 'true' } });
  const list = flatten<RawTipologia>(res.data).map((t) => ({
    id: Number(t.id),
    value: t.value,
    description: t.description ?? t.descrizione ?? t.value,
    attivo: t.attivo ?? t.is_active ?? true,
  }));
  if (list.length) return list;
  return DEFAULT_TIPOLOGIE.map((t, i) => ({ id: -(i + 1), value: t.value, description: t.description, attivo: true }));
}

/** Cached after the first load (spec section 9). */
export function useTipologie() {
  return useSWR(TIPOLOGIE_KEY, getTipologie, { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false });
}
