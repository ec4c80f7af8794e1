import type { MouseEvent } from 'react';
import { Column } from 'primereact/column';
import { formatEuro, formatPercent, formatQuantity } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { PriceSourceTag } from './PriceSourceTag.tsx';
import type { RowActions } from './RowActionsMenu.tsx';
import { selectionColumnPt } from '@/features/documents/utils/a11y.ts';
import { formatUnitPrice } from '@/features/documents/utils/rows.ts';
import { ActionsCell, DescriptionCell, NumberCell } from './RowCells.tsx';

interface Options {
  actions: RowActions;
  updatingIds: ReadonlySet<number>;
  tipologiaLabel?: (value: string) => string | undefined;
  /** Whole descriptions (wrapping) instead of one line each. */
  fullText: boolean;
  sortable: boolean;
  onMore: (row: DocumentRow, event: MouseEvent) => void;
}

/** A number column; `format` may read the row (a percentage voce's rate is not a euro amount). */
const numeric = (
  field: keyof DocumentRow,
  header: string,
  width: string,
  format: (v: number | null, row: DocumentRow) => string,
  sortable: boolean,
  colored = false,
) => (
  <Column
    key={field}
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
export function rowColumns({ actions, updatingIds, tipologiaLabel, fullText, sortable, onMore }: Options) {
  return [
    <Column key="select" selectionMode="multiple" pt={selectionColumnPt} style={{ width: '2.4rem' }} headerClassName="doc-select-header" />,
    <Column key="n" field="row_index" header="N°" sortable={sortable} style={{ width: '3rem' }} />,
    <Column key="tariffa" field="tariffa" header="Tariffa" sortable={sortable} style={{ width: '7.25rem' }} body={(r: DocumentRow) => <span className={`${fullText ? 'doc-cell-wrap' : 'doc-cell-ellipsis'} mono`} title={r.tariffa ?? ''}>{r.tariffa}</span>} />,
    <Column key="descrizione" field="descrizione" header="Descrizione" sortable={sortable} style={{ width: fullText ? '32rem' : '19rem' }} body={(r: DocumentRow) => <DescriptionCell row={r} full={fullText} />} />,
    <Column key="um" field="unita_di_misura" header="U.M." sortable={sortable} style={{ width: '3.6rem' }} body={(r: DocumentRow) => <span className="doc-cell-ellipsis" title={r.unita_di_misura ?? ''}>{r.unita_di_misura}</span>} />,
    numeric('quantita', 'Quantità', '5.5rem', formatQuantity, sortable),
    numeric('unitario', 'Prezzo unitario', '6.5rem', (v, r) => formatUnitPrice(r, v), sortable),
    numeric('totale', 'Totale', '7rem', formatEuro, sortable),
    <Column
      key="prezzo_db"
      style={{ width: '6.5rem' }}
      field="prezzo_db"
      header="Prezzo DB"
      sortable={sortable}
      body={(r: DocumentRow) => (updatingIds.has(r.id) ? <i className="pi pi-spin pi-spinner" aria-label="Aggiornamento prezzo" /> : formatEuro(r.prezzo_db))}
      className="doc-num"
      headerClassName="doc-num-header"
    />,
    numeric('prezzo_totale_db', 'Totale DB', '7rem', formatEuro, sortable),
    numeric('differenza_totale_db', 'Differenza', '6.75rem', formatEuro, sortable, true),
    numeric('variazione_percentuale', 'Var. %', '5rem', formatPercent, sortable, true),
    <Column key="fonte" style={{ width: '3.4rem' }} header="Fonte" body={(r: DocumentRow) => <PriceSourceTag source={r.price_source} reason={r.price_reason} tipologiaLabel={tipologiaLabel} />} />,
    <Column key="azioni" style={{ width: '6.4rem' }} header="Azioni" body={(r: DocumentRow) => <ActionsCell row={r} actions={actions} updating={updatingIds.has(r.id)} onMore={onMore} />} className="doc-actions-cell" />,
  ];
}
