import type { Dispatch, SetStateAction } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { SelectButton } from 'primereact/selectbutton';
import { formatEuro, formatInteger, formatPercent } from '@shared/format.ts';
import type { Comparison } from '../api/get-comparison.ts';
import { LabourTotal } from './ComparisonLabour.tsx';
import { ALL_STATES, STATE_LABEL, type SortKey, type ViewOptions, type VoceState } from '../utils/view.ts';

const SORTS: Array<{ label: string; value: SortKey }> = [
  { label: 'Capitolo', value: 'capitolo' },
  { label: 'Codice', value: 'tariffa' },
  { label: 'Descrizione', value: 'descrizione' },
  { label: 'Differenza di importo', value: 'differenza' },
  { label: 'Differenza %', value: 'percentuale' },
];

/** One card per document: its total and, after the reference, the difference from it. */
export function ComparisonTotals({ data }: { data: Comparison }) {
  return (
    <section className="cmp-totals" aria-label="Totali per documento">
      {data.documenti.map((doc, i) => {
        const t = data.totali[i];
        return (
          <div key={doc.id} className="doc-card cmp-total-card">
            <span className="hint">{i === 0 ? 'Riferimento' : `Documento ${i + 1}`}</span>
            <Link to={`/documents/${doc.id}`} className="cmp-total-name">
              {doc.filename}
            </Link>
            <strong className="cmp-total-value">{formatEuro(t.totale)}</strong>
            {i > 0 && (
              <span className={t.differenza && t.differenza > 0 ? 'cmp-up' : t.differenza ? 'cmp-down' : ''}>
                {t.differenza && t.differenza > 0 ? '+' : ''}
                {formatEuro(t.differenza)} {t.percentuale != null && `(${formatPercent(t.percentuale)})`}
              </span>
            )}
            <LabourTotal t={t} first={i === 0} />
          </div>
        );
      })}
    </section>
  );
}

interface FiltersProps {
  view: ViewOptions;
  setView: Dispatch<SetStateAction<ViewOptions>>;
  /** Voci per state, over the whole comparison. */
  counts: Record<VoceState, number>;
  /** Voci shown, of `total`. */
  shown: number;
  total: number;
  uncertain: number;
}

/** States, |difference| threshold, sort order, and how many voci they leave. */
export function ComparisonFilters({ view, setView, counts, shown, total, uncertain }: FiltersProps) {
  return (
    <section className="doc-card cmp-filters" aria-label="Filtri">
      <div className="cmp-filter">
        <span id="cmp-states-label" className="cmp-filter-label">
          Stato
        </span>
        <SelectButton
          aria-labelledby="cmp-states-label"
          multiple
          value={view.states}
          options={ALL_STATES.map((s) => ({ label: `${STATE_LABEL[s]} (${formatInteger(counts[s])})`, value: s }))}
          onChange={(e) => setView((v) => ({ ...v, states: (e.value as VoceState[]) ?? [] }))}
        />
      </div>
      <div className="cmp-filter">
        <label htmlFor="cmp-threshold" className="cmp-filter-label">
          |Differenza| almeno
        </label>
        <InputNumber inputId="cmp-threshold" value={view.threshold} onValueChange={(e) => setView((v) => ({ ...v, threshold: e.value ?? null }))} mode="currency" currency="EUR" locale="it-IT" min={0} placeholder="0,00 €" />
      </div>
      <div className="cmp-filter">
        <label htmlFor="cmp-sort" className="cmp-filter-label">
          Ordina per
        </label>
        <Dropdown inputId="cmp-sort" value={view.sort} options={SORTS} onChange={(e) => setView((v) => ({ ...v, sort: e.value as SortKey, descending: e.value === 'differenza' || e.value === 'percentuale' }))} />
        <Button
          icon={view.descending ? 'pi pi-sort-amount-down' : 'pi pi-sort-amount-up'}
          text
          aria-label={view.descending ? 'Ordine decrescente: passa a crescente' : 'Ordine crescente: passa a decrescente'}
          onClick={() => setView((v) => ({ ...v, descending: !v.descending }))}
        />
      </div>
      <p className="hint cmp-count" aria-live="polite">
        {formatInteger(shown)} di {formatInteger(total)} voci
        {uncertain > 0 && ` · ${formatInteger(uncertain)} con abbinamento incerto`}
      </p>
    </section>
  );
}
