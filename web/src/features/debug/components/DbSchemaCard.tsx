import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Alert } from '@/components/Alert.tsx';
import { testDbSchema, type DbTable } from '@/features/debug/api/test-db.ts';
import { useTimedCall } from '@/features/debug/hooks/use-timed-call.ts';
import { statusSeverity } from './status.ts';

/** GET /test/db/schema on demand: one row per table with keys and indexes. */
export function DbSchemaCard() {
  const { outcome: schema, running, run } = useTimedCall(testDbSchema);
  return (
    <Card title="Schema database" subTitle="GET /test/db/schema" className="pz-card">
      <Button label="Leggi schema" icon="pi pi-sitemap" onClick={() => void run()} loading={running} />
      {schema?.error && <Alert severity="error">{schema.error}</Alert>}
      {schema?.data && (
        <>
          <p className="hint">
            {schema.data.length} tabelle, risposta in {schema.ms} ms
          </p>
          <DataTable value={schema.data} dataKey="name" size="small" stripedRows className="pz-table" emptyMessage="Nessuna tabella.">
            <Column field="name" header="Tabella" className="pz-code" />
            <Column header="Stato" body={(t: DbTable) => (t.status ? <Tag value={t.status} severity={statusSeverity(t.status)} /> : '—')} />
            <Column header="Elementi" body={(t: DbTable) => t.items ?? '—'} className="pz-num" headerClassName="pz-num-header" />
            <Column header="Chiave" body={(t: DbTable) => [t.key, t.sort_key].filter(Boolean).join(' / ')} className="pz-code" />
            <Column header="Indici" body={(t: DbTable) => (t.indexes ?? []).join(', ') || '—'} />
          </DataTable>
        </>
      )}
    </Card>
  );
}
