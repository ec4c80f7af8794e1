import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { comparisonResponse, type ComparisonOut } from '@shared/api/comparison.ts';

export type Comparison = ComparisonOut;

/** GET /api/documents/{id}/comparison?with=2,3 */
export async function getComparison(id: string, others: readonly number[]): Promise<Comparison> {
  const res = await apiCall(comparisonResponse, `/api/documents/${id}/comparison`, { query: { with: others.join(',') } });
  return res.data;
}

export const comparisonKey = (id: string, others: readonly number[]) => ['/api/documents/{id}/comparison', id, others.join(',')] as const;

export function useComparison(id: string | undefined, others: readonly number[]) {
  return useSWR(id && others.length ? comparisonKey(id, others) : null, ([, docId, list]) => getComparison(docId, list.split(',').map(Number)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
}
