import { ProgressSpinner } from 'primereact/progressspinner';
import { useRowCount } from '@/features/documents/api/get-row-count.ts';

/** 'N° x', fetched separately per document, with a small spinner until it arrives. */
export function RowCountCell({ documentId, status }: { documentId: number; status: string }) {
  const { data } = useRowCount(documentId, status);
  if (data === undefined) {
    return <ProgressSpinner className="doc-mini-spinner" strokeWidth="6" aria-label="Caricamento righe" />;
  }
  return <span className="doc-row-count">N° {data}</span>;
}
