import { useCallback, useState } from 'react';
import { serverText } from './server-text.ts';
import { ApiError, errorMessage, getToken } from '@/lib/api-client.ts';

export const EXPORT_ERROR = "Errore nell'export del documento";
export const exportUrl = (id: number) => `/api/documents/${id}/export`;

/** GET /api/documents/{id}/export with the Bearer token, saved as documento_{id}.xlsx. */
export async function exportDocument(id: number): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(exportUrl(id), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
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
  a.download = `documento_${id}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Esporta": the xlsx download, `exporting` meanwhile; a failure is told on the page. */
export function useExportDocument(id: number, notify: (severity: 'error', text: string) => void) {
  const [exporting, setExporting] = useState(false);
  const exportXlsx = useCallback(async () => {
    setExporting(true);
    try {
      await exportDocument(id);
    } catch (err) {
      notify('error', serverText(err, EXPORT_ERROR));
    } finally {
      setExporting(false);
    }
  }, [id, notify]);
  return { exportXlsx, exporting };
}
