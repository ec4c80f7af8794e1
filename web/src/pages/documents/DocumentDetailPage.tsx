import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Alert } from '@/components/Alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { downloadOriginal } from '@/features/documents/api/download-document.ts';
import { useDocument } from '@/features/documents/api/get-document.ts';
import { useDocumentRows } from '@/features/documents/api/get-document-rows.ts';
import { useActiveTipologie as useTipologie } from '@/lib/tipologie.ts';
import { DocumentHeader } from '@/features/documents/components/DocumentHeader.tsx';
import { FinancialSummary } from '@/features/documents/components/FinancialSummary.tsx';
import { ProcessingPanel } from '@/features/documents/components/ProcessingPanel.tsx';
import { filterRows } from '@/features/documents/components/RowsSearch.tsx';
import { RowsToCheckBanner, rowsToCheck } from '@/features/documents/components/RowsToCheck.tsx';
import { applyRowFilter, NO_FILTER, RowsFilterBar, type RowFilter } from '@/features/documents/components/RowsFilter.tsx';
import { RowsTable } from '@/features/documents/components/RowsTable.tsx';
import { RowsToolbar } from '@/features/documents/components/RowsToolbar.tsx';
import { BulkTipologiaDialog } from '@/features/documents/components/BulkTipologiaDialog.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DuplicateDialog } from '@/features/documents/components/DuplicateDialog.tsx';
import { EditRowDialog } from '@/features/documents/components/EditRowDialog.tsx';
import { MergeDialog } from '@/features/documents/components/MergeDialog.tsx';
import { ProgressDialog } from '@/features/documents/components/ProgressDialog.tsx';
import { ResultDialog } from '@/features/documents/components/ResultDialog.tsx';
import { useDocumentEditing } from '@/features/documents/hooks/use-document-editing.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import type { DocumentItem, DocumentRow, DocumentRows, Tipologia } from '@/features/documents/types.ts';
import type { KeyedMutator } from 'swr';
import './documents.css';
import { DocumentSettingsDialog } from './DocumentSettingsDialog.tsx';
import type { SettingsResult } from '@/features/documents/api/update-document-settings.ts';

// pdf.js is large: loaded the first time a row is shown on the PDF.
const PdfPanel = lazy(() => import('@/features/documents/components/PdfPanel.tsx'));
// Chart.js too: loaded with the first document that has reference prices.
const DifferenceCharts = lazy(() => import('@/features/documents/components/DifferenceCharts.tsx'));

/**
 * Document detail. Layout: header with actions (back, download, price refresh, export), status
 * panels, financial summary, then a sticky toolbar (search, selection, bulk actions) above the
 * rows table. The editing modals are rendered at the end of the page.
 */
export default function DocumentDetailPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const doc = useDocument(id);
  const document = doc.data;
  const rows = useDocumentRows(id, document ? String(document.status) : undefined);
  const tipologie = useTipologie();
  const allRows = useMemo(() => rows.data?.rows ?? [], [rows.data]);

  const back = (
    <Button label="Torna ai documenti" icon="pi pi-arrow-left" outlined onClick={() => navigate('/documents')} />
  );

  if (!document) {
    if (doc.error instanceof ApiError && (doc.error.status === 404 || doc.error.status === 403)) {
      return (
        <div className="page doc-page">
          <section className="doc-card doc-empty">
            <i className="pi pi-exclamation-circle" aria-hidden />
            <h1 className="doc-page-title">Documento non trovato</h1>
            <p className="hint">Il documento richiesto non esiste oppure non hai i permessi necessari per visualizzarlo.</p>
            {back}
          </section>
        </div>
      );
    }
    if (doc.error) {
      return (
        <div className="page doc-page">
          <Alert severity="error">Errore nel caricamento del documento</Alert>
          <div className="button-row compact">
            {back}
            <Button label="Riprova" icon="pi pi-refresh" text onClick={() => void doc.mutate()} />
          </div>
        </div>
      );
    }
    return (
      <div className="page doc-page guard-checking" role="status">
        <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
        <span>Caricamento documento...</span>
      </div>
    );
  }

  return (
    <DocumentView
      document={document}
      rows={allRows}
      rowsData={rows.data}
      rowsLoading={rows.isLoading}
      rowsError={Boolean(rows.error)}
      mutateDocument={doc.mutate}
      mutateRows={rows.mutate}
      tipologie={tipologie.data}
      back={back}
    />
  );
}

interface ViewProps {
  document: DocumentItem;
  rows: DocumentRow[];
  rowsData: DocumentRows | undefined;
  rowsLoading: boolean;
  rowsError: boolean;
  mutateDocument: KeyedMutator<DocumentItem>;
  mutateRows: KeyedMutator<DocumentRows>;
  tipologie: Tipologia[] | undefined;
  back: ReactNode;
}

/** The loaded document: its hooks run only once the document is there. */
function DocumentView({ document, rows: allRows, rowsData, rowsLoading, rowsError, mutateDocument, mutateRows, tipologie, back }: ViewProps) {
  const { message, show, clear } = useTimedMessage();
  const [downloading, setDownloading] = useState(false);
  const [query, setQuery] = useState('');
  const [rowFilter, setRowFilter] = useState<RowFilter>(NO_FILTER);
  const flagged = useMemo(() => rowsToCheck(allRows), [allRows]);
  const visibleRows = useMemo(() => filterRows(applyRowFilter(allRows, rowFilter), query), [allRows, rowFilter, query]);
  const onlyToCheck = rowFilter.kind === 'check';
  const edit = useDocumentEditing({ document, rows: allRows, mutateDocument, mutateRows, notifyPage: show });
  const tipologiaLabel = useCallback((value: string) => tipologie?.find((t) => t.value === value)?.description, [tipologie]);
  const [pdfRowId, setPdfRowId] = useState<number | null>(null);
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
  const rowActions = useMemo(
    () => ({
      onShowPdf: (row: DocumentRow) => setPdfRowId(row.id),
      onEdit: (row: DocumentRow) => edit.setDialog({ kind: 'edit', row }),
      onRefreshPrice: (row: DocumentRow) => void edit.refreshPrice(row),
      onSearch: edit.searchRow,
      onDelete: (row: DocumentRow) => edit.setDialog({ kind: 'delete-row', row }),
    }),
    [edit.setDialog, edit.refreshPrice, edit.searchRow],
  );

  const onStatusSaved = (updated: DocumentItem) => void mutateDocument(updated, { revalidate: false });
  const [editingSettings, setEditingSettings] = useState(false);
  const onSettingsSaved = (result: SettingsResult) => {
    setEditingSettings(false);
    void mutateDocument(result.document, { revalidate: false });
    void mutateRows();
    show('success', result.message);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadOriginal(document.id, document.filename);
    } finally {
      setDownloading(false);
    }
  };
  // An analysis still running (not a status set to processing by hand) holds the actions back.
  const completed = document.status !== 'processing' || Boolean(document.completed_at);
  const dialog = edit.dialog;
  const selectedCount = edit.selectedIds.size;

  return (
    <div className="page doc-page">
      <DocumentHeader
        document={document}
        tipologiaLabel={tipologiaLabel(document.tipologia_dei)}
        onStatusSaved={onStatusSaved}
        notify={show}
        onEditSettings={completed && !edit.busy ? () => setEditingSettings(true) : undefined}
        actions={
          <>
            {back}
            <Button label="Scarica originale" icon="pi pi-download" loading={downloading} onClick={() => void download()} />
            <Button
              label="Aggiorna Prezzi"
              icon="pi pi-sync"
              severity="success"
              disabled={!completed || allRows.length === 0 || edit.busy}
              onClick={() => edit.setDialog({ kind: 'update-prices' })}
            />
            <Button label="Esporta" icon="pi pi-file-excel" severity="help" loading={edit.exporting} disabled={!completed} onClick={() => void edit.exportXlsx()} />
          </>
        }
      />

      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}

      {document.status === 'processing' && !document.completed_at && <ProcessingPanel document={document} />}
      {document.status === 'failed' && (
        <Alert severity="error">
          <strong>Analisi non riuscita.</strong> {document.status_reason || 'Il documento non è stato elaborato.'}
          {document.unreadable_pages?.length > 0 && (
            <>
              <br />
              Pagine non leggibili: {document.unreadable_pages.join(', ')}
            </>
          )}
        </Alert>
      )}
      {document.status !== 'failed' && document.unreadable_pages?.length > 0 && (
        <Alert severity="warn">Pagine non leggibili: {document.unreadable_pages.join(', ')}</Alert>
      )}

      <FinancialSummary document={document} totals={rowsData?.totals ?? null} rowCount={allRows.length} />

      {document.warnings?.length > 0 && (
        <div className="alert alert-warn doc-warnings" role="status">
          <div>
            <strong>Avvisi dell&apos;analisi</strong>
            <ul>
              {document.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      )}

      {rowsError && <Alert severity="error">Errore nel caricamento del documento</Alert>}

      {allRows.some((r) => r.differenza_totale_db) && (
        <Suspense fallback={null}>
          <DifferenceCharts
            rows={allRows}
            onChapter={(chapter) => setRowFilter((f) => ({ ...f, chapter }))}
            onRow={(row) => {
              setRowFilter(NO_FILTER);
              setQuery('');
              setPdfRowId(row.id);
            }}
          />
        </Suspense>
      )}

      <RowsToCheckBanner count={flagged.length} onlyToCheck={onlyToCheck} onToggle={() => setRowFilter((f) => ({ ...f, kind: f.kind === 'check' ? 'all' : 'check' }))} />

      <div className={pdfRow ? 'doc-with-pdf' : undefined}>
      <section className="doc-card doc-rows-card" aria-label="Righe del documento">
        <RowsToolbar
          query={query}
          onQueryChange={setQuery}
          selectedCount={selectedCount}
          disabled={edit.busy}
          onDeselect={edit.deselect}
          onMerge={() => edit.openMerge(false)}
          onQuickMerge={() => edit.openMerge(true)}
          onTipologia={() => edit.setDialog({ kind: 'tipologia' })}
          onDelete={() => edit.setDialog({ kind: 'delete-selected' })}
          onDuplicate={() => edit.setDialog({ kind: 'duplicate' })}
          filter={<RowsFilterBar value={rowFilter} onChange={setRowFilter} />}
          message={
            edit.message && (
              <Alert severity={edit.message.severity} onClose={edit.clearMessage}>
                {edit.message.text}
              </Alert>
            )
          }
        />
        <RowsTable
          rows={visibleRows}
          totalCount={allRows.length}
          loading={rowsLoading}
          resetKey={`${query}|${rowFilter.kind}|${rowFilter.threshold}|${rowFilter.chapter}`}
          selectedIds={edit.selectedIds}
          onSelectedIdsChange={edit.setSelectedIds}
          highlighted={edit.highlighted}
          updatingIds={edit.updatingIds}
          actions={rowActions}
          tipologiaLabel={tipologiaLabel}
          activeRowId={pdfRow?.id ?? null}
          onOrderChange={onOrderChange}
        />
      </section>
      {pdfRow && (
        <Suspense fallback={<aside className="pdf-panel"><p className="pdf-panel-msg">Caricamento del visualizzatore...</p></aside>}>
          <PdfPanel documentId={document.id} row={pdfRow} onClose={closePdf} onMove={movePdfRow} />
        </Suspense>
      )}
      </div>

      {editingSettings && <DocumentSettingsDialog document={document} onClose={() => setEditingSettings(false)} onSaved={onSettingsSaved} />}

      <EditRowDialog row={dialog?.kind === 'edit' ? dialog.row : null} busy={edit.busy} onSave={(row, patch) => void edit.saveRow(row, patch)} onCancel={edit.close} />

      <ConfirmDialog
        visible={dialog?.kind === 'delete-row'}
        header="Conferma eliminazione"
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        severity="danger"
        busy={edit.busy}
        onConfirm={() => dialog?.kind === 'delete-row' && void edit.deleteOne(dialog.row)}
        onCancel={edit.close}
      >
        {dialog?.kind === 'delete-row' && (
          <>
            <p>
              Sei sicuro di voler eliminare la riga <strong>N° {dialog.row.row_index}</strong>
              {dialog.row.tariffa ? (
                <>
                  {' '}
                  (<span className="mono">{dialog.row.tariffa}</span>)
                </>
              ) : null}
              ?
            </p>
            <p className="doc-warning-text">
              <i className="pi pi-exclamation-triangle" aria-hidden /> Questa azione è irreversibile.
            </p>
          </>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        visible={dialog?.kind === 'delete-selected'}
        header="Conferma eliminazione"
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        severity="danger"
        busy={edit.busy}
        onConfirm={() => void edit.confirmDeleteSelected()}
        onCancel={edit.close}
      >
        <p>
          Sei sicuro di voler eliminare <strong>{selectedCount}</strong> {selectedCount === 1 ? 'riga selezionata' : 'righe selezionate'}?
        </p>
        <p className="doc-warning-text">
          <i className="pi pi-exclamation-triangle" aria-hidden /> Questa azione è irreversibile.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        visible={dialog?.kind === 'update-prices'}
        header="Aggiorna Prezzi"
        confirmLabel="Aggiorna Prezzi"
        confirmIcon="pi pi-sync"
        busy={edit.busy}
        onConfirm={() => void edit.confirmUpdatePrices()}
        onCancel={edit.close}
      >
        <p>
          Aggiornare i prezzi DB di tutte le <strong>{allRows.length}</strong> righe dal database prezzi (provincia {document.provincia || '—'})?
        </p>
        <p className="doc-warning-text">
          <i className="pi pi-exclamation-triangle" aria-hidden /> I prezzi inseriti a mano saranno sostituiti; le righe senza tariffa saranno saltate.
        </p>
      </ConfirmDialog>

      <MergeDialog
        rows={dialog?.kind === 'merge' || dialog?.kind === 'quick-merge' ? { first: dialog.first, second: dialog.second } : null}
        quick={dialog?.kind === 'quick-merge'}
        busy={edit.busy}
        onConfirm={() => (dialog?.kind === 'merge' || dialog?.kind === 'quick-merge') && void edit.confirmMerge(dialog.first, dialog.second)}
        onCancel={edit.close}
      />

      <BulkTipologiaDialog visible={dialog?.kind === 'tipologia'} count={selectedCount} busy={edit.busy} onConfirm={(t) => void edit.confirmTipologia(t)} onCancel={edit.close} />

      <DuplicateDialog
        visible={dialog?.kind === 'duplicate'}
        count={selectedCount}
        defaultTitle={`${document.filename} - copia`}
        busy={edit.busy}
        onConfirm={(title) => void edit.confirmDuplicate(title)}
        onCancel={edit.close}
      />

      <ProgressDialog progress={edit.progress} />
      <ResultDialog result={edit.result} onClose={edit.closeResult} />
    </div>
  );
}
