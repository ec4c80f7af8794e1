import useSWR, { mutate as globalMutate } from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { csvDataResponse } from '@shared/api/prezzari.ts';
import { CSV_PAGE_SIZE } from '@/features/search/constants.ts';
import type { CsvRow } from '@/features/search/types.ts';

export interface CsvPage {
  items: CsvRow[];
  total: number;
}

/** GET /api/csv-data ?search, page, per_page (50). */
export async function getCsvData(search: string, page: number): Promise<CsvPage> {
  const res = await apiCall(csvDataResponse, '/api/csv-data', { query: { search: search.trim(), page, per_page: CSV_PAGE_SIZE } });
  return { items: res.data.map((item) => item.attributes), total: res.meta['total-count'] };
}

export const CSV_DATA_KEY = '/api/csv-data';

export function useCsvData(search: string, page: number, enabled: boolean) {
  return useSWR(enabled ? [CSV_DATA_KEY, search, page] : null, () => getCsvData(search, page), { revalidateOnFocus: false, keepPreviousData: true });
}

/** Every cached page of the CSV data is reloaded (after a new file). */
export const refreshCsvData = () => globalMutate((key) => Array.isArray(key) && key[0] === CSV_DATA_KEY);
