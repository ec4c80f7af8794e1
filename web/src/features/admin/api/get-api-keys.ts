import useSWR from 'swr';
import { ApiError, apiRequest, flatten } from '../../../lib/api-client.ts';
import type { ApiKey } from '../types.ts';

export const API_KEYS_KEY = '/api/admin/api-keys';

export async function getApiKeys(): Promise<ApiKey[]> {
  try {
    const res = await apiRequest<{ data: unknown }>(API_KEYS_KEY);
    return flatten<ApiKey>(res.data);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useApiKeys() {
  return useSWR(API_KEYS_KEY, getApiKeys, { revalidateOnFocus: false });
}
