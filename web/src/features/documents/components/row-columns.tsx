import type { MouseEvent, ReactNode } from 'react';
import { Column } from 'primereact/column';
import { formatEuro, formatQuantity } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { PriceSourceButton } from './PriceSourceButton.tsx';
import { VARIATION_BASE, VARIATION_TITLE } from '@/features/documents/utils/rows.ts';

/** "Differenza" and, under it, "Var. %" with the price it is computed on (the verification's deviation is on the list's). */
const DIFFERENCE_HEADER = (
  <span title={VARIATION_TITLE}>
    Differenza <span className="doc-header-base doc-header-wrap">e Var. % {VARIATION_BASE}</span>
  </span>
);

/** "Manodopera" and, under it, what the cell shows: the cost and the incidence (issue 39). */
const LABOUR_HEADER = (
  <span title="Costo della manodopera della voce (importo × incidenza) e incidenza in percentuale">
    Manodopera <span className="doc-header-base">€ e incidenza %</span>
  </span>
);

import type { RowActions } from './RowActionsMenu.tsx';
import { selectionColumnPt } from '@/features/documents/utils/a11y.ts';
import { formatUnitPrice } from '@/features/documents/utils/rows.ts';
import { ActionsCell, DescriptionCell, DifferenceCell, LabourCell, NumberCell } from './RowCells.tsx';

interface Options {
  actions: RowActions;
  updatingIds: ReadonlySet<number>;
  tipologiaLabel?: (value: string) => string | undefined;
  /** Whole descriptions (wrapping) instead of one line each. */
  fullText: boolean;
  sortable: boolean;
  onMore: (row: DocumentRow, event: MouseEvent) => void;
  /** The longest tariff code shown, in characters: the column fits it whole. */
  codeChars: number;
}

/**
 * The labour column (issue 39): a cost up to 99.999,99 € on one line, the incidence under it. Its
 * header, "Manodopera" in bold (85 px) with the sort icon beside it (14 px), ran left over
 * Differenza's sort icon at 6rem: it gets 6,625rem and Differenza ("Differenza", 73 px, and its
 * icon) 5,875rem, the same 12,5rem the two had, both headers without a left padding (TIGHT_HEADER:
 * right-aligned, the neighbour's right padding parts them). It fits beside the others at 1366 px
 * because Var. % sits under Differenza, in one column.
 */
const LABOUR_REM = 6.625;
const DIFFERENCE_REM = 5.875;
const TIGHT_HEADER = 'doc-num-header doc-tight-header';

/**
 * Widths that fit 1366 px without sideways scrolling: the codes whole (the column is as wide as
 * the longest, between the header's width and 26 characters), the numbers and the actions at
 * their size, and the description, the least needed at a glance (one line, whole on hover and
 * with "Descrizioni complete"), taking what is left (rowsTableMinWidth keeps it readable).
 */
const FIXED_REM = 2.4 + 2.6 + 4 + 5 + 6 + 6.5 + 6 + 6.5 + DIFFERENCE_REM + LABOUR_REM + 3.25 + 6.4;
/** Tariff codes are set in a monospace font at the table's 0.85rem: 0.6em a character, plus the cell's padding; at least the header's width. */
const codeWidthRem = (chars: number) => Math.max(6.25, Math.min(26, chars) * 0.6 * 0.85 + 0.8);
/** The table's least width: the fixed columns, the codes, and 9.5rem of description (20 with whole descriptions). */
export const rowsTableMinWidth = (codeChars: number, fullText: boolean) => `${(FIXED_REM + codeWidthRem(codeChars) + (fullText ? 20 : 9.5)).toFixed(2)}rem`;

/** A number column; `format` may read the row (a percentage voce's rate is not a euro amount). */
const numeric = (
  field: keyof DocumentRow,
  header: string | ReactNode,
  width: string,
  format: (v: number | null, row: DocumentRow) => string,
  sortable: boolean,
  colored = false,
) => (
  <Column
    key={String(field)}
    style={{ width }}
    field={field}
    header={header}
    sortable={sortable}
    body={(r: DocumentRow) => <NumberCell value={r[field] as number | null} format={(v) => format(v, r)} colored={colored} />}
    className="doc-num"
    headerClassName="doc-num-header"
  />
);

/** The rows table's columns (the plain table and each chapter's table share them). */
export function rowColumns({ actions, updatingIds, tipologiaLabel, fullText, sortable, onMore, codeChars }: Options) {
  return [
    <Column key="select" selectionMode="multiple" pt={selectionColumnPt} style={{ width: '2.4rem' }} headerClassName="doc-select-header" />,
    <Column key="n" field="row_index" header="N°" sortable={sortable} style={{ width: '2.6rem' }} />,
    <Column key="tariffa" field="tariffa" header="Tariffa" sortable={sortable} style={{ width: `${codeWidthRem(codeChars).toFixed(2)}rem` }} body={(r: DocumentRow) => <span className={`${fullText ? 'doc-cell-wrap' : 'doc-cell-ellipsis'} mono`} title={r.tariffa ?? ''}>{r.tariffa}</span>} />,
    <Column key="descrizione" field="descrizione" header="Descrizione" sortable={sortable} body={(r: DocumentRow) => <DescriptionCell row={r} full={fullText} />} />,
    <Column key="um" field="unita_di_misura" header="U.M." sortable={sortable} style={{ width: '4rem' }} body={(r: DocumentRow) => <span className="doc-cell-ellipsis" title={r.unita_di_misura ?? ''}>{r.unita_di_misura}</span>} />,
    numeric('quantita', 'Quantità', '5rem', formatQuantity, sortable),
    numeric('unitario', 'Prezzo unitario', '6rem', (v, r) => formatUnitPrice(r, v), sortable),
    numeric('totale', 'Totale', '6.5rem', formatEuro, sortable),
    <Column
      key="prezzo_db"
      style={{ width: '6rem' }}
      field="prezzo_db"
      header="Prezzo DB"
      sortable={sortable}
      body={(r: DocumentRow) => (updatingIds.has(r.id) ? <i className="pi pi-spin pi-spinner" aria-label="Aggiornamento prezzo" /> : formatEuro(r.prezzo_db))}
      className="doc-num"
      headerClassName="doc-num-header"
    />,
    numeric('prezzo_totale_db', 'Totale DB', '6.5rem', formatEuro, sortable),
    <Column
      key="differenza"
      style={{ width: `${DIFFERENCE_REM}rem` }}
      field="differenza_totale_db"
      header={DIFFERENCE_HEADER}
      sortable={sortable}
      body={(r: DocumentRow) => <DifferenceCell row={r} />}
      className="doc-num doc-labour-td"
      headerClassName={TIGHT_HEADER}
    />,
    <Column
      key="manodopera"
      style={{ width: `${LABOUR_REM}rem` }}
      field="costo_manodopera"
      header={LABOUR_HEADER}
      sortable={sortable}
      body={(r: DocumentRow) => <LabourCell row={r} />}
      className="doc-num doc-labour-td"
      headerClassName={TIGHT_HEADER}
    />,
    <Column key="fonte" style={{ width: '3.25rem' }} header="Fonte" body={(r: DocumentRow) => <PriceSourceButton row={r} tipologiaLabel={tipologiaLabel} />} />,
    <Column key="azioni" style={{ width: '6.4rem' }} header="Azioni" body={(r: DocumentRow) => <ActionsCell row={r} actions={actions} updating={updatingIds.has(r.id)} onMore={onMore} />} className="doc-actions-cell" />,
  ];
}
