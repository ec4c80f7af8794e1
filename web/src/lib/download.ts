import { ApiError, errorMessage, getToken } from '@/lib/api-client.ts';

/**
 * GET `url` with the Bearer token and save the answer as `filename`. A refusal throws an ApiError
 * carrying the server's Italian message (or `fallback`); a network failure throws `fallback`.
 */
export async function downloadAs(url: string, filename: string, fallback: string): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, fallback);
  }
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, errorMessage(body, fallback), body);
  }
  const objectUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
