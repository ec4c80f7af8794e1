import { apiRequest } from '../../../lib/api-client.ts';
import type { DocumentItem, RowsTotals } from '../types.ts';
import { readDocument } from './row-results.ts';

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
  const res = await apiRequest<{
    data: { updated?: number; not_found?: number; skipped?: number; errors?: number; not_found_codes?: string[]; document?: unknown; totals?: RowsTotals; message?: string };
  }>(`/api/documents/${id}/update-total`, { method: 'POST', body: { refresh: true } });
  const d = res.data ?? {};
  return {
    updated: Number(d.updated ?? 0),
    notFound: Number(d.not_found ?? 0),
    skipped: Number(d.skipped ?? 0),
    errors: Number(d.errors ?? 0),
    notFoundCodes: d.not_found_codes ?? [],
    document: readDocument(d.document),
    totals: d.totals ?? null,
    message: d.message ?? null,
  };
}
