import { apiRequest } from '../../../lib/api-client.ts';
import type { DocumentItem, RowsTotals } from '../types.ts';

export interface SettingsResult {
  document: DocumentItem;
  totals: RowsTotals;
  updated: number;
  message: string;
}

/** PUT /api/documents/{id}/settings: another province or DEI typology, then every row re-priced. */
export async function updateDocumentSettings(id: number, settings: { provincia: string; tipologia_dei: string }): Promise<SettingsResult> {
  const res = await apiRequest<{ data: SettingsResult }>(`/api/documents/${id}/settings`, { method: 'PUT', body: settings });
  return res.data;
}
