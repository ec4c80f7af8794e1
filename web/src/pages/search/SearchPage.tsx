import { SearchScreen } from '@/features/search/components/SearchScreen.tsx';
import '@/pages/prezzari/prezzari.css';

/** /search: q, tipologia_provincia, anno and page in the URL. */
export default function SearchPage() {
  return (
    <div className="page pz-page">
      <h1 className="pz-title">Ricerca Codice</h1>
      <p className="hint pz-subtitle">Cerca una voce nei prezzari caricati per codice tariffa o per parole della descrizione.</p>
      <SearchScreen />
    </div>
  );
}
