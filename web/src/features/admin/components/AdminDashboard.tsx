import { TabPanel, TabView } from 'primereact/tabview';
import { Alert } from '@/components/Alert.tsx';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { useDashboard } from '@/features/admin/api/get-dashboard.ts';
import { useUsers } from '@/features/admin/api/get-users.ts';
import { useApiKeys } from '@/features/admin/api/get-api-keys.ts';
import { adminErrorText } from '@/features/admin/errors.ts';
import { ApiKeysTab } from './ApiKeysTab.tsx';
import { UsersTab } from './UsersTab.tsx';

/** 'Pannello Admin': the two counters, then users and API keys in tabs. */
export function AdminDashboard() {
  const dashboard = useDashboard(true);
  const users = useUsers();
  const keys = useApiKeys();
  const { message, show, clear } = useTimedMessage({ successMs: 5000, errorMs: 5000 });
  const loadError = users.error ?? keys.error;

  return (
    <>
      <div className="stats-grid two">
        <div className="stat-card">
          <i className="pi pi-users" aria-hidden />
          <span className="stat-value" data-testid="total-users">{dashboard.data?.total_users ?? '…'}</span>
          <span className="stat-label">Utenti Totali</span>
        </div>
        <div className="stat-card">
          <i className="pi pi-key" aria-hidden />
          <span className="stat-value" data-testid="total-api-keys">{dashboard.data?.total_api_keys ?? '…'}</span>
          <span className="stat-label">API Keys Attive</span>
        </div>
      </div>
      {message && <Alert severity={message.severity} onClose={clear}>{message.text}</Alert>}
      {loadError && <Alert severity="error">{adminErrorText(loadError)}</Alert>}
      <TabView>
        <TabPanel header="Utenti" leftIcon="pi pi-users">
          <UsersTab users={users.data ?? []} loading={users.isLoading} notify={(s, t) => show(s, s === 'error' ? adminErrorText(new Error(t)) : t)} />
        </TabPanel>
        <TabPanel header="API Keys" leftIcon="pi pi-key">
          <ApiKeysTab keys={keys.data ?? []} users={users.data ?? []} loading={keys.isLoading || users.isLoading} notify={show} />
        </TabPanel>
      </TabView>
    </>
  );
}
