import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import type { DocumentRow } from '@/features/documents/types.ts';
import { sumField } from '@/features/documents/utils/rows.ts';
import { RowActionsMenu, type RowActionsMenuHandle } from './RowActionsMenu.tsx';
import { RowCard } from './RowCard.tsx';
import { RowsFooter } from './RowsFooter.tsx';
import type { RowsViewProps } from './RowsTable.tsx';

/** Cards shown at first, and added by "Mostra altre righe". */
const CARDS_STEP = 20;

/** The table's props, without its full-text mode (cards always show whole descriptions). */
type Props = Omit<RowsViewProps, 'fullText'>;

/** The rows on a phone: one card each, in document order, twenty at a time. */
export function RowCards({ rows, totalCount, loading, resetKey = '', selectedIds, onSelectedIdsChange, highlighted, updatingIds, actions, tipologiaLabel, activeRowId = null, onOrderChange }: Props) {
  const sorted = useMemo(() => [...rows].sort((a, b) => a.row_index - b.row_index), [rows]);
  const [count, setCount] = useState(CARDS_STEP);
  const menu = useRef<RowActionsMenuHandle>(null);
  useEffect(() => setCount(CARDS_STEP), [resetKey]);
  useEffect(() => onOrderChange?.(sorted.map((r) => r.id)), [sorted, onOrderChange]);
  const sum = useMemo(() => sumField(rows, 'totale'), [rows]);
  const select = (row: DocumentRow, selected: boolean) => {
    const next = new Set(selectedIds);
    if (selected) next.add(row.id);
    else next.delete(row.id);
    onSelectedIdsChange(next);
  };
  if (!rows.length) return <p className="hint doc-center">{loading ? 'Caricamento righe...' : 'Nessuna riga trovata'}</p>;
  return (
    <div className="doc-row-cards">
      <RowActionsMenu ref={menu} actions={actions} updatingIds={updatingIds} />
      {sorted.slice(0, count).map((r) => (
        <RowCard
          key={r.id}
          row={r}
          selected={selectedIds.has(r.id)}
          onSelect={select}
          actions={actions}
          updating={updatingIds.has(r.id)}
          onMore={(row, event) => menu.current?.open(row, event)}
          tipologiaLabel={tipologiaLabel}
          className={[highlighted.has(r.id) ? 'doc-row-updated' : '', r.id === activeRowId ? 'doc-row-active' : ''].join(' ')}
        />
      ))}
      {count < sorted.length && <Button outlined label={`Mostra altre righe (${sorted.length - count})`} onClick={() => setCount((c) => c + CARDS_STEP)} />}
      <RowsFooter shown={rows.length} totalCount={totalCount} sum={sum} />
    </div>
  );
}
