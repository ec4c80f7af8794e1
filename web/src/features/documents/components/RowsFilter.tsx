import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Button } from 'primereact/button';
import { dropdownPt } from '@/features/documents/utils/a11y.ts';
import { needsCheck } from '@shared/domain/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { chapterOf } from '@/features/documents/utils/rows.ts';

export type RowFilterKind = 'all' | 'check' | 'unpriced' | 'above' | 'below' | 'labour';

export interface RowFilter {
  kind: RowFilterKind;
  /** Only rows whose |variazione %| is at least this much; null for any. */
  threshold: number | null;
  /** Only the rows of this chapter (see chapterOf); null for all. */
  chapter?: string | null;
}

export const NO_FILTER: RowFilter = { kind: 'all', threshold: null, chapter: null };


const OPTIONS: Array<{ value: RowFilterKind; label: string }> = [
  { value: 'all', label: 'Tutte le righe' },
  { value: 'check', label: 'Da verificare' },
  { value: 'unpriced', label: 'Senza prezzo di riferimento' },
  { value: 'above', label: 'Sopra il prezzario (computo più caro)' },
  { value: 'below', label: 'Sotto il prezzario (computo più economico)' },
  { value: 'labour', label: 'Senza incidenza della manodopera' },
];

/** A voce the labour estimate misses: an amount, no incidence, no safety cost (shared/domain/manodopera.ts). */
const withoutLabour = (r: DocumentRow) => r.totale !== null && (r.incidenza_manodopera ?? null) === null && !r.sicurezza;

/**
 * The rows a filter keeps. "Above the list" means the computo's amount is higher than the
 * reference one (differenza = prezzario − computo < 0); "below" the opposite.
 */
export function applyRowFilter(rows: DocumentRow[], { kind, threshold, chapter = null }: RowFilter): DocumentRow[] {
  const keep = (r: DocumentRow) => {
    if (chapter !== null && chapterOf(r) !== chapter) return false;
    if (kind === 'check' && !needsCheck(r)) return false;
    if (kind === 'unpriced' && r.prezzo_db !== null) return false;
    if (kind === 'labour' && !withoutLabour(r)) return false;
    if (kind === 'above' && !((r.differenza_totale_db ?? 0) < 0)) return false;
    if (kind === 'below' && !((r.differenza_totale_db ?? 0) > 0)) return false;
    if (threshold !== null && !(r.variazione_percentuale !== null && Math.abs(r.variazione_percentuale) >= threshold)) return false;
    return true;
  };
  return kind === 'all' && threshold === null && chapter === null ? rows : rows.filter(keep);
}

interface Props {
  value: RowFilter;
  onChange: (value: RowFilter) => void;
}

/** Which rows to look at: the estimator's usual questions, and a threshold on the variation. */
export function RowsFilterBar({ value, onChange }: Props) {
  return (
    <div className="doc-filter-bar">
      <label htmlFor="rows-filter" className="sr-only">
        Filtra le righe
      </label>
      <Dropdown inputId="rows-filter" pt={dropdownPt('Filtra le righe')} value={value.kind} options={OPTIONS} onChange={(e) => onChange({ ...value, kind: e.value as RowFilterKind })} className="doc-filter-kind" />
      <label htmlFor="rows-threshold" className="doc-filter-threshold-label">
        |Var. %| almeno
      </label>
      <InputNumber
        inputId="rows-threshold"
        value={value.threshold}
        onValueChange={(e) => onChange({ ...value, threshold: e.value ?? null })}
        min={0}
        max={100000}
        maxFractionDigits={2}
        locale="it-IT"
        suffix=" %"
        placeholder="qualsiasi"
        className="doc-filter-threshold"
      />
      {value.chapter && (
        <Button
          label={`Capitolo: ${value.chapter}`}
          icon="pi pi-times"
          iconPos="right"
          size="small"
          outlined
          className="doc-filter-chapter"
          aria-label={`Togli il filtro sul capitolo ${value.chapter}`}
          onClick={() => onChange({ ...value, chapter: null })}
        />
      )}
    </div>
  );
}
