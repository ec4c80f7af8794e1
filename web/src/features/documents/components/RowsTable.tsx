import { useEffect, useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { needsCheck } from '@shared/domain/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { useShownSelection } from '@/features/documents/hooks/use-shown-selection.ts';
import { sortRows, sumField, type SortOrder } from '@/features/documents/utils/rows.ts';
import { rowColumns, rowsTableMinWidth } from './row-columns.tsx';
import { RowActionsMenu, type RowActions, type RowActionsMenuHandle } from './RowActionsMenu.tsx';
import { RowsFooter } from './RowsFooter.tsx';

export type { RowActions } from './RowActionsMenu.tsx';

/** Fixed row height for the virtual scroller (keep in sync with .doc-rows-table rows in CSS). */
const ROW_HEIGHT = 41;
const VIRTUAL_FROM = 30;
/** Whole descriptions have rows of any height: then the table is paged. */
const FULL_TEXT_PAGE = 50;

export interface RowsViewProps {
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
  /** Whole descriptions, wrapping (the table is then paged instead of virtual-scrolled). */
  fullText?: boolean;
}

/**
 * The document's rows: sortable, selectable (checkbox column with select-all over the rows
 * shown), virtual-scrolled (smooth with thousands of rows). Sorting is done here, memoised,
 * and the table is 'lazy': DataTable would otherwise re-sort every row on each render.
 */
export function RowsTable({ rows, totalCount, loading, resetKey = '', selectedIds, onSelectedIdsChange, highlighted, updatingIds, actions, tipologiaLabel, activeRowId = null, onOrderChange, fullText = false }: RowsViewProps) {
  const [sort, setSort] = useState<{ field: keyof DocumentRow | null; order: SortOrder }>({ field: 'row_index', order: 1 });
  const sorted = useMemo(() => sortRows(rows, sort.field, sort.order), [rows, sort]);
  const [first, setFirst] = useState(0);
  const table = useRef<DataTable<DocumentRow[]>>(null);
  const menu = useRef<RowActionsMenuHandle>(null);
  // Few rows: a plain table; many: a fixed-height virtual scroller, or pages for whole descriptions.
  const virtual = rows.length > VIRTUAL_FROM && !fullText;
  const paged = fullText && rows.length > FULL_TEXT_PAGE;
  useEffect(() => setFirst(0), [resetKey, fullText]);
  useEffect(() => {
    onOrderChange?.(sorted.map((r) => r.id));
  }, [sorted, onOrderChange]);
  useEffect(() => {
    if (activeRowId === null) return;
    const index = sorted.findIndex((r) => r.id === activeRowId);
    if (index < 0) return;
    if (paged && (index < first || index >= first + FULL_TEXT_PAGE)) setFirst(index - (index % FULL_TEXT_PAGE));
    const scroller = table.current?.getVirtualScroller?.();
    if (scroller) scroller.scrollInView(index, 'to-end');
    else document.querySelector(`[data-row-id="${activeRowId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeRowId, sorted, paged, first]);
  const sum = useMemo(() => sumField(rows, 'totale'), [rows]);
  const codeChars = useMemo(() => rows.reduce((m, r) => Math.max(m, r.tariffa?.length ?? 0), 0), [rows]);
  const { selection, allSelected, onSelectionChange, onSelectAll } = useShownSelection(rows, selectedIds, onSelectedIdsChange);
  const shown = paged ? sorted.slice(first, first + FULL_TEXT_PAGE) : sorted;

  return (
    <>
      <RowActionsMenu ref={menu} actions={actions} updatingIds={updatingIds} />
      <DataTable
        ref={table}
        // A new search starts a fresh scroller at the top: a kept scroller would show its old
        // position over the new rows. Edits, merges and deletions keep the position. Whole
        // descriptions remount too: PrimeReact keeps a cell while its row's data is the same.
        key={`${virtual ? 'virtual' : fullText ? 'full' : 'plain'}-${resetKey}`}
        value={shown}
        lazy
        totalRecords={sorted.length}
        paginator={paged}
        first={first}
        rows={paged ? FULL_TEXT_PAGE : undefined}
        onPage={(e) => setFirst(e.first)}
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
        className={`doc-rows-table${fullText ? ' doc-rows-full' : ''}`}
        emptyMessage={loading ? 'Caricamento righe...' : 'Nessuna riga trovata'}
        footer={<RowsFooter shown={rows.length} totalCount={totalCount} sum={sum} />}
        tableStyle={{ width: '100%', minWidth: rowsTableMinWidth(codeChars, fullText), tableLayout: 'fixed' }}
      >
        {rowColumns({ actions, updatingIds, tipologiaLabel, fullText, sortable: true, onMore: (row, event) => menu.current?.open(row, event), codeChars })}
      </DataTable>
    </>
  );
}
