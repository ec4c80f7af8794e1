import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Tooltip } from 'primereact/tooltip';
import { formatEuro, formatShare } from '@shared/format.ts';
import type { Tipologia } from '@/lib/tipologie.ts';
import { SEARCH_DESCRIPTION_CHARS } from '@/features/search/constants.ts';
import { Highlighted } from './Highlighted.tsx';
import type { PriceSearchResult } from '@/features/search/types.ts';

export const sourceSeverity = (s: string) => (s === 'toscana' ? 'success' : s === 'dei' ? 'info' : 'warning');

/** The list a hit comes from: 'Prezzario DEI · Nuove costruzioni', 'Prezzario Toscana · FIRENZE'. */
export function listLabel(r: PriceSearchResult, tipologie: Tipologia[]): string {
  const key = r.source === 'dei' ? (tipologie.find((t) => t.value === r.list_key)?.description ?? r.list_key) : r.list_key;
  return `${r.source_label ?? r.source}${r.list_key ? ` · ${key}` : ''}`;
}

function Description({ r }: { r: PriceSearchResult }) {
  const full = r.descrizione ?? '';
  // The titles above the article in its list (chapter, item), when the importer kept them.
  const titles = r.titoli?.length ? <div className="pz-titles">{r.titoli.join(' › ')}</div> : null;
  if (full.length <= SEARCH_DESCRIPTION_CHARS)
    return (
      <>
        {titles}
        <Highlighted text={full} ranges={r.highlights?.descrizione} />
      </>
    );
  return (
    <>
      {titles}
      <span className="pz-desc-tip" data-pr-tooltip={full}>
        <Highlighted text={full} ranges={r.highlights?.descrizione} max={SEARCH_DESCRIPTION_CHARS} />
      </span>
    </>
  );
}

/** One page of hits, the matched words marked; long descriptions are cut and shown whole in a tooltip. */
export function SearchResultsTable({ rows, tipologie, loading }: { rows: PriceSearchResult[]; tipologie: Tipologia[]; loading: boolean }) {
  return (
    <>
      <Tooltip target=".pz-desc-tip" position="top" style={{ maxWidth: '36rem' }} />
      <DataTable value={rows} dataKey="id" size="small" stripedRows className="pz-table" loading={loading}>
        <Column header="Codice" body={(r: PriceSearchResult) => <Highlighted text={r.tariffa ?? r.codice ?? ''} ranges={r.highlights?.codice} />} className="pz-nowrap pz-code" />
        <Column header="Descrizione" className="pz-desc" body={(r: PriceSearchResult) => <Description r={r} />} />
        <Column field="unita_di_misura" header="U.M." />
        <Column header="Prezzo" body={(r: PriceSearchResult) => formatEuro(r.prezzo)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Prezzo S.G." body={(r: PriceSearchResult) => formatEuro(r.prezzo_senza_sg)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Inc. MdO %" body={(r: PriceSearchResult) => formatShare(r.incidenza_manodopera)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Anno" body={(r: PriceSearchResult) => r.anno ?? r.list_year} />
        <Column header="Prezzario" body={(r: PriceSearchResult) => <Tag className="pz-source-tag" severity={sourceSeverity(r.source)} value={listLabel(r, tipologie)} />} />
      </DataTable>
    </>
  );
}
