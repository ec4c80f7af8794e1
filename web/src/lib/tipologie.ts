import useSWR from 'swr';
import { apiCall } from './api-client.ts';
import { tipologieList, type TipologiaOut } from '@shared/api/tipologie.ts';
import { DEFAULT_TIPOLOGIE } from '@shared/domain/tipologie.ts';

/** A DEI typology as the selects use it. */
export type Tipologia = Pick<TipologiaOut, 'id' | 'value' | 'description' | 'attivo'>;

/** One cached list for every typology select of the app (spec section 3: cached after first load). */
export const ACTIVE_TIPOLOGIE_KEY = '/api/tipologie-dei?active_only=true';

/** Active DEI typologies; the spec's defaults stand in when the list is empty. */
export async function getActiveTipologie(): Promise<Tipologia[]> {
  const res = await apiCall(tipologieList, '/api/tipologie-dei', { query: { active_only: 'true' } });
  const list = res.data.map(({ attributes: t }) => ({ id: t.id, value: t.value, description: t.description, attivo: t.attivo }));
  if (list.length) return list;
  return DEFAULT_TIPOLOGIE.map((t, i) => ({ id: -(i + 1), value: t.value, description: t.description, attivo: true }));
}

export function useActiveTipologie() {
  return useSWR(ACTIVE_TIPOLOGIE_KEY, getActiveTipologie, { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false });
}
