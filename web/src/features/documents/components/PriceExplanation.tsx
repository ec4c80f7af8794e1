import { formatEuro, formatShare } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { priceSourceLabel } from './PriceSourceTag.tsx';
import { PriceSuggestions } from './PriceSuggestions.tsx';

const FONTE: Record<string, string> = { prezzario: 'dal prezzario', documento: 'dal computo', manuale: 'inserita a mano' };

/** The voce's labour incidence and cost (issue 39), or that it has none; a safety voce says so. */
function LabourLine({ row }: { row: DocumentRow }) {
  const incidenza = row.incidenza_manodopera ?? null;
  return (
    <p className="doc-labour-line" data-testid="row-labour">
      {row.sicurezza
        ? 'Oneri della sicurezza: esclusi dal ribasso e dalla stima della manodopera.'
        : incidenza === null
          ? 'Manodopera: incidenza non nota.'
          : `Manodopera: ${formatShare(incidenza)} (${FONTE[row.fonte_manodopera ?? 'prezzario']}), costo ${formatEuro(row.costo_manodopera)}.`}
      {row.manodopera_diversa && <span className="doc-price-warn"> Attenzione: {row.manodopera_diversa}.</span>}
    </p>
  );
}

/** Why the row has the reference price it has: the article and its list, or the reason there is none. */
export function PriceExplanation({ row, tipologiaLabel }: { row: DocumentRow; tipologiaLabel?: (value: string) => string | undefined }) {
  const source = row.price_source;
  if (!source) {
    return (
      <section className="doc-price-why" aria-label="Prezzo di riferimento" data-testid="price-why">
        <h3>Prezzo di riferimento</h3>
        <p>{row.price_reason ? `Nessun prezzo di riferimento: ${row.price_reason}.` : 'Nessun prezzo di riferimento.'}</p>
        <PriceSuggestions row={row} />
        <LabourLine row={row} />
      </section>
    );
  }
  if (source.list === 'manuale') {
    return (
      <section className="doc-price-why" aria-label="Prezzo di riferimento" data-testid="price-why">
        <h3>Prezzo di riferimento</h3>
        <p>Prezzo inserito a mano da {source.key}: resta com&apos;è con &ldquo;Aggiorna Prezzi&rdquo;.</p>
        <LabourLine row={row} />
      </section>
    );
  }
  return (
    <section className="doc-price-why" aria-label="Prezzo di riferimento" data-testid="price-why">
      <h3>Prezzo di riferimento</h3>
      <dl>
        <dt>Prezzario</dt>
        <dd>{priceSourceLabel(source, tipologiaLabel)}</dd>
        <dt>Articolo</dt>
        <dd className="mono">{source.code}</dd>
        {source.descrizione && (
          <>
            <dt>Descrizione</dt>
            <dd>{source.descrizione}</dd>
          </>
        )}
        {source.unita_di_misura && (
          <>
            <dt>Unità</dt>
            <dd>{source.unita_di_misura}</dd>
          </>
        )}
        <dt>Prezzo</dt>
        <dd>{formatEuro(source.prezzo ?? row.prezzo_db)}</dd>
        {source.patterns && source.patterns.length > 0 && (
          <>
            <dt>Codice riscritto dai pattern</dt>
            <dd className="mono">{source.patterns.join(', ')}</dd>
          </>
        )}
      </dl>
      {source.unit_warning && (
        <p className="doc-price-warn" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden /> {source.unit_warning}
        </p>
      )}
      <LabourLine row={row} />
    </section>
  );
}
