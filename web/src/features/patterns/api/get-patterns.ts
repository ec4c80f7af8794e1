import useSWR, { mutate as globalMutate } from 'swr';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { patternsList } from '@shared/api/patterns.ts';
import type { Pattern } from '@/features/patterns/types.ts';

export const PATTERNS_KEY = '/api/patterns';

/** GET /api/patterns; a 404 is an empty list. */
export async function getPatterns(): Promise<Pattern[]> {
  try {
    const res = await apiCall(patternsList, PATTERNS_KEY);
    return res.data.map((item) => item.attributes);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function usePatterns() {
  return useSWR(PATTERNS_KEY, getPatterns, { revalidateOnFocus: false });
}

export const refreshPatterns = () => globalMutate(PATTERNS_KEY);
