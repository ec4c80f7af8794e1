import { Link } from 'react-router-dom';
import { PrezzarioBrowser } from '@/features/prezzari/components/PrezzarioBrowser.tsx';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';
import './prezzari.css';

const TITLE: Record<PrezzarioSource, string> = { dei: 'Prezzario DEI', toscana: 'Prezzario Toscana' };

/** /prezzario-dei and /prezzario-toscana (admin routes). */
export default function PrezzarioPage({ source }: { source: PrezzarioSource }) {
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
