import { Link } from 'react-router-dom';
import { PatternsScreen } from '@/features/patterns/components/PatternsScreen.tsx';
import '@/pages/prezzari/prezzari.css';

/** /admin/patterns (admin route). */
export default function PatternsPage() {
  return (
    <div className="page pz-page">
      <div className="pz-header">
        <div>
          <h1 className="pz-title">Gestione Pattern Codici</h1>
          <p className="hint pz-subtitle">Espressioni regolari applicate in ordine ai codici tariffa prima della ricerca del prezzo.</p>
        </div>
        <Link to="/admin/dashboard" className="p-button p-button-outlined p-button-secondary pz-link-button">
          <i className="pi pi-arrow-left" aria-hidden /> Torna al pannello admin
        </Link>
      </div>
      <PatternsScreen />
    </div>
  );
}
