import { ApiError } from '@/lib/api-client.ts';

/** The server's own Italian message for a refused request; the fallback for anything else. */
export const serverText = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback);
