import { useEffect, useMemo, useState } from 'react';
import { Card } from 'primereact/card';
import { Paginator } from 'primereact/paginator';
import { Alert } from '@/components/Alert.tsx';
import { useActiveTipologie } from '@/lib/tipologie.ts';
import { usePriceSearch } from '@/features/search/api/search-price-list.ts';
import { PRICE_SEARCH_MAX_RESULTS } from '@shared/api/prezzari.ts';
import { SEARCH_PAGE_SIZE } from '@/features/search/constants.ts';
import { useSearchUrl, type SearchUrl } from '@/features/search/hooks/use-search-url.ts';
import { resolveFilter } from './FilterAutoComplete.tsx';
import { NoResultsPanel } from './NoResultsPanel.tsx';
import { SearchForm } from './SearchForm.tsx';
import { SearchResultsTable } from './SearchResultsTable.tsx';
import { SearchResultCards } from './SearchResultCards.tsx';
import { NARROW_SCREEN, useMediaQuery } from '@/hooks/use-media-query.ts';
import { missingWordsMessage } from '@/features/search/missing-words.ts';
import '@/features/search/search.css';

/** 'Ricerca Codice': the search lives in the URL; a q there starts it. */
export function SearchScreen() {
  const { q, filter, anno, page, descrizione, go } = useSearchUrl();
  const tipologie = useActiveTipologie();
  const tipologieList = useMemo(() => tipologie.data ?? [], [tipologie.data]);
  const [formError, setFormError] = useState(false);
  const narrow = useMediaQuery(NARROW_SCREEN);

  const search = usePriceSearch(q ? { q, tipologiaDeiprovincia: filter || undefined, anno: anno || undefined, limit: SEARCH_PAGE_SIZE, page, descrizione: descrizione || undefined } : null);
  const total = Math.min(search.data?.total ?? 0, PRICE_SEARCH_MAX_RESULTS);
  const rows = search.data?.items ?? [];
  // A page past the last one (an old link, a narrower list) shows the last page instead of nothing.
  const lastPage = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const pastTheEnd = Boolean(search.data && !search.isValidating && total > 0 && page > lastPage);
  useEffect(() => {
    if (pastTheEnd) go({ q, filter, anno, page: lastPage, descrizione }, { replace: true });
  }, [pastTheEnd, go, q, filter, anno, lastPage, descrizione]);
  const open = (next: SearchUrl) => {
    if (!go(next)) void search.mutate();
  };

  const filterLabel = resolveFilter(filter, tipologieList)?.label ?? filter;
  const errorDetail = search.error instanceof Error ? search.error.message : '';

  return (
    <>
      <SearchForm current={{ q, filter, anno }} tipologie={tipologieList} loading={search.isLoading} onSearch={open} onErrorChange={setFormError} />

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

      {q && search.data && !search.error && total === 0 && (
        <NoResultsPanel q={q} hasFilters={Boolean(filter || anno)} onSearch={(nq) => open({ q: nq, filter, anno })} onRemoveFilters={() => open({ q })} />
      )}
      {q && search.data && !search.error && total > 0 && (
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
          {search.data.fromDescription && (
            <p className="pz-missing-words" data-testid="from-description">
              Nessuna voce con il codice «{q}»: mostrate le voci più simili alla descrizione della riga.
            </p>
          )}
          {search.data.missingWords.length > 0 && (
            <p className="pz-missing-words" data-testid="missing-words">
              {missingWordsMessage(search.data.missingWords, search.data.usedWords)}
            </p>
          )}
          {narrow ? <SearchResultCards rows={rows} tipologie={tipologieList} /> : <SearchResultsTable rows={rows} tipologie={tipologieList} loading={search.isValidating} />}
          {total > SEARCH_PAGE_SIZE && (
            <Paginator
              first={(page - 1) * SEARCH_PAGE_SIZE}
              rows={SEARCH_PAGE_SIZE}
              totalRecords={total}
              pageLinkSize={5}
              onPageChange={(e) => open({ q, filter, anno, page: e.page + 1 })}
              template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
              currentPageReportTemplate="Pagina {currentPage} di {totalPages}"
            />
          )}
          {search.data.total > PRICE_SEARCH_MAX_RESULTS && (
            <p className="hint">Sono mostrati i primi {PRICE_SEARCH_MAX_RESULTS.toLocaleString('it-IT')} risultati: affina la ricerca per vedere gli altri.</p>
          )}
        </Card>
      )}
    </>
  );
}
