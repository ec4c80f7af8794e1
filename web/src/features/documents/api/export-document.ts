import { useCallback, useState } from 'react';
import { serverText } from './server-text.ts';
import { downloadAs } from '@/lib/download.ts';
import { exportFilename, type ExportFormat } from '@shared/domain/export-formats.ts';

export const EXPORT_ERROR = "Errore nell'export del documento";
export const exportUrl = (id: number, format: ExportFormat = 'xlsx') => `/api/documents/${id}/export${format === 'xlsx' ? '' : `?format=${format}`}`;

/** GET /api/documents/{id}/export?format= with the Bearer token, saved as documento_{id}.xlsx/.xpwe/.xml/.pdf. */
export const exportDocument = (id: number, format: ExportFormat = 'xlsx'): Promise<void> => downloadAs(exportUrl(id, format), exportFilename(id, format), EXPORT_ERROR);

/** "Esporta": the download in the chosen format (Excel by default), `exporting` meanwhile; a failure is told on the page. */
export function useExportDocument(id: number, notify: (severity: 'error', text: string) => void) {
  const [exporting, setExporting] = useState(false);
  const exportAs = useCallback(async (format: ExportFormat = 'xlsx') => {
    setExporting(true);
    try {
      await exportDocument(id, format);
    } catch (err) {
      notify('error', serverText(err, EXPORT_ERROR));
    } finally {
      setExporting(false);
    }
  }, [id, notify]);
  return { exportAs, exporting };
}
