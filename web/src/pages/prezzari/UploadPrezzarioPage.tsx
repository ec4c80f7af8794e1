import { Link } from 'react-router-dom';
import { PrezzarioUploader } from '@/features/prezzari/components/PrezzarioUploader.tsx';
import { LIST_ROUTE } from '@/features/prezzari/constants.ts';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';
import './prezzari.css';

const TITLE: Record<PrezzarioSource, string> = { dei: 'Carica prezzario DEI', toscana: 'Carica prezzario Toscana' };

/** /upload-prezzario-dei, /upload-prezzario-toscana and their legacy routes (admin routes). */
export default function UploadPrezzarioPage({ source }: { source: PrezzarioSource }) {
  return (
    <div className="page pz-page">
      <div className="pz-header">
        <div>
          <h1 className="pz-title">{TITLE[source]}</h1>
          <p className="hint pz-subtitle">Importa un prezzario ufficiale: i dati saranno usati per confrontare i prezzi dei computi metrici.</p>
        </div>
        <Link to={LIST_ROUTE[source]} className="p-button p-button-outlined p-button-secondary pz-link-button">
          <i className="pi pi-table" aria-hidden /> Vedi {source === 'dei' ? 'prezzario DEI' : 'prezzario Toscana'}
        </Link>
      </div>
      {/* key: switching between the DEI and Toscana routes starts afresh. */}
      <PrezzarioUploader key={source} source={source} />
    </div>
  );
}
