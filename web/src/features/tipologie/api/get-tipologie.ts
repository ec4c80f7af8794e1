import useSWR, { mutate as globalMutate } from 'swr';
import { apiRequest, flatten } from '../../../lib/api-client.ts';
import type { TipologiaDei } from '../types.ts';

export const TIPOLOGIE_ADMIN_KEY = '/api/tipologie-dei';

interface RawTipologia {
  id: number;
  value: string;
  description?: string;
  descrizione?: string;
  attivo?: boolean;
  is_active?: boolean;
}

export interface TipologieList {
  items: TipologiaDei[];
  /** The stored list is empty and the defaults are shown (they cannot be edited). */
  defaults: boolean;
}

/** GET /api/tipologie-dei: all of them, active or not. */
export async function getTipologie(): Promise<TipologieList> {
  const res = await apiRequest<{ data: unknown; meta?: { defaults?: boolean } }>(TIPOLOGIE_ADMIN_KEY);
  const items = flatten<RawTipologia>(res.data).map((t) => ({
    id: Number(t.id),
    value: t.value,
    description: t.description ?? t.descrizione ?? t.value,
    attivo: t.attivo ?? t.is_active ?? true,
  }));
  return { items, defaults: Boolean(res.meta?.defaults) };
}

export function useTipologie() {
  return useSWR(TIPOLOGIE_ADMIN_KEY, getTipologie, { revalidateOnFocus: false });
}

/** Every cached typology list (this one and the active-only list the selects use) is reloaded. */
export const refreshAllTipologie = () => globalMutate((key) => typeof key === 'string' && key.startsWith('/api/tipologie-dei'));
