import { apiCall } from '@/lib/api-client.ts';
import { updateTotalResponse } from '@shared/api/documents.ts';
import type { DocumentItem, RowsTotals } from '@/features/documents/types.ts';
import { mutationMeta } from './row-results.ts';

export interface PricesUpdateResult {
  updated: number;
  notFound: number;
  /** Rows without a tariff code. */
  skipped: number;
  errors: number;
  notFoundCodes: string[];
  document: DocumentItem | null;
  totals: RowsTotals | null;
  message: string | null;
}

/** POST /api/documents/{id}/update-total {refresh: true}: the server re-prices every row in one call. */
export async function updateDocumentPrices(id: number): Promise<PricesUpdateResult> {
  const { data } = await apiCall(updateTotalResponse, `/api/documents/${id}/update-total`, { method: 'POST', body: { refresh: true } });
  return {
    updated: data.updated ?? 0,
    notFound: data.not_found ?? 0,
    skipped: data.skipped ?? 0,
    errors: data.errors ?? 0,
    notFoundCodes: data.not_found_codes ?? [],
    ...mutationMeta(data),
    message: data.message ?? null,
  };
}
