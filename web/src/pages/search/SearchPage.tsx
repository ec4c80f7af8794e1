import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { Tooltip } from 'primereact/tooltip';
import { Alert } from '@/components/Alert.tsx';
import { isTuscan, provinceCode } from '@shared/domain/provinces.ts';
import { formatEuro } from '@shared/format.ts';
import { useActiveTipologie } from '@/lib/tipologie.ts';
import { usePriceSearch } from '@/features/search/api/search-price-list.ts';
import { FilterAutoComplete, filterToSend, resolveFilter, type FilterValue } from '@/features/search/components/FilterAutoComplete.tsx';
import { NoResultsPanel } from '@/features/search/components/NoResultsPanel.tsx';
import { Highlighted } from '@/features/search/components/Highlighted.tsx';
import { SEARCH_DESCRIPTION_CHARS, SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE, searchYears } from '@/features/search/constants.ts';
import type { PriceSearchResult } from '@/features/search/types.ts';
import '@/pages/prezzari/prezzari.css';

const EMPTY_QUERY = 'Inserisci un termine di ricerca';
/** The Dropdown shows nothing for an empty value, so 'Tutti' has its own. */
const ALL_YEARS = 'tutti';
const years = searchYears().map((y) => (y.value ? y : { ...y, value: ALL_YEARS }));

const sourceSeverity = (s: string) => (s === 'toscana' ? 'success' : s === 'dei' ? 'info' : 'warning');

/** 'Ricerca Codice': q, tipologia_provincia, anno and page live in the URL; a q there starts the search. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const tipologie = useActiveTipologie();
  const tipologieList = useMemo(() => tipologie.data ?? [], [tipologie.data]);
  const q = (params.get('q') ?? '').trim();
  const filter = params.get('tipologia_provincia') ?? '';
  const anno = params.get('anno') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [text, setText] = useState(q);
  const [filterValue, setFilterValue] = useState<FilterValue>(filter || null);
  const [year, setYear] = useState(anno || ALL_YEARS);
  const [formError, setFormError] = useState<string | null>(null);

  // The document page opens ?q=CODE&type=price-list&tipologia_dei=..&provincia=..: fold those into the filter.
  useEffect(() => {
    const tipologiaDei = params.get('tipologia_dei');
    const provincia = params.get('provincia');
    if (!tipologiaDei && !provincia && !params.has('type')) return;
    const next = new URLSearchParams(params);
    next.delete('tipologia_dei');
    next.delete('provincia');
    next.delete('type');
    if (!next.get('tipologia_provincia')) {
      // A Tuscan province is priced from the Toscana list, otherwise the row's DEI typology.
      const mapped = provincia && isTuscan(provincia) ? (provinceCode(provincia) ?? provincia) : tipologiaDei || provincia;
      if (mapped) next.set('tipologia_provincia', mapped);
    }
    setParams(next, { replace: true });
  }, [params, setParams]);

  // Back / forward: the form follows the URL.
  useEffect(() => setText(q), [q]);
  useEffect(() => setYear(anno || ALL_YEARS), [anno]);
  useEffect(() => {
    setFilterValue(resolveFilter(filter, tipologieList) ?? (filter || null));
  }, [filter, tipologieList]);

  const limit = Math.min(SEARCH_MAX_LIMIT, page * SEARCH_PAGE_SIZE);
  const search = usePriceSearch(q ? { q, tipologiaDeiprovincia: filter || undefined, anno: anno || undefined, limit } : null);
  const total = Math.min(search.data?.total ?? 0, SEARCH_MAX_LIMIT);
  const rows = (search.data?.items ?? []).slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);

  const go = (next: { q: string; filter?: string; anno?: string; page?: number }) => {
    const p = new URLSearchParams();
    p.set('q', next.q);
    if (next.filter) p.set('tipologia_provincia', next.filter);
    if (next.anno) p.set('anno', next.anno);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    if (p.toString() === params.toString()) void search.mutate();
    else setParams(p);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setFormError(EMPTY_QUERY);
    setFormError(null);
    go({ q: text.trim(), filter: filterToSend(filterValue, tipologieList), anno: year === ALL_YEARS ? '' : year });
  };

  const filterLabel = resolveFilter(filter, tipologieList)?.label ?? filter;
  const errorDetail = search.error instanceof Error ? search.error.message : '';

  return (
    <div className="page pz-page">
      <h1 className="pz-title">Ricerca Codice</h1>
      <p className="hint pz-subtitle">Cerca una voce nei prezzari caricati per codice tariffa o per parole della descrizione.</p>

      <Card className="pz-card pz-search-card">
        <form onSubmit={submit} noValidate role="search" aria-label="Ricerca prezzi">
          <div className="pz-search-grid">
            <div className="pz-form-field">
              <label htmlFor="search-q">Codice o descrizione</label>
              <InputText id="search-q" value={text} onChange={(e) => setText(e.target.value)} placeholder="Es. TOS25_01.A03.001.001 oppure scavo di sbancamento" autoFocus />
            </div>
            <div className="pz-form-field">
              <label htmlFor="search-filter">Tipologia DEI / Provincia</label>
              <FilterAutoComplete value={filterValue} tipologie={tipologieList} onChange={setFilterValue} />
            </div>
            <div className="pz-form-field">
              <label htmlFor="search-anno">Anno</label>
              <Dropdown inputId="search-anno" value={year} options={years} onChange={(e) => setYear(e.value)} className="pz-full-width" />
            </div>
            <Button type="submit" label="Cerca" icon="pi pi-search" loading={search.isLoading} />
          </div>
          {formError && (
            <Alert severity="error" onClose={() => setFormError(null)}>
              {formError}
            </Alert>
          )}
        </form>
      </Card>

      {search.error && (
        <Alert severity="error">
          <strong>Errore durante la ricerca automatica</strong>
          {errorDetail && errorDetail !== 'Errore durante la ricerca automatica' && <div>{errorDetail}</div>}
        </Alert>
      )}

      {!q && !formError && (
        <div className="pz-empty hint">
          <i className="pi pi-search" aria-hidden />
          <p>Inserisci un codice tariffa (anche solo l&apos;inizio) o alcune parole della descrizione e premi Cerca.</p>
        </div>
      )}

      {q && search.data && !search.error && (
        <>
          {total === 0 ? (
            <NoResultsPanel
              q={q}
              hasFilters={Boolean(filter || anno)}
              onSearch={(nq) => go({ q: nq, filter, anno })}
              onRemoveFilters={() => go({ q })}
            />
          ) : (
            <Card className="pz-card">
              <div className="pz-results-head">
                <h2>
                  {search.data.total} {search.data.total === 1 ? 'risultato' : 'risultati'} per “{q}”
                </h2>
                <span className="hint">
                  {filterLabel ? `Filtro: ${filterLabel}` : 'Tutti i prezzari'}
                  {anno ? ` · Anno ${anno}` : ''}
                </span>
              </div>
              <Tooltip target=".pz-desc-tip" position="top" style={{ maxWidth: '36rem' }} />
              <DataTable value={rows} dataKey="id" size="small" stripedRows className="pz-table" loading={search.isValidating}>
                <Column header="Codice" body={(r: PriceSearchResult) => <Highlighted text={r.tariffa ?? r.codice ?? ''} ranges={r.highlights?.codice} />} className="pz-nowrap pz-code" />
                <Column
                  header="Descrizione"
                  className="pz-desc"
                  body={(r: PriceSearchResult) => {
                    const full = r.descrizione ?? '';
                    return full.length > SEARCH_DESCRIPTION_CHARS ? (
                      <span className="pz-desc-tip" data-pr-tooltip={full}>
                        <Highlighted text={full} ranges={r.highlights?.descrizione} max={SEARCH_DESCRIPTION_CHARS} />
                      </span>
                    ) : (
                      <Highlighted text={full} ranges={r.highlights?.descrizione} />
                    );
                  }}
                />
                <Column field="unita_di_misura" header="U.M." />
                <Column header="Prezzo" body={(r: PriceSearchResult) => formatEuro(r.prezzo)} className="pz-num" headerClassName="pz-num-header" />
                <Column header="Prezzo S.G." body={(r: PriceSearchResult) => formatEuro(r.prezzo_senza_sg)} className="pz-num" headerClassName="pz-num-header" />
                <Column header="Anno" body={(r: PriceSearchResult) => r.anno ?? r.list_year} />
                <Column
                  header="Prezzario"
                  body={(r: PriceSearchResult) => (
                    <Tag
                      className="pz-source-tag"
                      severity={sourceSeverity(r.source)}
                      value={`${r.source_label ?? r.source}${r.list_key ? ` · ${r.source === 'dei' ? (tipologieList.find((t) => t.value === r.list_key)?.description ?? r.list_key) : r.list_key}` : ''}`}
                    />
                  )}
                />
              </DataTable>
              {total > SEARCH_PAGE_SIZE && (
                <Paginator
                  first={(page - 1) * SEARCH_PAGE_SIZE}
                  rows={SEARCH_PAGE_SIZE}
                  totalRecords={total}
                  pageLinkSize={5}
                  onPageChange={(e) => go({ q, filter, anno, page: e.page + 1 })}
                  template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
                  currentPageReportTemplate="Pagina {currentPage} di {totalPages}"
                />
              )}
              {search.data.total > SEARCH_MAX_LIMIT && <p className="hint">Sono mostrati i primi {SEARCH_MAX_LIMIT} risultati: affina la ricerca per vedere gli altri.</p>}
            </Card>
          )}
        </>
      )}
    </div>
  );
}
