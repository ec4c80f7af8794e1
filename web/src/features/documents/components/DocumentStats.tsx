import type { DocumentCounts } from '@/features/documents/types.ts';

/** The three counters of the list: total, completed, processing (from meta.counts). */
export function DocumentStats({ counts }: { counts: DocumentCounts | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? '…' : n);
  return (
    <div className="stats-grid doc-stats">
      <div className="stat-card" data-testid="stat-total">
        <i className="pi pi-file" aria-hidden />
        <span className="stat-value">{value(counts?.total)}</span>
        <span className="stat-label">Documenti totali</span>
      </div>
      <div className="stat-card doc-stat-completed" data-testid="stat-completed">
        <i className="pi pi-check-circle" aria-hidden />
        <span className="stat-value">{value(counts?.completed)}</span>
        <span className="stat-label">Completati</span>
      </div>
      <div className="stat-card doc-stat-processing" data-testid="stat-processing">
        <i className="pi pi-spin pi-cog" aria-hidden={true} style={counts?.processing ? undefined : { animation: 'none' }} />
        <span className="stat-value">{value(counts?.processing)}</span>
        <span className="stat-label">In elaborazione</span>
      </div>
    </div>
  );
}
