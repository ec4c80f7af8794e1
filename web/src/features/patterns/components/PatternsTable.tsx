import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { Pattern } from '@/features/patterns/types.ts';

interface Props {
  patterns: Pattern[];
  loading: boolean;
  onEdit: (p: Pattern) => void;
  onDelete: (p: Pattern) => void;
}

const none = <span className="hint">—</span>;

/** The patterns in the order they are applied. */
export function PatternsTable({ patterns, loading, onEdit, onDelete }: Props) {
  return (
    <DataTable value={patterns} loading={loading} dataKey="id" size="small" stripedRows className="pz-table" emptyMessage="Nessun pattern configurato.">
      <Column field="id" header="ID" style={{ width: '4rem' }} />
      <Column header="Pattern" body={(p: Pattern) => <code className="pz-pattern">{p.pattern}</code>} />
      <Column header="Sostituzione" body={(p: Pattern) => (p.replacement ? <code className="pz-pattern">{p.replacement}</code> : none)} />
      <Column header="Note" body={(p: Pattern) => p.notes || none} />
      <Column
        header="Azioni"
        body={(p: Pattern) => (
          <div className="button-row compact pz-actions">
            <Button icon="pi pi-pencil" text rounded aria-label={`Modifica pattern ${p.id}`} onClick={() => onEdit(p)} />
            <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Elimina pattern ${p.id}`} onClick={() => onDelete(p)} />
          </div>
        )}
      />
    </DataTable>
  );
}
