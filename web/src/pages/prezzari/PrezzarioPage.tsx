import { Link } from 'react-router-dom';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { PrezzarioBrowser } from '@/features/prezzari/components/PrezzarioBrowser.tsx';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';
import './prezzari.css';

const TITLE: Record<PrezzarioSource, string> = { dei: 'Prezzario DEI', toscana: 'Prezzario Toscana' };

/** /prezzario-dei and /prezzario-toscana: the route requires admin, the page itself only login. */
export default function PrezzarioPage({ source }: { source: PrezzarioSource }) {
  const { user } = useAuth();
  if (!user) {
    return (
      <div className="page pz-page">
        <div className="alert alert-error" role="alert">Accesso negato. Effettua il login.</div>
      </div>
    );
  }
  return (
    <div className="page pz-page">
      <div className="pz-header">
        <div>
          <h1 className="pz-title">{TITLE[source]}</h1>
          <p className="hint pz-subtitle">
            {source === 'dei' ? 'Voci del prezzario DEI caricate, per tipologia e anno.' : 'Voci del prezzario della Regione Toscana caricate, per provincia e anno.'}
          </p>
        </div>
        <Link to={`/upload-prezzario-${source}`} className="p-button p-button-outlined pz-link-button">
          <i className="pi pi-upload" aria-hidden /> Carica {source === 'dei' ? 'prezzario DEI' : 'prezzario Toscana'}
        </Link>
      </div>
      <PrezzarioBrowser key={source} source={source} />
    </div>
  );
}
