import useSWR from 'swr';
import { apiRequest, flatten } from './api-client.ts';
import { DEFAULT_TIPOLOGIE } from '../../../shared/domain/tipologie.ts';

/** A DEI typology as the selects use it. */
export interface Tipologia {
  id: number;
  value: string;
  description: string;
  attivo: boolean;
}

/** One cached list for every typology select of the app (spec section 3: cached after first load). */
export const ACTIVE_TIPOLOGIE_KEY = '/api/tipologie-dei?active_only=true';

interface RawTipologia {
  id: number;
  value: string;
  description?: string;
  descrizione?: string;
  attivo?: boolean;
  is_active?: boolean;
}

/** Active DEI typologies; the spec's defaults stand in when the list is empty. */
export async function getActiveTipologie(): Promise<Tipologia[]> {
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

export function useActiveTipologie() {
  return useSWR(ACTIVE_TIPOLOGIE_KEY, getActiveTipologie, { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false });
}
