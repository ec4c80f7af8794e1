import { useMemo } from 'react';
import type { DocumentRow } from '@/features/documents/types.ts';

/**
 * The checkboxes of the rows shown: ticking or unticking them (or all of them) changes only
 * those rows; rows hidden by the search or the filters keep their state.
 */
export function useShownSelection(rows: DocumentRow[], selectedIds: ReadonlySet<number>, onChange: (ids: Set<number>) => void) {
  const selection = useMemo(() => rows.filter((r) => selectedIds.has(r.id)), [rows, selectedIds]);
  const allSelected = rows.length > 0 && selection.length === rows.length;
  const onSelectionChange = (value: DocumentRow[]) => {
    const picked = new Set(value.map((r) => r.id));
    const next = new Set(selectedIds);
    for (const r of rows) {
      if (picked.has(r.id)) next.add(r.id);
      else next.delete(r.id);
    }
    onChange(next);
  };
  const onSelectAll = (checked: boolean) => {
    const next = new Set(selectedIds);
    for (const r of rows) {
      if (checked) next.add(r.id);
      else next.delete(r.id);
    }
    onChange(next);
  };
  return { selection, allSelected, onSelectionChange, onSelectAll };
}
