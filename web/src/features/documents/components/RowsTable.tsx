import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { formatEuro, formatNumber, formatPercent } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { PriceSourceTag } from './PriceSourceTag.tsx';
import { CheckMark } from './RowsToCheck.tsx';
import { ScanMark } from './ScanMark.tsx';
import { needsCheck } from '@shared/domain/rows.ts';

/** Fixed row height for the virtual scroller (keep in sync with .doc-rows-table rows in CSS). */
const ROW_HEIGHT = 41;
const VIRTUAL_FROM = 30;

export interface RowActions {
  /** Opens the voce on the original PDF. */
  onShowPdf: (row: DocumentRow) => void;
  onEdit: (row: DocumentRow) => void;
  onRefreshPrice: (row: DocumentRow) => void;
  onSearch: (row: DocumentRow) => void;
  onDelete: (row: DocumentRow) => void;
}

interface Props {
  rows: DocumentRow[];
  /** All rows of the document, before the search filter. */
  totalCount: number;
  loading: boolean;
  /** A new value (e.g. the search text) scrolls the table back to the top. */
  resetKey?: string;
  /** Selection by id: it survives sorting, searching and row updates. */
  selectedIds: ReadonlySet<number>;
  onSelectedIdsChange: (ids: Set<number>) => void;
  /** Rows marked as updated (green). */
  highlighted: ReadonlySet<number>;
  /** Rows whose price is being refreshed. */
  updatingIds: ReadonlySet<number>;
  actions: RowActions;
  tipologiaLabel?: (value: string) => string | undefined;
  /** The row shown on the PDF: marked, and scrolled to when it changes. */
  activeRowId?: number | null;
  /** The rows' ids in the order shown (after sorting), for moving between them. */
  onOrderChange?: (ids: number[]) => void;
}

/**
 * Differences are prezzario − computo: below zero the computo costs more than the reference
 * (red, what a reviewer looks for), above zero it costs less (green).
 */
export const differenceClass = (v: number | null) => (v === null || v === 0 ? '' : v < 0 ? 'doc-amount-over' : 'doc-amount-under');
const amountClass = differenceClass;

/** Sum in cents, so that thousands of rows do not drift. */
function sumTotals(rows: DocumentRow[]): number {
  let cents = 0;
  for (const r of rows) if (typeof r.totale === 'number' && Number.isFinite(r.totale)) cents += Math.round(r.totale * 100);
  return cents / 100;
}

type SortOrder = 1 | -1 | 0;

/** Nulls (e.g. rows not priced yet) always last; text compared the Italian way. */
const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });
export function sortRows(rows: DocumentRow[], field: keyof DocumentRow | null, order: SortOrder): DocumentRow[] {
  if (!field || !order) return rows;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || x === undefined || x === '') return y === null || y === undefined || y === '' ? 0 : 1;
    if (y === null || y === undefined || y === '') return -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return c * order;
  });
}

/**
 * The document's rows: sortable, selectable (checkbox column with select-all over the rows
 * shown), virtual-scrolled (smooth with thousands of rows). Sorting is done here, memoised,
 * and the table is 'lazy': DataTable would otherwise re-sort every row on each render.
 */
export function RowsTable({ rows, totalCount, loading, resetKey = '', selectedIds, onSelectedIdsChange, highlighted, updatingIds, actions, tipologiaLabel, activeRowId = null, onOrderChange }: Props) {
  const [sort, setSort] = useState<{ field: keyof DocumentRow | null; order: SortOrder }>({ field: 'row_index', order: 1 });
  const sorted = useMemo(() => sortRows(rows, sort.field, sort.order), [rows, sort]);
  const table = useRef<DataTable<DocumentRow[]>>(null);
  useEffect(() => {
    onOrderChange?.(sorted.map((r) => r.id));
  }, [sorted, onOrderChange]);
  useEffect(() => {
    if (activeRowId === null) return;
    const index = sorted.findIndex((r) => r.id === activeRowId);
    if (index < 0) return;
    const scroller = table.current?.getVirtualScroller?.();
    if (scroller) scroller.scrollInView(index, 'to-end');
    else document.querySelector(`[data-row-id="${activeRowId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeRowId, sorted]);
  const sum = useMemo(() => sumTotals(rows), [rows]);
  const selection = useMemo(() => rows.filter((r) => selectedIds.has(r.id)), [rows, selectedIds]);
  const allSelected = rows.length > 0 && selection.length === rows.length;
  const menu = useRef<Menu>(null);
  const [menuRow, setMenuRow] = useState<DocumentRow | null>(null);

  // Few rows: a plain table; many: a fixed-height virtual scroller.
  const virtual = rows.length > VIRTUAL_FROM;
  const num = (field: keyof DocumentRow, format: (v: number | null) => string, colored = false) =>
    function Cell(r: DocumentRow) {
      const v = r[field] as number | null;
      return <span className={colored ? amountClass(v) : undefined}>{format(v)}</span>;
    };

  /** The shown rows' checkboxes: rows hidden by the search keep their state. */
  const onSelectionChange = (value: DocumentRow[]) => {
    const picked = new Set(value.map((r) => r.id));
    const next = new Set(selectedIds);
    for (const r of rows) {
      if (picked.has(r.id)) next.add(r.id);
      else next.delete(r.id);
    }
    onSelectedIdsChange(next);
  };
  const onSelectAll = (checked: boolean) => {
    const next = new Set(selectedIds);
    for (const r of rows) {
      if (checked) next.add(r.id);
      else next.delete(r.id);
    }
    onSelectedIdsChange(next);
  };

  const menuItems: MenuItem[] = menuRow
    ? [
        { label: 'Aggiorna prezzo', icon: 'pi pi-sync', command: () => actions.onRefreshPrice(menuRow), disabled: updatingIds.has(menuRow.id) },
        { label: 'Cerca nel prezzario', icon: 'pi pi-external-link', command: () => actions.onSearch(menuRow) },
        { separator: true },
        { label: 'Elimina riga', icon: 'pi pi-trash', className: 'doc-menu-danger', command: () => actions.onDelete(menuRow) },
      ]
    : [];

  const actionsCell = (r: DocumentRow) => (
    <span className="doc-row-actions" data-row-id={r.id}>
      <Button icon="pi pi-file-pdf" text rounded size="small" severity="secondary" aria-label="Mostra nel PDF" title="Mostra nel PDF" disabled={r.page === null} onClick={() => actions.onShowPdf(r)} />
      <Button icon="pi pi-pencil" text rounded size="small" aria-label="Modifica riga" title="Modifica riga" onClick={() => actions.onEdit(r)} />
      <Button
        icon={updatingIds.has(r.id) ? 'pi pi-spin pi-spinner' : 'pi pi-ellipsis-v'}
        text
        rounded
        size="small"
        severity="secondary"
        aria-label="Altre azioni"
        title="Altre azioni"
        aria-haspopup
        onClick={(e) => {
          setMenuRow(r);
          menu.current?.toggle(e);
        }}
      />
    </span>
  );

  const footer = (
    <div className="doc-rows-footer" data-testid="rows-footer">
      <span>
        <strong data-testid="row-count">{rows.length}</strong>
        {rows.length !== totalCount ? ` di ${totalCount}` : ''} {totalCount === 1 ? 'riga' : 'righe'}
      </span>
      <span>
        Somma totali: <strong data-testid="rows-sum">{formatEuro(sum)}</strong>
      </span>
    </div>
  );

  return (
    <>
      <Menu model={menuItems} popup ref={menu} id="doc-row-menu" style={{ width: '15rem' }} />
      <DataTable
        ref={table}
        // A new search starts a fresh scroller at the top: a kept scroller would show its old
        // position over the new rows. Edits, merges and deletions keep the position.
        key={`${virtual ? 'virtual' : 'plain'}-${resetKey}`}
        value={sorted}
        lazy
        totalRecords={sorted.length}
        dataKey="id"
        loading={loading}
        size="small"
        stripedRows
        scrollable
        scrollHeight={virtual ? '60vh' : undefined}
        virtualScrollerOptions={virtual ? { itemSize: ROW_HEIGHT } : undefined}
        sortField={sort.field ?? undefined}
        sortOrder={sort.order}
        onSort={(e: DataTableSortEvent) => setSort({ field: (e.sortField as keyof DocumentRow) || null, order: (e.sortOrder ?? 0) as SortOrder })}
        removableSort
        selectionMode="checkbox"
        // The selection holds the very row objects of `value` (recomputed from the ids on each
        // change): identity comparison keeps a click fast with thousands of selected rows.
        compareSelectionBy="equals"
        selection={selection}
        onSelectionChange={(e) => onSelectionChange(e.value as DocumentRow[])}
        selectAll={allSelected}
        onSelectAllChange={(e) => onSelectAll(e.checked)}
        rowClassName={(r: DocumentRow) =>
          [highlighted.has(r.id) ? 'doc-row-updated' : needsCheck(r) ? 'doc-row-check' : '', r.id === activeRowId ? 'doc-row-active' : ''].join(' ').trim() || undefined
        }
        // A click on a row (not on its checkbox or buttons) shows it on the PDF.
        onRowClick={(e) => {
          const target = e.originalEvent.target as HTMLElement;
          if (target.closest('button, a, input, .p-checkbox')) return;
          const row = e.data as DocumentRow;
          if (row.page !== null) actions.onShowPdf(row);
        }}
        className="doc-rows-table"
        emptyMessage={loading ? 'Caricamento righe...' : 'Nessuna riga trovata'}
        footer={footer}
        tableStyle={{ minWidth: '1400px', tableLayout: 'fixed' }}
      >
        <Column selectionMode="multiple" style={{ width: '2.4rem' }} headerClassName="doc-select-header" />
        <Column field="row_index" header="N°" sortable style={{ width: '3rem' }} />
        <Column field="tariffa" header="Tariffa" sortable style={{ width: '7.25rem' }} body={(r: DocumentRow) => <span className="doc-cell-ellipsis mono" title={r.tariffa ?? ''}>{r.tariffa}</span>} />
        <Column
          field="descrizione"
          header="Descrizione"
          sortable
          style={{ width: '19rem' }}
          body={(r: DocumentRow) => (
            <span className="doc-cell-ellipsis" title={r.descrizione ?? ''}>
              <CheckMark row={r} />
              <ScanMark row={r} />
              {r.descrizione}
            </span>
          )}
        />
        <Column field="unita_di_misura" header="U.M." sortable style={{ width: '3.6rem' }} body={(r: DocumentRow) => <span className="doc-cell-ellipsis" title={r.unita_di_misura ?? ''}>{r.unita_di_misura}</span>} />
        <Column style={{ width: '5.5rem' }} field="quantita" header="Quantità" sortable body={num('quantita', formatNumber)} className="doc-num" headerClassName="doc-num-header" />
        <Column style={{ width: '6.5rem' }} field="unitario" header="Prezzo unitario" sortable body={num('unitario', formatEuro)} className="doc-num" headerClassName="doc-num-header" />
        <Column style={{ width: '7rem' }} field="totale" header="Totale" sortable body={num('totale', formatEuro)} className="doc-num" headerClassName="doc-num-header" />
        <Column
          style={{ width: '6.5rem' }}
          field="prezzo_db"
          header="Prezzo DB"
          sortable
          body={(r: DocumentRow) => (updatingIds.has(r.id) ? <i className="pi pi-spin pi-spinner" aria-label="Aggiornamento prezzo" /> : formatEuro(r.prezzo_db))}
          className="doc-num"
          headerClassName="doc-num-header"
        />
        <Column style={{ width: '7rem' }} field="prezzo_totale_db" header="Totale DB" sortable body={num('prezzo_totale_db', formatEuro)} className="doc-num" headerClassName="doc-num-header" />
        <Column style={{ width: '6.75rem' }} field="differenza_totale_db" header="Differenza" sortable body={num('differenza_totale_db', formatEuro, true)} className="doc-num" headerClassName="doc-num-header" />
        <Column style={{ width: '5rem' }} field="variazione_percentuale" header="Var. %" sortable body={num('variazione_percentuale', formatPercent, true)} className="doc-num" headerClassName="doc-num-header" />
        <Column style={{ width: '3.4rem' }} header="Fonte" body={(r: DocumentRow) => <PriceSourceTag source={r.price_source} reason={r.price_reason} tipologiaLabel={tipologiaLabel} />} />
        <Column style={{ width: '6.4rem' }} header="Azioni" body={actionsCell} className="doc-actions-cell" />
      </DataTable>
    </>
  );
}
