import useSWR from 'swr';
import { apiRequest, flatten } from '../../../lib/api-client.ts';
import { CSV_PAGE_SIZE } from '../constants.ts';
import type { CsvRow } from '../types.ts';

export interface CsvPage {
  items: CsvRow[];
  total: number;
}

/** GET /api/csv-data ?search, page, per_page (50). */
export async function getCsvData(search: string, page: number): Promise<CsvPage> {
  const res = await apiRequest<{ data: unknown; meta?: { 'total-count'?: number } }>('/api/csv-data', {
    query: { search: search.trim(), page, per_page: CSV_PAGE_SIZE },
  });
  const items = flatten<CsvRow>(res.data);
  return { items, total: Number(res.meta?.['total-count'] ?? items.length) };
}

export const CSV_DATA_KEY = '/api/csv-data';

export function useCsvData(search: string, page: number, enabled: boolean) {
  return useSWR(enabled ? [CSV_DATA_KEY, search, page] : null, () => getCsvData(search, page), { revalidateOnFocus: false, keepPreviousData: true });
}
