import { useState } from 'react';
import { Button } from 'primereact/button';
import { formatEuro } from '@shared/format.ts';
import { similarityPercent } from '@shared/domain/similarity.ts';
import { ApiError } from '@/lib/api-client.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { useRowSuggestions } from '@/features/documents/api/get-row-suggestions.ts';
import { applySuggestion } from '@/features/documents/api/apply-suggestion.ts';

const DESCRIPTION_CHARS = 140;
const cut = (s: string) => (s.length > DESCRIPTION_CHARS ? `${s.slice(0, DESCRIPTION_CHARS).trimEnd()}…` : s);

/**
 * For a row without a reference price: the articles of the document's price lists that most
 * resemble it (description and unit), with their similarity and price; "Applica" makes one the
 * row's price, recorded as suggested and kept by "Aggiorna Prezzi".
 */
export function PriceSuggestions({ row }: { row: DocumentRow }) {
  const suggestions = useRowSuggestions(row.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [applied, setApplied] = useState<{ code: string; price: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      const res = await applySuggestion(row, id);
      setApplied({ code: res.row.price_source?.code ?? '', price: res.row.prezzo_db });
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : "Errore nell'applicazione del prezzo suggerito");
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="doc-suggestions" aria-label="Prezzi suggeriti" data-testid="price-suggestions">
      <h4>Prezzi suggeriti</h4>
      {applied ? (
        <p role="status" data-testid="suggestion-applied">
          <i className="pi pi-check-circle" aria-hidden /> Prezzo suggerito applicato: {applied.code}, {formatEuro(applied.price)}. Resta com&apos;è con &ldquo;Aggiorna Prezzi&rdquo;.
        </p>
      ) : suggestions.error ? (
        <p role="alert">Errore nel caricamento dei suggerimenti</p>
      ) : !suggestions.data ? (
        <p className="hint">Ricerca di articoli simili nei prezzari del documento…</p>
      ) : suggestions.data.length === 0 ? (
        <p className="hint">Nessun articolo simile nei prezzari del documento.</p>
      ) : (
        <>
          <p className="hint">Articoli dei prezzari del documento simili per descrizione e unità di misura.</p>
          <ol className="doc-suggestion-list" style={{ paddingLeft: 0, listStyle: 'none', margin: 0 }}>
            {suggestions.data.map((s) => (
              <li key={s.id} className="doc-suggestion" data-testid="price-suggestion" style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', padding: '0.4rem 0', borderTop: '1px solid var(--surface-border, #dee2e6)' }}>
                <div className="doc-suggestion-text" style={{ flex: 1 }}>
                  <span className="mono">{s.codice}</span> · {cut(s.descrizione)}
                  <span className="hint">
                    {' '}
                    · {s.unita_di_misura ?? 'senza unità'} · {s.source_label} {s.list_key} {s.list_year}
                  </span>
                  {s.unit_warning && <span className="doc-price-warn"> · {s.unit_warning}</span>}
                </div>
                <span className="doc-suggestion-score" style={{ whiteSpace: 'nowrap' }} title="Somiglianza di descrizione e unità di misura">
                  Somiglianza {similarityPercent(s.similarity)}
                </span>
                <strong className="doc-suggestion-price">{formatEuro(s.prezzo)}</strong>
                <Button type="button" label="Applica" size="small" outlined loading={busy === s.id} disabled={busy !== null} onClick={() => void apply(s.id)} aria-label={`Applica ${s.codice} a ${formatEuro(s.prezzo)}`} />
              </li>
            ))}
          </ol>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
