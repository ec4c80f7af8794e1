import { getToken } from '@/lib/api-client.ts';
import { downloadUrl } from './download-document.ts';

const cache = new Map<number, Promise<ArrayBuffer>>();

/**
 * The original PDF's bytes, once per document and page visit: the viewer renders its pages.
 * Large files answer with a redirect to storage, which fetch follows (without our token).
 */
export function getOriginalBytes(id: number): Promise<ArrayBuffer> {
  let bytes = cache.get(id);
  if (!bytes) {
    const token = getToken();
    bytes = fetch(downloadUrl(id), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' }).then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.arrayBuffer();
    });
    bytes.catch(() => cache.delete(id));
    cache.set(id, bytes);
  }
  return bytes;
}
