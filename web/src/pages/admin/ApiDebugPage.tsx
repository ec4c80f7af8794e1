import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Alert } from '@/components/Alert.tsx';
import { testDb, testDbSchema, type DbStatus, type DbTable } from '@/features/debug/api/test-db.ts';
import '@/pages/prezzari/prezzari.css';

type Outcome<T> = { data?: T; error?: string; at?: Date; ms?: number } | null;

const indexNames = (t: DbTable) => (t.indexes ?? []).map((i) => (typeof i === 'string' ? i : i.name)).join(', ');
const statusSeverity = (s?: string) => (!s ? 'secondary' : /ok|active|attiv|connected|connesso/i.test(s) ? 'success' : 'warning');

async function timed<T>(fn: () => Promise<T>): Promise<NonNullable<Outcome<T>>> {
  const start = performance.now();
  try {
    const data = await fn();
    return { data, at: new Date(), ms: Math.round(performance.now() - start) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err), at: new Date(), ms: Math.round(performance.now() - start) };
  }
}

/** 'Debug API': the two backend test calls and what they answer. */
export default function ApiDebugPage() {
  const [db, setDb] = useState<Outcome<DbStatus>>(null);
  const [schema, setSchema] = useState<Outcome<DbTable[]>>(null);
  const [busy, setBusy] = useState<'db' | 'schema' | null>(null);

  const runDb = async () => {
    setBusy('db');
    setDb(await timed(testDb));
    setBusy(null);
  };
  const runSchema = async () => {
    setBusy('schema');
    setSchema(await timed(testDbSchema));
    setBusy(null);
  };

  return (
    <div className="page pz-page">
      <h1 className="pz-title">Debug API</h1>
      <p className="hint pz-subtitle">Verifica la connessione al database e lo schema delle tabelle.</p>
      <div className="pz-debug-grid" style={{ marginTop: '1rem' }}>
        <Card title="Connessione database" subTitle="GET /test/db" className="pz-card">
          <Button label="Testa connessione" icon="pi pi-bolt" onClick={() => void runDb()} loading={busy === 'db'} />
          {db?.error && <Alert severity="error">{db.error}</Alert>}
          {db?.data && (
            <dl className="details" style={{ marginTop: '1rem' }} data-testid="db-status">
              <dt>Stato</dt>
              <dd>
                <Tag value={db.data.status} severity={statusSeverity(db.data.status)} />
              </dd>
              {db.data.message && (
                <>
                  <dt>Messaggio</dt>
                  <dd>{db.data.message}</dd>
                </>
              )}
              <dt>Latenza database</dt>
              <dd>{db.data.latency_ms !== undefined ? `${db.data.latency_ms} ms` : '—'}</dd>
              <dt>Tempo di risposta</dt>
              <dd>{db.ms} ms</dd>
              {db.data.users !== undefined && (
                <>
                  <dt>Utenti</dt>
                  <dd>{db.data.users}</dd>
                </>
              )}
            </dl>
          )}
        </Card>
        <Card title="Schema database" subTitle="GET /test/db/schema" className="pz-card">
          <Button label="Leggi schema" icon="pi pi-sitemap" onClick={() => void runSchema()} loading={busy === 'schema'} />
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
                <Column header="Indici" body={(t: DbTable) => indexNames(t) || '—'} />
              </DataTable>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
