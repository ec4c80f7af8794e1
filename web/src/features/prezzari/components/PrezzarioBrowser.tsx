import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { Alert } from '@/components/Alert.tsx';
import { formatDateTime, formatEuro, formatNumber, formatPercent, formatShare } from '@shared/format.ts';
import { usePrezzari } from '@/features/prezzari/api/get-prezzari.ts';
import { useActiveTipologie } from '@/lib/tipologie.ts';
import { PREZZARIO_PAGE_SIZE } from '@/features/prezzari/constants.ts';
import type { PriceItem, PriceListInfo, PrezzarioSource } from '@/features/prezzari/types.ts';

const LOAD_ERROR: Record<PrezzarioSource, string> = {
  dei: 'Errore nel caricamento dei dati del prezzario DEI',
  toscana: 'Errore nel caricamento dei dati del prezzario Toscana',
};

const listValue = (l: PriceListInfo) => `${l.key}#${l.year}`;

/** One loaded list at a time: pick it, search it, page through all its fields. */
/** The description, below the titles above the article in its list (chapter, voce) when the importer kept them. */
const description = (r: PriceItem) => (
  <>
    {r.titoli?.length ? <div className="pz-titles">{r.titoli.join(' \u203a ')}</div> : null}
    {r.descrizione}
  </>
);

export function PrezzarioBrowser({ source }: { source: PrezzarioSource }) {
  const [selected, setSelected] = useState<{ key: string; anno: number } | null>(null);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const tipologie = useActiveTipologie();
  const { data, error, isLoading, isValidating, mutate } = usePrezzari({ source, key: selected?.key, anno: selected?.anno, page, search }, true);

  // A search that shrinks the list may leave us past the last page.
  useEffect(() => {
    if (data && page > 1 && (page - 1) * PREZZARIO_PAGE_SIZE >= data.total) setPage(1);
  }, [data, page]);

  const keyLabel = (key: string) => (source === 'dei' ? (tipologie.data?.find((t) => t.value === key)?.description ?? key) : key);
  const lists = data?.lists ?? [];
  const shown = data?.list ?? null;
  const options = lists.map((l) => ({
    value: listValue(l),
    label: `${keyLabel(l.key)} ${l.year} — ${formatNumber(l.total_rows).replace(/,00$/, '')} righe — aggiornato il ${formatDateTime(l.updated_at)}`,
  }));

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchText.trim());
    setPage(1);
  };

  const keyHeader = source === 'dei' ? 'Tipologia' : 'Provincia';
  const items = data?.items ?? [];
  const total = data?.total ?? 0;

  return (
    <section className="pz-browser" aria-label="Voci del prezzario">
      <div className="pz-browser-toolbar">
        <div className="pz-form-field pz-list-select">
          <label htmlFor="prezzario-list">Prezzario caricato</label>
          <Dropdown
            inputId="prezzario-list"
            value={shown ? listValue(shown) : null}
            options={options}
            onChange={(e) => {
              const l = lists.find((x) => listValue(x) === e.value);
              if (l) setSelected({ key: l.key, anno: l.year });
              setPage(1);
            }}
            placeholder={lists.length ? 'Seleziona un prezzario' : 'Nessun prezzario caricato'}
            disabled={!lists.length}
            className="pz-full-width"
          />
        </div>
        <form className="pz-search-form" onSubmit={submitSearch} role="search">
          <IconField iconPosition="left" className="pz-search">
            <InputIcon className="pi pi-search" />
            <InputText
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Cerca per codice o descrizione..."
              aria-label="Cerca nel prezzario"
            />
          </IconField>
          <Button type="submit" label="Cerca" outlined />
          {search && (
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              severity="secondary"
              aria-label="Cancella ricerca"
              onClick={() => {
                setSearchText('');
                setSearch('');
                setPage(1);
              }}
            />
          )}
        </form>
        <Button label="Aggiorna" icon="pi pi-refresh" severity="secondary" outlined loading={isValidating && !isLoading} onClick={() => void mutate()} />
      </div>

      {error && <Alert severity="error">{LOAD_ERROR[source]}</Alert>}

      {shown && (
        <p className="hint pz-list-meta" data-testid="list-meta">
          {keyLabel(shown.key)} {shown.year}: {formatNumber(shown.total_rows).replace(/,00$/, '')} voci, aggiornato il {formatDateTime(shown.updated_at)}
          {search && ` — ${total} ${total === 1 ? 'risultato' : 'risultati'} per “${search}”`}
        </p>
      )}

      <DataTable
        value={items}
        loading={isLoading}
        dataKey="id"
        size="small"
        stripedRows
        scrollable
        className="pz-table"
        emptyMessage={error ? ' ' : 'Nessun dato disponibile.'}
      >
        <Column field="codice" header="Codice" className="pz-nowrap pz-code" />
        <Column field="codice_originale" header="Codice originale" className="pz-nowrap" />
        <Column header="Descrizione" className="pz-desc" body={description} />
        <Column field="unita_di_misura" header="U.M." />
        <Column header="Prezzo" body={(r: PriceItem) => formatEuro(r.prezzo)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Prezzo s/ S.G." body={(r: PriceItem) => formatEuro(r.prezzo_senza_sg)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Inc. MdO %" body={(r: PriceItem) => formatShare(r.incidenza_manodopera)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Inc. sicur. %" body={(r: PriceItem) => formatShare(r.incidenza_sicurezza)} className="pz-num" headerClassName="pz-num-header" />
        <Column field="anno" header="Anno" />
        <Column header={keyHeader} body={(r: PriceItem) => (source === 'dei' ? keyLabel(r.tipologia ?? '') : r.provincia)} />
        <Column header="Scost. % s/ S.G. 2024" body={(r: PriceItem) => formatPercent(r.scostamento_perc_senza_sg_2024)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Scost. % su anno 2024" body={(r: PriceItem) => formatPercent(r.scostamento_perc_su_anno_2024)} className="pz-num" headerClassName="pz-num-header" />
      </DataTable>
      {total > PREZZARIO_PAGE_SIZE && (
        <Paginator
          first={(page - 1) * PREZZARIO_PAGE_SIZE}
          rows={PREZZARIO_PAGE_SIZE}
          totalRecords={total}
          pageLinkSize={5}
          onPageChange={(e) => setPage(e.page + 1)}
          template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate="Pagina {currentPage} di {totalPages}"
        />
      )}
    </section>
  );
}
