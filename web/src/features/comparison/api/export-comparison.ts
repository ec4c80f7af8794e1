import { downloadAs } from '@/lib/download.ts';

export const COMPARISON_EXPORT_ERROR = "Errore nell'export del confronto";

/** GET /api/documents/{id}/comparison/export?with=… with the Bearer token, saved as confronto_{id}.xlsx. */
export function exportComparison(id: number, others: readonly number[]): Promise<void> {
  return downloadAs(`/api/documents/${id}/comparison/export?with=${others.join(',')}`, `confronto_${id}.xlsx`, COMPARISON_EXPORT_ERROR);
}
