import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { KeyedMutator } from 'swr';
import { Alert } from '@/components/Alert.tsx';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { useActiveTipologie } from '@/lib/tipologie.ts';
import type { SettingsResult } from '@/features/documents/api/update-document-settings.ts';
import { useEditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import { useRowsView } from '@/features/documents/hooks/use-rows-view.ts';
import type { DocumentItem, DocumentRow, DocumentRows } from '@/features/documents/types.ts';
import { AnalysisAlerts, AnalysisWarnings } from './DocumentAlerts.tsx';
import { DocumentActions } from './DocumentActions.tsx';
import { DocumentHeader } from './DocumentHeader.tsx';
import { DocumentSettingsDialog } from './DocumentSettingsDialog.tsx';
import { EditingDialogs } from './EditingDialogs.tsx';
import { FinancialSummary } from './FinancialSummary.tsx';
import { LabourSummary } from './LabourSummary.tsx';
import { PrintHeading } from './PrintHeading.tsx';
import { RowsSection } from './RowsSection.tsx';
import { NOT_IN_LISTS } from '@shared/domain/pricing.ts';
import { RowsToCheckBanner, rowsToCheck } from './RowsToCheck.tsx';

// Chart.js is large: loaded with the first document that has reference prices.
const DifferenceCharts = lazy(() => import('./DifferenceCharts.tsx'));

interface Props {
  document: DocumentItem;
  rows: DocumentRow[];
  rowsData: DocumentRows | undefined;
  rowsLoading: boolean;
  rowsError: boolean;
  mutateDocument: KeyedMutator<DocumentItem>;
  mutateRows: KeyedMutator<DocumentRows>;
  back: ReactNode;
  /** Buttons other features add to the header ("Confronta con…"). */
  extraActions?: ReactNode;
  /** The "Verifica" tab's content, given by the page (another feature): the rows and a way to show one. */
  verificationTab?: VerificationTab;
}

/** What the page needs to render the "Verifica" tab: a revision that changes with every write, the rows, and showing a row. */
export type VerificationTab = (props: { revision: string; rows: readonly DocumentRow[]; onRow: (rowId: number) => void }) => ReactNode;

type Tab = 'voci' | 'verifica';

/**
 * The loaded document. Layout: header with actions, status panels, financial summary, charts,
 * then a sticky toolbar (search, filters, selection, bulk actions) above the rows table and the
 * PDF panel. The editing dialogs are rendered at the end of the page.
 */
export function DocumentView({ document, rows: allRows, rowsData, rowsLoading, rowsError, mutateDocument, mutateRows, back, extraActions, verificationTab }: Props) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = verificationTab && params.get('tab') === 'verifica' ? 'verifica' : 'voci';
  const showTab = useCallback(
    (next: Tab) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === 'voci') out.delete('tab');
          else out.set('tab', next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const page = useTimedMessage();
  const tipologie = useActiveTipologie();
  const tipologiaLabel = useCallback((value: string) => tipologie.data?.find((t) => t.value === value)?.description, [tipologie.data]);
  const editing = useEditingKit({ document, rows: allRows, mutateDocument, mutateRows });
  const { kit, dialogs } = editing;
  const view = useRowsView(allRows);
  const flagged = useMemo(() => rowsToCheck(allRows), [allRows]);
  const notInLists = useMemo(() => allRows.some((r) => r.price_reason?.startsWith(NOT_IN_LISTS)), [allRows]);
  const [editingSettings, setEditingSettings] = useState(false);
  const onSettingsSaved = useCallback(
    (result: SettingsResult) => {
      setEditingSettings(false);
      void mutateDocument(result.document, { revalidate: false });
      void mutateRows();
      // "Annulla" in the page's notice: the settings are shown above every tab.
      editing.undo.done(result.message, result.operation, page.show);
    },
    [mutateDocument, mutateRows, page, editing.undo],
  );
  const { revealRow } = view;
  /** From the review to the row: the rows tab, the row shown in the table and on the PDF. */
  const showRow = useCallback(
    (rowId: number) => {
      const row = allRows.find((r) => r.id === rowId);
      if (!row) return;
      showTab('voci');
      revealRow(row);
    },
    [allRows, revealRow, showTab],
  );
  // Every write of the document or of its rows raises the document's version (and the rows' totals with it).
  const revision = `${document.version ?? 0}:${rowsData?.totals?.sum_totale ?? ''}:${allRows.length}`;
  // An analysis still running (not a status set to processing by hand) holds the actions back.
  const completed = document.status !== 'processing' || Boolean(document.completed_at);

  return (
    <div className="page doc-page">
      <DocumentHeader
        document={document}
        tipologiaLabel={tipologiaLabel(document.tipologia_dei)}
        onStatusSaved={(updated) => void mutateDocument(updated, { revalidate: false })}
        notify={page.show}
        onEditSettings={completed && !dialogs.busy ? () => setEditingSettings(true) : undefined}
        actions={
          <>
            <DocumentActions
              document={document}
              back={back}
              completed={completed}
              canUpdatePrices={completed && allRows.length > 0 && !dialogs.busy}
              onUpdatePrices={() => kit.setDialog({ kind: 'update-prices' })}
              notify={page.show}
            />
            {completed && extraActions}
          </>
        }
      />
      {page.message && (
        <Alert severity={page.message.severity} onClose={page.clear} action={page.message.action}>
          {page.message.text}
        </Alert>
      )}
      <AnalysisAlerts document={document} />
      <PrintHeading document={document} editable={completed} onSaved={(updated) => void mutateDocument(updated, { revalidate: false })} />
      <FinancialSummary document={document} totals={rowsData?.totals ?? null} rowCount={allRows.length} notInLists={notInLists} />
      <AnalysisWarnings warnings={document.warnings} />
      {rowsError && <Alert severity="error">Errore nel caricamento del documento</Alert>}
      {verificationTab && completed && (
        <div className="doc-tabs" role="tablist" aria-label="Sezioni del documento">
          {(['voci', 'verifica'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`doc-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`doc-tabpanel-${t}`}
              className={`doc-tab${tab === t ? ' doc-tab-active' : ''}`}
              onClick={() => showTab(t)}
            >
              <i className={t === 'voci' ? 'pi pi-list' : 'pi pi-verified'} aria-hidden /> {t === 'voci' ? 'Voci' : 'Verifica'}
            </button>
          ))}
        </div>
      )}
      {verificationTab && completed && tab === 'verifica' ? (
        <div role="tabpanel" id="doc-tabpanel-verifica" aria-labelledby="doc-tab-verifica">
          {verificationTab({ revision, rows: allRows, onRow: showRow })}
        </div>
      ) : (
        <div role={verificationTab && completed ? 'tabpanel' : undefined} id="doc-tabpanel-voci" aria-labelledby={verificationTab && completed ? 'doc-tab-voci' : undefined}>
        {allRows.some((r) => r.differenza_totale_db) && (
          <Suspense fallback={null}>
            <DifferenceCharts rows={allRows} onChapter={view.filterChapter} onRow={view.revealRow} />
          </Suspense>
        )}
        <LabourSummary rows={allRows} onShowWithoutLabour={view.showWithoutLabour} />
        <RowsToCheckBanner count={flagged.length} onlyToCheck={view.rowFilter.kind === 'check'} onToggle={view.toggleToCheck} />
        <RowsSection document={document} allRows={allRows} loading={rowsLoading} view={view} editing={editing} tipologiaLabel={tipologiaLabel} />
        </div>
      )}
      {editingSettings && <DocumentSettingsDialog document={document} onClose={() => setEditingSettings(false)} onSaved={onSettingsSaved} />}
      <EditingDialogs document={document} rowCount={allRows.length} editing={editing} />
    </div>
  );
}
