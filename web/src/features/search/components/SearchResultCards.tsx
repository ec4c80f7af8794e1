import { Tag } from 'primereact/tag';
import { formatEuro, formatShare } from '@shared/format.ts';
import type { Tipologia } from '@/lib/tipologie.ts';
import { Highlighted } from './Highlighted.tsx';
import { listLabel, sourceSeverity } from './SearchResultsTable.tsx';
import type { PriceSearchResult } from '@/features/search/types.ts';

/** One page of hits on a phone: a card each, the whole description with the matched words marked. */
export function SearchResultCards({ rows, tipologie }: { rows: PriceSearchResult[]; tipologie: Tipologia[] }) {
  return (
    <ul className="search-cards" aria-label="Risultati">
      {rows.map((r) => (
        <li key={r.id} className="search-card" data-testid="search-card">
          <div className="search-card-head">
            <code className="search-card-code">
              <Highlighted text={r.tariffa ?? r.codice ?? ''} ranges={r.highlights?.codice} />
            </code>
            <Tag className="pz-source-tag" severity={sourceSeverity(r.source)} value={listLabel(r, tipologie)} />
          </div>
          <p className="search-card-desc">
            <Highlighted text={r.descrizione ?? ''} ranges={r.highlights?.descrizione} />
          </p>
          <dl>
            <div>
              <dt>U.M.</dt>
              <dd>{r.unita_di_misura || '—'}</dd>
            </div>
            <div>
              <dt>Anno</dt>
              <dd>{r.anno ?? r.list_year}</dd>
            </div>
            <div>
              <dt>Prezzo</dt>
              <dd>{formatEuro(r.prezzo) || '—'}</dd>
            </div>
            <div>
              <dt>Prezzo S.G.</dt>
              <dd>{formatEuro(r.prezzo_senza_sg) || '—'}</dd>
            </div>
            {r.incidenza_manodopera != null && (
              <div>
                <dt>Inc. MdO</dt>
                <dd>{formatShare(r.incidenza_manodopera)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
