import { useState, type MouseEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { formatEuro, formatNumber, formatPercent, formatShare } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { PriceSourceButton } from './PriceSourceButton.tsx';
import type { RowActions } from './RowActionsMenu.tsx';
import { ActionsCell, NumberCell } from './RowCells.tsx';
import { CheckMark } from './RowsToCheck.tsx';
import { ScanMark } from './ScanMark.tsx';
import { VARIATION_BASE } from '@/features/documents/utils/rows.ts';
import { EditMark } from './EditMark.tsx';
import { formatUnitPrice } from '@/features/documents/utils/rows.ts';

/** Longer descriptions start folded to three lines. */
const FOLD_FROM = 140;

interface Props {
  row: DocumentRow;
  selected: boolean;
  onSelect: (row: DocumentRow, selected: boolean) => void;
  actions: RowActions;
  updating: boolean;
  onMore: (row: DocumentRow, event: MouseEvent) => void;
  tipologiaLabel?: (value: string) => string | undefined;
  className?: string;
}

/** One row as a card (phones): code, whole description on request, figures, actions. */
export function RowCard({ row, selected, onSelect, actions, updating, onMore, tipologiaLabel, className = '' }: Props) {
  const [expanded, setExpanded] = useState(false);
  const long = (row.descrizione ?? '').length > FOLD_FROM;
  const descId = `row-card-desc-${row.id}`;
  const figures: Array<[string, number | null, (v: number | null) => string, boolean?]> = [
    ['Quantità', row.quantita, formatNumber],
    ['Prezzo unitario', row.unitario, (v) => formatUnitPrice(row, v)],
    ['Totale', row.totale, formatEuro],
    ['Prezzo DB', row.prezzo_db, formatEuro],
    ['Totale DB', row.prezzo_totale_db, formatEuro],
    ['Differenza', row.differenza_totale_db, formatEuro, true],
    [`Var. % (${VARIATION_BASE})`, row.variazione_percentuale, formatPercent, true],
    ...(row.costo_manodopera != null ? [[`Manodopera (${formatShare(row.incidenza_manodopera)})`, row.costo_manodopera, formatEuro] as [string, number | null, (v: number | null) => string]] : []),
  ];
  return (
    <article className={`doc-row-card ${className}`.trim()} data-testid="row-card" data-row-index={row.row_index} aria-label={`Riga N° ${row.row_index}`}>
      <header className="doc-row-card-head">
        <span className="doc-check-option">
          <Checkbox inputId={`row-card-select-${row.id}`} checked={selected} onChange={(e) => onSelect(row, Boolean(e.checked))} />
          <label htmlFor={`row-card-select-${row.id}`}>N° {row.row_index}</label>
        </span>
        <span className="mono doc-row-card-code">{row.tariffa}</span>
        <PriceSourceButton row={row} tipologiaLabel={tipologiaLabel} />
      </header>
      <p id={descId} className={`doc-row-card-desc${long && !expanded ? ' doc-row-card-folded' : ''}`} data-testid="row-card-description">
        <CheckMark row={row} />
        <ScanMark row={row} />
        <EditMark row={row} />
        {row.descrizione}
      </p>
      {long && (
        <Button link size="small" className="doc-row-card-more" label={expanded ? 'Mostra meno' : 'Mostra tutta la descrizione'} aria-expanded={expanded} aria-controls={descId} onClick={() => setExpanded((v) => !v)} />
      )}
      <dl className="doc-row-card-figures">
        <div>
          <dt>U.M.</dt>
          <dd>{row.unita_di_misura || '—'}</dd>
        </div>
        {figures.map(([label, value, format, colored]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <NumberCell value={value} format={format} colored={colored} />
            </dd>
          </div>
        ))}
      </dl>
      <footer className="doc-row-card-actions">
        <ActionsCell row={row} actions={actions} updating={updating} onMore={onMore} />
      </footer>
    </article>
  );
}
