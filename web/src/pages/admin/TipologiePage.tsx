import { TipologieScreen } from '@/features/tipologie/components/TipologieScreen.tsx';
import '@/pages/prezzari/prezzari.css';

/** /admin/tipologie-dei (admin route). */
export default function TipologiePage() {
  return (
    <div className="page pz-page">
      <h1 className="pz-title">Tipologie DEI</h1>
      <p className="hint pz-subtitle">Le tipologie del prezzario DEI proposte nel caricamento dei documenti e dei prezzari. Solo le tipologie attive compaiono negli elenchi.</p>
      <TipologieScreen />
    </div>
  );
}
