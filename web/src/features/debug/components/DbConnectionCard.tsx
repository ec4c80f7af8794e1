import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { Alert } from '@/components/Alert.tsx';
import { testDb } from '@/features/debug/api/test-db.ts';
import { useTimedCall } from '@/features/debug/hooks/use-timed-call.ts';
import { statusSeverity } from './status.ts';

/** GET /test/db on demand: state, latency and the response time seen by the browser. */
export function DbConnectionCard() {
  const { outcome: db, running, run } = useTimedCall(testDb);
  return (
    <Card title="Connessione database" subTitle="GET /test/db" className="pz-card">
      <Button label="Testa connessione" icon="pi pi-bolt" onClick={() => void run()} loading={running} />
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
  );
}
