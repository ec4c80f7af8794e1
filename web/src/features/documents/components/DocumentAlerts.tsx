import { Alert } from '@/components/Alert.tsx';
import type { DocumentItem } from '@/features/documents/types.ts';
import { ProcessingPanel } from './ProcessingPanel.tsx';

/** The analysis's state: running, failed, unreadable pages. */
export function AnalysisAlerts({ document }: { document: DocumentItem }) {
  return (
    <>
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
      {document.status !== 'failed' && document.unreadable_pages?.length > 0 && <Alert severity="warn">Pagine non leggibili: {document.unreadable_pages.join(', ')}</Alert>}
    </>
  );
}

/** The reader's warnings about the whole document. */
export function AnalysisWarnings({ warnings }: { warnings: string[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <div className="alert alert-warn doc-warnings" role="status">
      <div>
        <strong>Avvisi dell&apos;analisi</strong>
        <ul>
          {warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
