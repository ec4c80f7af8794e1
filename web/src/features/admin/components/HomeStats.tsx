import { useDashboard } from '@/features/admin/api/get-dashboard.ts';

/** The admin's counters on the home page. */
export function HomeStats() {
  const { data, error, isLoading } = useDashboard(true);
  if (error) return <div className="alert alert-error" role="alert">Errore nel caricamento delle statistiche</div>;
  const stats = [
    { label: 'Documenti', value: data?.total_documents, icon: 'pi pi-file-pdf' },
    { label: 'Righe', value: data?.total_rows, icon: 'pi pi-list' },
    { label: 'Pattern', value: data?.total_patterns, icon: 'pi pi-code' },
    { label: 'Utenti', value: data?.total_users, icon: 'pi pi-users' },
  ];
  return (
    <div className="stats-grid" aria-busy={isLoading}>
      {stats.map((s) => (
        <div key={s.label} className="stat-card" data-testid={`stat-${s.label.toLowerCase()}`}>
          <i className={s.icon} aria-hidden />
          <span className="stat-value">{isLoading ? '…' : (s.value ?? 0).toLocaleString('it-IT')}</span>
          <span className="stat-label">{s.label}</span>
        </div>
      ))}
    </div>
  );
}
