import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Alert } from '@/components/Alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useDocument } from '@/features/documents/api/get-document.ts';
import { useDocumentRows } from '@/features/documents/api/get-document-rows.ts';
import { DocumentView, type VerificationTab } from './DocumentView.tsx';
import '@/features/documents/documents.css';

/**
 * The document page: loading, not found, an error with retry, or the document itself. Other features
 * plug in through the page: `extraActions` (header buttons) and `verificationTab` (the "Verifica" tab).
 */
export function DocumentDetail({ id, extraActions, verificationTab }: { id: string | undefined; extraActions?: ReactNode; verificationTab?: VerificationTab }) {
  const navigate = useNavigate();
  const doc = useDocument(id);
  const document = doc.data;
  const rows = useDocumentRows(id, document ? String(document.status) : undefined);
  const allRows = useMemo(() => rows.data?.rows ?? [], [rows.data]);
  const back = <Button label="Torna ai documenti" icon="pi pi-arrow-left" outlined onClick={() => navigate('/documents')} />;

  if (document) {
    return (
      <DocumentView
        document={document}
        rows={allRows}
        rowsData={rows.data}
        rowsLoading={rows.isLoading}
        rowsError={Boolean(rows.error)}
        mutateDocument={doc.mutate}
        mutateRows={rows.mutate}
        back={back}
        extraActions={extraActions}
        verificationTab={verificationTab}
      />
    );
  }
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
