import { useCallback, useState } from 'react';
import { getToken } from '@/lib/api-client.ts';
import { pdfFilename } from '@shared/domain/text.ts';

export const downloadUrl = (id: number) => `/document/${id}/download`;

/**
 * Saves the original PDF. The request carries the Bearer token (a token-only session has no
 * cookie); if it cannot be read as a blob (e.g. a redirect to storage), the browser follows
 * the link itself and the session cookie authenticates.
 */
export async function downloadOriginal(id: number, filename: string): Promise<void> {
  const token = getToken();
  try {
    const res = await fetch(downloadUrl(id), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    // A structured computo (XPWE, SIX, LeenO, Excel) keeps its own extension.
    a.download = /\.(?:xpwe|xml|ods|xlsx|xls)$/i.test(filename) ? filename : pdfFilename(filename || `documento_${id}`);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    window.location.href = downloadUrl(id);
  }
}

/** "Scarica originale", with `downloading` while the file comes. */
export function useDownloadOriginal(id: number, filename: string) {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async () => {
    setDownloading(true);
    try {
      await downloadOriginal(id, filename);
    } finally {
      setDownloading(false);
    }
  }, [id, filename]);
  return { download, downloading };
}
