import { ApiError, errorMessage, getToken } from '@/lib/api-client.ts';

export const COMPARISON_EXPORT_ERROR = "Errore nell'export del confronto";

/** GET /api/documents/{id}/comparison/export?with=… with the Bearer token, saved as confronto_{id}.xlsx. */
export async function exportComparison(id: number, others: readonly number[]): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/documents/${id}/comparison/export?with=${others.join(',')}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, COMPARISON_EXPORT_ERROR);
  }
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, errorMessage(body, COMPARISON_EXPORT_ERROR), body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `confronto_${id}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
