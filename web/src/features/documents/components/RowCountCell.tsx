import { ProgressSpinner } from 'primereact/progressspinner';
import { useRowCount } from '@/features/documents/api/get-row-count.ts';

/**
 * 'N° x' (the table's "Righe" column, as the spec words it), or the number alone under a "Righe"
 * label (`plain`, the phone's cards); fetched separately per document, with a small spinner until it arrives.
 */
export function RowCountCell({ documentId, status, plain = false }: { documentId: number; status: string; plain?: boolean }) {
  const { data } = useRowCount(documentId, status);
  if (data === undefined) {
    return <ProgressSpinner className="doc-mini-spinner" strokeWidth="6" aria-label="Caricamento righe" />;
  }
  return <span className="doc-row-count">{plain ? data.toLocaleString('it-IT') : `N° ${data}`}</span>;
}
