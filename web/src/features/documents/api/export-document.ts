import { useCallback, useState } from 'react';
import { serverText } from './server-text.ts';
import { ApiError, errorMessage, getToken } from '@/lib/api-client.ts';
import { exportFilename, type ExportFormat } from '@shared/domain/export-formats.ts';

export const EXPORT_ERROR = "Errore nell'export del documento";
export const exportUrl = (id: number, format: ExportFormat = 'xlsx') => `/api/documents/${id}/export${format === 'xlsx' ? '' : `?format=${format}`}`;

/** GET /api/documents/{id}/export?format= with the Bearer token, saved as documento_{id}.xlsx/.xpwe/.xml/.pdf. */
export async function exportDocument(id: number, format: ExportFormat = 'xlsx'): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(exportUrl(id, format), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, EXPORT_ERROR);
  }
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, errorMessage(body, EXPORT_ERROR), body);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFilename(id, format);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
