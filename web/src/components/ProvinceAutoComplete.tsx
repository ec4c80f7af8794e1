import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { searchProvinces, type Province } from '@shared/domain/provinces.ts';

/** Spec section 5: suggestions from 3 characters, at most 10. */
export const PROVINCE_MIN_CHARS = 3;
export const PROVINCE_MAX_SUGGESTIONS = 10;

export interface ProvinceOption extends Province {
  label: string;
}

/** What the user typed (free text) or the suggestion picked. */
export type ProvinceValue = string | ProvinceOption | null;

export const provinceLabel = (p: Province) => `${p.code} - ${p.name} (${p.region})`;

/** The value to send: the CODE when a suggestion was picked, otherwise the typed text. */
export function provinceToSend(value: ProvinceValue): string {
  if (!value) return '';
  return typeof value === 'string' ? value.trim() : value.code;
}

interface Props {
  id?: string;
  value: ProvinceValue;
  onChange: (value: ProvinceValue) => void;
  disabled?: boolean;
  invalid?: boolean;
}

/** Province type-ahead over the static list of Italian provinces. */
export function ProvinceAutoComplete({ id = 'provincia', value, onChange, disabled, invalid }: Props) {
  const [suggestions, setSuggestions] = useState<ProvinceOption[]>([]);
  return (
    <AutoComplete
      inputId={id}
      value={value}
      suggestions={suggestions}
      field="label"
      minLength={PROVINCE_MIN_CHARS}
      delay={200}
      completeMethod={(e) =>
        setSuggestions(searchProvinces(e.query, PROVINCE_MAX_SUGGESTIONS, PROVINCE_MIN_CHARS).map((p) => ({ ...p, label: provinceLabel(p) })))
      }
      onChange={(e) => onChange((e.value as ProvinceValue) ?? null)}
      placeholder="Es. LU - Lucca (Toscana)"
      disabled={disabled}
      invalid={invalid}
      className="doc-full-width"
      inputClassName="doc-full-width"
      forceSelection={false}
    />
  );
}
