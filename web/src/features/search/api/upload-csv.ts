import { refreshCsvData } from './get-csv-data.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { uploadCsvResponse } from '@shared/api/prezzari.ts';

export interface CsvUploadResult {
  message?: string;
  total_rows: number;
  warnings?: string[];
}

/** POST /api/upload-csv multipart {file}: one step, replaces the CSV data (admin). */
export async function uploadCsv(file: File): Promise<CsvUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiCall(uploadCsvResponse, '/api/upload-csv', { method: 'POST', body: form });
  return res.data;
}

export const useUploadCsv = () => useMutation(uploadCsv, refreshCsvData);
