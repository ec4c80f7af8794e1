import { DbConnectionCard } from '@/features/debug/components/DbConnectionCard.tsx';
import { DbSchemaCard } from '@/features/debug/components/DbSchemaCard.tsx';
import '@/pages/prezzari/prezzari.css';

/** /api-debug (admin route): the two backend test calls and what they answer. */
export default function ApiDebugPage() {
  return (
    <div className="page pz-page">
      <h1 className="pz-title">Debug API</h1>
      <p className="hint pz-subtitle">Verifica la connessione al database e lo schema delle tabelle.</p>
      <div className="pz-debug-grid" style={{ marginTop: '1rem' }}>
        <DbConnectionCard />
        <DbSchemaCard />
      </div>
    </div>
  );
}
