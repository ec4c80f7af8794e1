import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { formatDateTime } from '@shared/format.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { RowCountCell } from './RowCountCell.tsx';
import { StatusTag } from './StatusTag.tsx';
import { TotalCell } from './TotalCell.tsx';

interface Props {
  documents: DocumentItem[];
  numberOf: (doc: DocumentItem) => number;
  loading: boolean;
  deletingIds: ReadonlySet<number>;
  onDelete: (doc: DocumentItem) => void;
}

/** The documents on a phone: one card each, the name a link to the document. */
export function DocumentCards({ documents, numberOf, loading, deletingIds, onDelete }: Props) {
  if (loading && !documents.length) return <p className="hint doc-center">Caricamento documenti...</p>;
  return (
    <ul className="doc-doc-cards" aria-label="Documenti">
      {documents.map((d) => (
        <li key={d.id} className="doc-doc-card" data-testid="document-card">
          <div className="doc-doc-card-head">
            <Link to={`/documents/${d.id}`} className="doc-doc-card-name" data-testid="document-card-name">
              {numberOf(d)}. {d.filename}
            </Link>
            <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Elimina ${d.filename}`} disabled={deletingIds.has(d.id)} onClick={() => onDelete(d)} />
          </div>
          <dl>
            <div>
              <dt>Provincia</dt>
              <dd>{d.provincia || '—'}</dd>
            </div>
            <div>
              <dt>Data</dt>
              <dd>{formatDateTime(d.upload_date)}</dd>
            </div>
            <div>
              <dt>Totale</dt>
              <dd>
                <TotalCell document={d} />
              </dd>
            </div>
            <div>
              <dt>Righe</dt>
              <dd>
                <RowCountCell documentId={d.id} status={String(d.status)} plain />
              </dd>
            </div>
            <div>
              <dt>Stato</dt>
              <dd>
                <StatusTag status={String(d.status)} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
