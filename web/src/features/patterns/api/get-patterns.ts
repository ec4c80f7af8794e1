import useSWR from 'swr';
import { ApiError, apiRequest, flatten } from '../../../lib/api-client.ts';
import type { Pattern } from '../types.ts';

export const PATTERNS_KEY = '/api/patterns';

/** GET /api/patterns; a 404 is an empty list. */
export async function getPatterns(): Promise<Pattern[]> {
  try {
    const res = await apiRequest<{ data: unknown }>(PATTERNS_KEY);
    return flatten<Pattern>(res.data).map((p) => ({ ...p, id: Number(p.id) }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function usePatterns() {
  return useSWR(PATTERNS_KEY, getPatterns, { revalidateOnFocus: false });
}
