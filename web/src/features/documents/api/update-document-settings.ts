import { apiCall } from '@/lib/api-client.ts';
import { settingsResponse } from '@shared/api/documents.ts';
import type { DocumentItem, RowsTotals } from '@/features/documents/types.ts';
import { toTotals } from './row-results.ts';

export interface SettingsResult {
  document: DocumentItem;
  totals: RowsTotals;
  updated: number;
  message: string;
}

/** PUT /api/documents/{id}/settings: another province or DEI typology, then every row re-priced. */
export async function updateDocumentSettings(id: number, settings: { provincia: string; tipologia_dei: string }): Promise<SettingsResult> {
  const { data } = await apiCall(settingsResponse, `/api/documents/${id}/settings`, { method: 'PUT', body: settings });
  return { document: data.document, totals: toTotals(data.totals), updated: data.updated, message: data.message };
}
