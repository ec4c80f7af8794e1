import { useCallback, useRef, useState } from 'react';
import type { DocumentRow } from '@/features/documents/types.ts';

/**
 * The selected rows, by id: the selection survives sorting, searching and row updates. Reading
 * the selection (`selectedRows`) is stable across renders, so row actions do not change with it.
 */
export function useRowSelection(rows: DocumentRow[]) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const idsRef = useRef(selectedIds);
  idsRef.current = selectedIds;

  const deselect = useCallback(() => setSelectedIds(new Set()), []);
  const unselect = useCallback((ids: number[]) => {
    setSelectedIds((prev) => {
      if (!ids.some((id) => prev.has(id))) return prev;
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);
  /** The selected rows in document order (row_index). */
  const selectedRows = useCallback(() => rowsRef.current.filter((r) => idsRef.current.has(r.id)).sort((a, b) => a.row_index - b.row_index), []);
  /** How many ids are selected (some may belong to rows no longer there). */
  const selectedCount = useCallback(() => idsRef.current.size, []);
  /** The document's current rows. */
  const currentRows = useCallback(() => rowsRef.current, []);

  return { selectedIds, setSelectedIds, deselect, unselect, selectedRows, selectedCount, currentRows };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
