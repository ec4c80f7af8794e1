import useSWR, { mutate as globalMutate } from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { tipologieList } from '@shared/api/tipologie.ts';
import type { TipologiaDei } from '@/features/tipologie/types.ts';

export const TIPOLOGIE_ADMIN_KEY = '/api/tipologie-dei';

export interface TipologieList {
  items: TipologiaDei[];
  /** The stored list is empty and the defaults are shown (they cannot be edited). */
  defaults: boolean;
}

/** GET /api/tipologie-dei: all of them, active or not. */
export async function getTipologie(): Promise<TipologieList> {
  const res = await apiCall(tipologieList, TIPOLOGIE_ADMIN_KEY);
  const items = res.data.map(({ attributes: t }) => ({ id: t.id, value: t.value, description: t.description, attivo: t.attivo }));
  return { items, defaults: Boolean(res.meta.defaults) };
}

export function useTipologie() {
  return useSWR(TIPOLOGIE_ADMIN_KEY, getTipologie, { revalidateOnFocus: false });
}

/** Every cached typology list (this one and the active-only list the selects use) is reloaded. */
export const refreshAllTipologie = () => globalMutate((key) => typeof key === 'string' && key.startsWith('/api/tipologie-dei'));
