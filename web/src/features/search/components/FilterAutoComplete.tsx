import { fold } from '@shared/domain/fold.ts';
import { useMemo, useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { findProvince, PROVINCES, searchProvinces, type Province } from '@shared/domain/provinces.ts';
import type { Tipologia } from '@/lib/tipologie.ts';

/** Spec section 5: suggestions from 3 characters, at most 10. */
export const FILTER_MIN_CHARS = 3;
export const FILTER_MAX_SUGGESTIONS = 10;

export interface FilterOption {
  value: string;
  label: string;
  group: string;
}

export type FilterValue = FilterOption | string | null;

const TOSCANA: FilterOption = { value: 'toscana', label: 'Regione Toscana', group: 'Regione' };
const ALTRO: FilterOption = { value: 'altro', label: 'Altro', group: 'Altro' };
const provinceOption = (p: Province): FilterOption => ({ value: p.code, label: `${p.code} - ${p.name} (${p.region})`, group: 'Provincia' });
const tipologiaOption = (t: Tipologia): FilterOption => ({ value: t.value, label: t.description, group: 'Tipologia DEI' });

/** The option a URL value stands for: a typology, a province (code or name), toscana or altro. */
export function resolveFilter(value: string | null | undefined, tipologie: Tipologia[]): FilterOption | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (v.toLowerCase() === 'toscana') return TOSCANA;
  if (v.toLowerCase() === 'altro') return ALTRO;
  const t = tipologie.find((x) => x.value.toLowerCase() === v.toLowerCase());
  if (t) return tipologiaOption(t);
  const p = findProvince(v);
  if (p) return provinceOption(p);
  return null;
}

/** What goes to the URL and the API: the option's value, or the typed text as it is. */
export function filterToSend(value: FilterValue, tipologie: Tipologia[]): string {
  if (!value) return '';
  if (typeof value !== 'string') return value.value;
  const typed = value.trim();
  if (!typed) return '';
  const byLabel = [TOSCANA, ALTRO, ...tipologie.map(tipologiaOption)].find((o) => fold(o.label) === fold(typed));
  return byLabel?.value ?? resolveFilter(typed, tipologie)?.value ?? typed;
}

interface Props {
  id?: string;
  value: FilterValue;
  tipologie: Tipologia[];
  onChange: (value: FilterValue) => void;
}

/** One type-ahead over DEI typologies, provinces, 'Regione Toscana' and 'Altro'; the arrow lists the usual choices. */
export function FilterAutoComplete({ id = 'search-filter', value, tipologie, onChange }: Props) {
  const [suggestions, setSuggestions] = useState<FilterOption[]>([]);
  const base = useMemo(
    () => [TOSCANA, ...PROVINCES.filter((p) => p.region === 'Toscana').map(provinceOption), ...tipologie.map(tipologiaOption), ALTRO],
    [tipologie],
  );

  const complete = (query: string) => {
    const q = fold(query.trim());
    if (q.length < FILTER_MIN_CHARS) return setSuggestions(base);
    const fixed = [TOSCANA, ...tipologie.map(tipologiaOption), ALTRO].filter((o) => fold(o.label).includes(q) || fold(o.value).includes(q));
    const provinces = searchProvinces(query, FILTER_MAX_SUGGESTIONS, FILTER_MIN_CHARS).map(provinceOption);
    setSuggestions([...fixed, ...provinces].slice(0, FILTER_MAX_SUGGESTIONS));
  };

  return (
    <AutoComplete
      inputId={id}
      value={value ?? ''}
      suggestions={suggestions}
      field="label"
      dropdown
      scrollHeight="22rem"
      dropdownAriaLabel="Mostra tipologie e province"
      minLength={FILTER_MIN_CHARS}
      delay={200}
      completeMethod={(e) => complete(e.query)}
      onChange={(e) => onChange((e.value as FilterValue) ?? null)}
      itemTemplate={(o: FilterOption) => (
        <div className="pz-filter-option">
          <span>{o.label}</span>
          <span className="pz-filter-group">{o.group}</span>
        </div>
      )}
      placeholder="Tipologia DEI, provincia o regione"
      className="pz-full-width"
      inputClassName="pz-full-width"
      forceSelection={false}
      showEmptyMessage
      emptyMessage="Nessuna corrispondenza"
    />
  );
}
