import { lazy, Suspense, useMemo } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { useRefreshRowPrice } from '@/features/documents/api/update-row.ts';
import type { useEditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import { useMergeRows } from '@/features/documents/api/merge-rows.ts';
import { usePriceSearch } from '@/features/documents/hooks/use-price-search.ts';
import type { RowsView } from '@/features/documents/hooks/use-rows-view.ts';
import type { DocumentItem, DocumentRow } from '@/features/documents/types.ts';
import { RowsFilterBar } from './RowsFilter.tsx';
import { RowsTable, type RowActions } from './RowsTable.tsx';
import { ChapterGroups } from './ChapterGroups.tsx';
import { RowCards } from './RowCards.tsx';
import { RowsLayoutBar } from './RowsLayoutBar.tsx';
import { NARROW_SCREEN, useMediaQuery } from '@/hooks/use-media-query.ts';
import { chapterOf } from '@/features/documents/utils/rows.ts';
import { RowsToolbar } from './RowsToolbar.tsx';
import { useUndoShortcut } from '@/features/documents/hooks/use-undo-shortcut.ts';

// pdf.js is large: loaded the first time a row is shown on the PDF.
const PdfPanel = lazy(() => import('./PdfPanel.tsx'));

interface Props {
  document: DocumentItem;
  allRows: DocumentRow[];
  loading: boolean;
  view: RowsView;
  editing: ReturnType<typeof useEditingKit>;
  tipologiaLabel: (value: string) => string | undefined;
}

/** The rows card (toolbar, filters, table) and, beside it, the PDF panel of the row shown. */
export function RowsSection({ document, allRows, loading, view, editing, tipologiaLabel }: Props) {
  const { kit, dialogs, selection, message, highlighted, undo } = editing;
  useUndoShortcut(() => void undo.undo(), dialogs.busy || dialogs.dialog !== null || dialogs.progress !== null || dialogs.result !== null);
  const { refreshPrice, updatingIds } = useRefreshRowPrice(kit);
  const merge = useMergeRows(kit);
  const search = usePriceSearch(document, kit.notify);
  const { setDialog } = kit;
  const { showPdf, pdfRow } = view;
  const narrow = useMediaQuery(NARROW_SCREEN);
  const hasChapters = useMemo(() => allRows.some((r) => chapterOf(r) !== null), [allRows]);
  const grouped = hasChapters && view.grouped;
  const actions = useMemo<RowActions>(
    () => ({
      onShowPdf: showPdf,
      onEdit: (row) => setDialog({ kind: 'edit', row }),
      onRefreshPrice: (row) => void refreshPrice(row),
      onSearch: search,
      onDelete: (row) => setDialog({ kind: 'delete-row', row }),
    }),
    [showPdf, setDialog, refreshPrice, search],
  );

  const tableProps = {
    totalCount: allRows.length,
    loading: loading,
    resetKey: view.resetKey,
    selectedIds: selection.selectedIds,
    onSelectedIdsChange: selection.setSelectedIds,
    highlighted: highlighted,
    updatingIds: updatingIds,
    actions: actions,
    tipologiaLabel: tipologiaLabel,
    activeRowId: pdfRow?.id ?? null,
    onOrderChange: view.onOrderChange,
  };

  return (
    <div className={pdfRow ? 'doc-with-pdf' : undefined}>
      <section className="doc-card doc-rows-card" aria-label="Righe del documento">
        <RowsToolbar
          query={view.query}
          onQueryChange={view.setQuery}
          selectedCount={selection.selectedIds.size}
          disabled={dialogs.busy}
          onDeselect={selection.deselect}
          onMerge={() => merge.open(false)}
          onQuickMerge={() => merge.open(true)}
          onTipologia={() => setDialog({ kind: 'tipologia' })}
          onDelete={() => setDialog({ kind: 'delete-selected' })}
          onDuplicate={() => setDialog({ kind: 'duplicate' })}
          lastOperation={undo.last?.descrizione ?? null}
          onUndo={() => void undo.undo(undo.last?.id)}
          filter={<RowsFilterBar value={view.rowFilter} onChange={view.setRowFilter} />}
          message={
            message.message && (
              <Alert severity={message.message.severity} onClose={message.clear} action={message.message.action}>
                {message.message.text}
              </Alert>
            )
          }
        />
        <RowsLayoutBar hasChapters={hasChapters} grouped={grouped} onGroupedChange={view.setGrouped} fullText={view.fullText} onFullTextChange={view.setFullText} />
        {grouped ? (
          <ChapterGroups rows={view.visibleRows} {...tableProps} fullText={view.fullText || narrow} />
        ) : narrow ? (
          <RowCards rows={view.visibleRows} {...tableProps} />
        ) : (
          <RowsTable rows={view.visibleRows} {...tableProps} fullText={view.fullText} />
        )}
      </section>
      {pdfRow && (
        <Suspense
          fallback={
            <aside className="pdf-panel">
              <p className="pdf-panel-msg">Caricamento del visualizzatore...</p>
            </aside>
          }
        >
          <PdfPanel documentId={document.id} row={pdfRow} onClose={view.closePdf} onMove={view.movePdfRow} />
        </Suspense>
      )}
    </div>
  );
}
