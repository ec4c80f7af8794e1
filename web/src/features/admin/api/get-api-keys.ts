import useSWR from 'swr';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { apiKeysList } from '@shared/api/admin.ts';
import type { ApiKey } from '@/features/admin/types.ts';

export const API_KEYS_KEY = '/api/admin/api-keys';

export async function getApiKeys(): Promise<ApiKey[]> {
  try {
    const res = await apiCall(apiKeysList, API_KEYS_KEY);
    return res.data.map((item) => item.attributes);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useApiKeys() {
  return useSWR(API_KEYS_KEY, getApiKeys, { revalidateOnFocus: false });
}
