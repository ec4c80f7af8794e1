import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Alert } from '@/components/Alert.tsx';
import { useCsvData } from '@/features/search/api/get-csv-data.ts';
import { CsvTable } from './CsvTable.tsx';
import { CsvUploadBox } from './CsvUploadBox.tsx';

function EmptyCard({ icon, title, text, children }: { icon: string; title: string; text: string; children?: ReactNode }) {
  return (
    <Card className="pz-card">
      <div className="pz-empty">
        <i className={`pi ${icon}`} aria-hidden />
        <h2>{title}</h2>
        <p className="hint">{text}</p>
        {children}
      </div>
    </Card>
  );
}

/** 'Dati CSV': search and page through the CSV price data; search and page (when above 1) live in the URL. */
export function CsvDataScreen({ canUpload }: { canUpload: boolean }) {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(search);
  const [showAll, setShowAll] = useState(false);
  const enabled = Boolean(search) || showAll || page > 1;
  const { data, error, isLoading, isValidating } = useCsvData(search, page, enabled);

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

  return (
    <>
      {canUpload && <CsvUploadBox />}

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

      {error && <Alert severity="error">Errore durante il caricamento dei dati CSV</Alert>}

      {!enabled ? (
        <EmptyCard icon="pi-database" title="Cerca nei dati CSV" text="Inserisci un codice, una descrizione o una provincia, oppure mostra tutti i dati.">
          <Button label="Mostra tutti i dati" icon="pi pi-list" outlined onClick={() => setShowAll(true)} />
        </EmptyCard>
      ) : data && total === 0 && !error ? (
        <EmptyCard icon="pi-search-minus" title="Nessun risultato trovato" text={search ? `Nessuna riga corrisponde a “${search}”.` : 'Non ci sono dati CSV caricati.'}>
          {search && <Button label="Cancella ricerca" text onClick={clearSearch} />}
        </EmptyCard>
      ) : (
        !error && <CsvTable rows={data?.items ?? []} loading={isLoading || (isValidating && !data)} total={total} page={page} onPage={(p) => go({ search, page: p })} />
      )}
    </>
  );
}
