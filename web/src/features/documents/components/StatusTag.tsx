import { Tag } from 'primereact/tag';
import { isDocumentStatus, STATUS_SEVERITY, statusLabel } from '@shared/domain/status.ts';

/** Completato (green), In elaborazione (yellow), Errore (red), anything else Sconosciuto (grey). */
export function StatusTag({ status }: { status: string }) {
  const severity = isDocumentStatus(status) ? STATUS_SEVERITY[status] : 'secondary';
  return <Tag value={statusLabel(status)} severity={severity} rounded data-testid="document-status" />;
}
