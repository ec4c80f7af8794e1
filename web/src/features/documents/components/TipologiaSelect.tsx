import { Dropdown } from 'primereact/dropdown';
import { dropdownPt } from '@/features/documents/utils/a11y.ts';
import { useActiveTipologie as useTipologie } from '@/lib/tipologie.ts';

interface Props {
  id?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  invalid?: boolean;
}

/** The active DEI typologies (cached); sends the typology's value key. */
export function TipologiaSelect({ id = 'tipologia-dei', value, onChange, disabled, invalid }: Props) {
  const { data, isLoading, error } = useTipologie();
  return (
    <>
      <Dropdown
        inputId={id}
        pt={dropdownPt('Tipologia DEI')}
        value={value}
        options={data ?? []}
        optionLabel="description"
        optionValue="value"
        placeholder={isLoading ? 'Caricamento tipologie...' : 'Seleziona la tipologia DEI'}
        onChange={(e) => onChange((e.value as string | null) ?? null)}
        disabled={disabled}
        invalid={invalid}
        className="doc-full-width"
        emptyMessage="Nessuna tipologia disponibile"
      />
      {error && <small className="doc-field-error">Errore nel caricamento delle tipologie DEI</small>}
    </>
  );
}
