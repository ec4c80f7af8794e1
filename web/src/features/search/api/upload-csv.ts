import { apiRequest } from '../../../lib/api-client.ts';

export interface CsvUploadResult {
  message?: string;
  total_rows: number;
  warnings?: string[];
}

/** POST /api/upload-csv multipart {file}: one step, replaces the CSV data (admin). */
export async function uploadCsv(file: File): Promise<CsvUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiRequest<{ data?: CsvUploadResult & { data?: CsvUploadResult } }>('/api/upload-csv', { method: 'POST', body: form });
  const data = res?.data?.data ?? res?.data;
  if (!data) throw new Error('Risposta vuota dal server.');
  return data;
}
