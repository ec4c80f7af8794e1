import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { Alert } from '@/components/Alert.tsx';
import { formatEuro } from '@shared/format.ts';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';
import { useCsvData } from '@/features/search/api/get-csv-data.ts';
import { CsvUploadBox } from '@/features/search/components/CsvUploadBox.tsx';
import { CSV_DESCRIPTION_CHARS, CSV_PAGE_SIZE, truncate } from '@/features/search/constants.ts';
import type { CsvRow } from '@/features/search/types.ts';
import '@/pages/prezzari/prezzari.css';

/** 'Dati CSV': search and page through the CSV price data; search and page (when above 1) live in the URL. */
export default function CsvDataPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(search);
  const [showAll, setShowAll] = useState(false);
  const enabled = Boolean(search) || showAll || page > 1;
  const { data, error, isLoading, isValidating, mutate } = useCsvData(search, page, enabled);

  useEffect(() => setText(search), [search]);

  const go = (next: { search: string; page?: number }) => {
    const p = new URLSearchParams();
    if (next.search) p.set('search', next.search);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ search: text.trim() });
  };

  const clearSearch = () => {
    setText('');
    go({ search: '' });
  };

  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CSV_PAGE_SIZE));

  return (
    <div className="page pz-page">
      <h1 className="pz-title">Dati CSV</h1>
      <p className="hint pz-subtitle">Prezzi dai dati CSV caricati: usati quando un codice non si trova nei prezzari DEI e Toscana.</p>

      {isAdmin(user) && <CsvUploadBox onUploaded={() => void mutate()} />}

      <div className="pz-csv-toolbar">
        <form className="pz-search-form" onSubmit={submit} role="search" aria-label="Cerca nei dati CSV">
          <IconField iconPosition="left" className="pz-search">
            <InputIcon className="pi pi-search" />
            <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder="Cerca per codice, descrizione, provincia..." aria-label="Cerca nei dati CSV" />
          </IconField>
          <Button type="submit" label="Cerca" icon="pi pi-search" />
          {(text || search) && <Button type="button" icon="pi pi-times" label="Cancella" text severity="secondary" onClick={clearSearch} />}
        </form>
        {enabled && data && (
          <span className="pz-csv-total" data-testid="csv-total">
            {total.toLocaleString('it-IT')} {total === 1 ? 'risultato' : 'risultati'}
          </span>
        )}
      </div>

      {error && (
        <Alert severity="error">
          Errore durante il caricamento dei dati CSV
        </Alert>
      )}

      {!enabled ? (
        <Card className="pz-card">
          <div className="pz-empty">
            <i className="pi pi-database" aria-hidden />
            <h2>Cerca nei dati CSV</h2>
            <p className="hint">Inserisci un codice, una descrizione o una provincia, oppure mostra tutti i dati.</p>
            <Button label="Mostra tutti i dati" icon="pi pi-list" outlined onClick={() => setShowAll(true)} />
          </div>
        </Card>
      ) : data && total === 0 && !error ? (
        <Card className="pz-card">
          <div className="pz-empty">
            <i className="pi pi-search-minus" aria-hidden />
            <h2>Nessun risultato trovato</h2>
            <p className="hint">{search ? `Nessuna riga corrisponde a “${search}”.` : 'Non ci sono dati CSV caricati.'}</p>
            {search && <Button label="Cancella ricerca" text onClick={clearSearch} />}
          </div>
        </Card>
      ) : (
        !error && (
          <>
            <DataTable value={data?.items ?? []} loading={isLoading || (isValidating && !data)} dataKey="id" size="small" stripedRows className="pz-table" emptyMessage=" ">
              <Column header="Tariffa" body={(r: CsvRow) => r.tariffa ?? r.codice} className="pz-nowrap pz-code" />
              <Column field="anno" header="Anno" />
              <Column header="Tipologia/Provincia" body={(r: CsvRow) => r.provincia || r.tipologia} />
              <Column field="unita_di_misura" header="UM" />
              <Column header="Prezzo s/ S.G." body={(r: CsvRow) => formatEuro(r.prezzo_senza_sg)} className="pz-num" headerClassName="pz-num-header" />
              <Column header="Prz Unitario" body={(r: CsvRow) => formatEuro(r.prezzo)} className="pz-num" headerClassName="pz-num-header" />
              <Column
                header="Descrizione"
                className="pz-desc"
                body={(r: CsvRow) => <span title={r.descrizione && r.descrizione.length > CSV_DESCRIPTION_CHARS ? r.descrizione : undefined}>{truncate(r.descrizione, CSV_DESCRIPTION_CHARS)}</span>}
              />
            </DataTable>
            {pageCount > 1 && (
              <div className="pz-footer">
                <Paginator
                  first={(page - 1) * CSV_PAGE_SIZE}
                  rows={CSV_PAGE_SIZE}
                  totalRecords={total}
                  pageLinkSize={5}
                  onPageChange={(e) => go({ search, page: e.page + 1 })}
                  template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
                />
                <span className="hint" data-testid="csv-page">
                  Pagina {page} di {pageCount}
                </span>
              </div>
            )}
          </>
        )
      )}
    </div>
  );
}
