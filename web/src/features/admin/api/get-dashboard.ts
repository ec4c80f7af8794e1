import useSWR from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { dashboardResponse } from '@shared/api/admin.ts';

export interface DashboardData {
  total_users: number;
  total_api_keys: number;
  total_documents: number;
  total_rows: number;
  total_patterns: number;
}

export const DASHBOARD_KEY = '/api/admin/dashboard';

export async function getDashboard(): Promise<DashboardData> {
  const res = await apiCall(dashboardResponse, DASHBOARD_KEY);
  return res.data;
}

/** Admins only: pass enabled=false for other roles and no request is made. */
export function useDashboard(enabled: boolean) {
  return useSWR(enabled ? DASHBOARD_KEY : null, getDashboard, { revalidateOnFocus: false });
}
