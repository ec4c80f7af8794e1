import { useCallback, useMemo, useRef, useState } from 'react';
import type { DocumentRow } from '@/features/documents/types.ts';
import { filterRows, rowSearch } from '@/features/documents/components/RowsSearch.tsx';
import { applyRowFilter, NO_FILTER, type RowFilter } from '@/features/documents/components/RowsFilter.tsx';

/**
 * Which rows the page shows and which one is open on the PDF: the search text, the filters, and
 * the PDF row that follows the table's order (arrow keys move between rows).
 */
export function useRowsView(allRows: DocumentRow[]) {
  const [query, setQuery] = useState('');
  const [rowFilter, setRowFilter] = useState<RowFilter>(NO_FILTER);
  const search = useMemo(() => rowSearch(allRows), [allRows]);
  const visibleRows = useMemo(() => filterRows(applyRowFilter(allRows, rowFilter), search(query)), [allRows, rowFilter, query, search]);
  /** Rows by chapter of the print, and whole descriptions instead of one line. */
  const [grouped, setGrouped] = useState(false);
  const [fullText, setFullText] = useState(false);
  // "?riga={id}" (the comparison's links) opens that row on the PDF.
  const [pdfRowId, setPdfRowId] = useState<number | null>(() => {
    const riga = Number(new URLSearchParams(window.location.search).get('riga'));
    return Number.isSafeInteger(riga) && riga > 0 ? riga : null;
  });
  const pdfRow = pdfRowId === null ? undefined : allRows.find((r) => r.id === pdfRowId);
  const order = useRef<number[]>([]);
  const onOrderChange = useCallback((ids: number[]) => {
    order.current = ids;
  }, []);
  const movePdfRow = useCallback((step: 1 | -1) => {
    setPdfRowId((current) => {
      const ids = order.current;
      const next = ids[Math.min(ids.length - 1, Math.max(0, ids.indexOf(current ?? -1) + step))];
      return next ?? current;
    });
  }, []);
  const closePdf = useCallback(() => setPdfRowId(null), []);
  const showPdf = useCallback((row: DocumentRow) => setPdfRowId(row.id), []);
  /** A chart's row: every filter off, so that the row is in the table, and shown on the PDF. */
  const revealRow = useCallback((row: DocumentRow) => {
    setRowFilter(NO_FILTER);
    setQuery('');
    setPdfRowId(row.id);
  }, []);
  const filterChapter = useCallback((chapter: string | null) => setRowFilter((f) => ({ ...f, chapter })), []);
  const showWithoutLabour = useCallback(() => setRowFilter({ ...NO_FILTER, kind: 'labour' }), []);
  const toggleToCheck = useCallback(() => setRowFilter((f) => ({ ...f, kind: f.kind === 'check' ? 'all' : 'check' })), []);
  const resetKey = `${query}|${rowFilter.kind}|${rowFilter.threshold}|${rowFilter.chapter}`;

  return { grouped, setGrouped, fullText, setFullText, query, setQuery, rowFilter, setRowFilter, visibleRows, resetKey, pdfRow, showPdf, movePdfRow, closePdf, onOrderChange, revealRow, filterChapter, toggleToCheck, showWithoutLabour };
}

export type RowsView = ReturnType<typeof useRowsView>;
