import { Button } from 'primereact/button';

interface Props {
  q: string;
  hasFilters: boolean;
  onSearch: (q: string) => void;
  onRemoveFilters: () => void;
}

/** A shorter code: drop the last segment ("TOS25_01.A03.001" → "TOS25_01.A03"). */
export function shorterPrefix(q: string): string | null {
  const cut = Math.max(q.lastIndexOf('.'), q.lastIndexOf('_'), q.lastIndexOf('-'), q.lastIndexOf('/'));
  if (cut > 0) return q.slice(0, cut);
  return q.length > 4 && !/\s/.test(q) ? q.slice(0, Math.ceil(q.length / 2)) : null;
}

/** Fewer words: drop the last one. */
export function fewerWords(q: string): string | null {
  const words = q.split(/\s+/).filter(Boolean);
  return words.length > 1 ? words.slice(0, -1).join(' ') : null;
}

/** 'Nessun risultato trovato' with ways to widen the search. */
export function NoResultsPanel({ q, hasFilters, onSearch, onRemoveFilters }: Props) {
  const prefix = shorterPrefix(q);
  const fewer = fewerWords(q);
  return (
    <div className="pz-card pz-empty" data-testid="no-results">
      <i className="pi pi-search-minus" aria-hidden />
      <h2>Nessun risultato trovato</h2>
      <p className="hint">Nessuna voce corrisponde a “{q}”. Prova uno di questi suggerimenti:</p>
      <div className="pz-suggestions">
        {prefix && (
          <div className="pz-suggestion">
            <h3>
              <i className="pi pi-code" aria-hidden /> Prefisso più corto
            </h3>
            <p>Cerca solo la parte iniziale del codice: troverai tutte le voci del capitolo.</p>
            <Button label={`Cerca “${prefix}”`} size="small" outlined onClick={() => onSearch(prefix)} />
          </div>
        )}
        {fewer && (
          <div className="pz-suggestion">
            <h3>
              <i className="pi pi-align-left" aria-hidden /> Meno parole
            </h3>
            <p>Usa meno parole, le più caratteristiche della descrizione.</p>
            <Button label={`Cerca “${fewer}”`} size="small" outlined onClick={() => onSearch(fewer)} />
          </div>
        )}
        {hasFilters && (
          <div className="pz-suggestion">
            <h3>
              <i className="pi pi-filter-slash" aria-hidden /> Rimuovi i filtri
            </h3>
            <p>Cerca in tutti i prezzari e in tutti gli anni.</p>
            <Button label="Rimuovi i filtri" size="small" outlined onClick={onRemoveFilters} />
          </div>
        )}
        <div className="pz-suggestion">
          <h3>
            <i className="pi pi-info-circle" aria-hidden /> Controlla il codice
          </h3>
          <p>Verifica che il codice sia scritto correttamente e che il prezzario di riferimento sia stato caricato.</p>
        </div>
      </div>
    </div>
  );
}
