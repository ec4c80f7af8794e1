import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatDateTime } from '@shared/format.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { RowCountCell } from './RowCountCell.tsx';
import { fileIcon } from '@/features/documents/utils/file-icon.ts';
import { StatusTag } from './StatusTag.tsx';
import { TotalCell } from './TotalCell.tsx';
import { FileName } from '@/components/FileName.tsx';

interface Props {
  documents: DocumentItem[];
  /** The row's number (numbers continue across pages). */
  numberOf: (doc: DocumentItem) => number;
  loading: boolean;
  deletingIds: ReadonlySet<number>;
  onOpen: (doc: DocumentItem) => void;
  onDelete: (doc: DocumentItem) => void;
}

export function DocumentsTable({ documents, numberOf, loading, deletingIds, onOpen, onDelete }: Props) {
  return (
    <DataTable
      value={documents}
      dataKey="id"
      loading={loading}
      size="small"
      stripedRows
      rowHover
      className="doc-table"
      onRowClick={(e) => onOpen(e.data as DocumentItem)}
      rowClassName={(d: DocumentItem) => ({ 'doc-row-clickable': true, 'doc-row-deleting': deletingIds.has(d.id) })}
    >
      <Column header="#" style={{ width: '3.5rem' }} body={(d: DocumentItem) => <span className="doc-muted">{numberOf(d)}</span>} />
      <Column
        header="Nome file"
        body={(d: DocumentItem) => (
          <span className="doc-filename" title={d.filename}>
            <i className={fileIcon(d.filename)} aria-hidden /> <span><FileName name={d.filename} /></span>
          </span>
        )}
      />
      <Column header="Provincia" field="provincia" />
      <Column header="Data" body={(d: DocumentItem) => formatDateTime(d.upload_date)} style={{ whiteSpace: 'nowrap' }} />
      <Column header="Totale" body={(d: DocumentItem) => <TotalCell document={d} />} className="doc-num" headerClassName="doc-num-header" />
      <Column header="Righe" body={(d: DocumentItem) => <RowCountCell documentId={d.id} status={String(d.status)} />} />
      <Column header="Stato" body={(d: DocumentItem) => <StatusTag status={String(d.status)} />} />
      <Column
        header="Azioni"
        style={{ width: '5rem' }}
        body={(d: DocumentItem) => (
          <Button
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={`Elimina ${d.filename}`}
            disabled={deletingIds.has(d.id)}
            onClick={(e) => {
              e.stopPropagation();
              onDelete(d);
            }}
          />
        )}
      />
    </DataTable>
  );
}
