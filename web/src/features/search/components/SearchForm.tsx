import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Alert } from '@/components/Alert.tsx';
import type { Tipologia } from '@/lib/tipologie.ts';
import { searchYears } from '@/features/search/constants.ts';
import type { SearchUrl } from '@/features/search/hooks/use-search-url.ts';
import { FilterAutoComplete, filterToSend, resolveFilter, type FilterValue } from './FilterAutoComplete.tsx';

const EMPTY_QUERY = 'Inserisci un termine di ricerca';
/** The Dropdown shows nothing for an empty value, so 'Tutti' has its own. */
const ALL_YEARS = 'tutti';
const years = searchYears().map((y) => (y.value ? y : { ...y, value: ALL_YEARS }));

interface Props {
  /** The search in the URL: the form follows it (back / forward). */
  current: { q: string; filter: string; anno: string };
  tipologie: Tipologia[];
  loading: boolean;
  onSearch: (next: SearchUrl) => void;
  onErrorChange: (hasError: boolean) => void;
}

/** Code or words, typology / province filter, year. */
export function SearchForm({ current, tipologie, loading, onSearch, onErrorChange }: Props) {
  const [text, setText] = useState(current.q);
  const [filterValue, setFilterValue] = useState<FilterValue>(current.filter || null);
  const [year, setYear] = useState(current.anno || ALL_YEARS);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => setText(current.q), [current.q]);
  useEffect(() => setYear(current.anno || ALL_YEARS), [current.anno]);
  useEffect(() => {
    setFilterValue(resolveFilter(current.filter, tipologie) ?? (current.filter || null));
  }, [current.filter, tipologie]);

  const setError = (error: string | null) => {
    setFormError(error);
    onErrorChange(Boolean(error));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(EMPTY_QUERY);
    setError(null);
    onSearch({ q: text.trim(), filter: filterToSend(filterValue, tipologie), anno: year === ALL_YEARS ? '' : year });
  };

  return (
    <Card className="pz-card pz-search-card">
      <form onSubmit={submit} noValidate role="search" aria-label="Ricerca prezzi">
        <div className="pz-search-grid">
          <div className="pz-form-field">
            <label htmlFor="search-q">Codice o descrizione</label>
            <InputText id="search-q" value={text} onChange={(e) => setText(e.target.value)} placeholder="Es. TOS25_01.A03.001.001 oppure scavo di sbancamento" autoFocus />
          </div>
          <div className="pz-form-field">
            <label htmlFor="search-filter">Tipologia DEI / Provincia</label>
            <FilterAutoComplete value={filterValue} tipologie={tipologie} onChange={setFilterValue} />
          </div>
          <div className="pz-form-field">
            <label htmlFor="search-anno">Anno</label>
            <Dropdown inputId="search-anno" value={year} options={years} onChange={(e) => setYear(e.value)} className="pz-full-width" />
          </div>
          <Button type="submit" label="Cerca" icon="pi pi-search" loading={loading} />
        </div>
        {formError && (
          <Alert severity="error" onClose={() => setError(null)}>
            {formError}
          </Alert>
        )}
      </form>
    </Card>
  );
}
