import { useMemo, useState } from 'react';
import { findProvince } from '@shared/domain/provinces.ts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Alert } from '@/components/Alert.tsx';
import { deleteDocument } from '@/features/documents/api/delete-document.ts';
import { DOCUMENTS_PAGE_SIZE, useDocuments } from '@/features/documents/api/get-documents.ts';
import { DeleteDocumentDialog } from '@/features/documents/components/DeleteDocumentDialog.tsx';
import { DocumentStats } from '@/features/documents/components/DocumentStats.tsx';
import { DocumentsTable } from '@/features/documents/components/DocumentsTable.tsx';
import { Pager } from '@/features/documents/components/Pager.tsx';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import type { DocumentItem, DocumentsPage as DocumentsPageData } from '@/features/documents/types.ts';
import './documents.css';

export default function DocumentsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (p: number) => setParams(p > 1 ? { page: String(p) } : {}, { replace: false });
  const { data, error, isLoading, isValidating, mutate } = useDocuments(page);
  const [filter, setFilter] = useState('');
  const [toDelete, setToDelete] = useState<DocumentItem | null>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<number>>(new Set());
  const { message, show, clear } = useTimedMessage();

  const documents = useMemo(() => data?.documents ?? [], [data]);
  const visible = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return documents;
    // A province is found by its code ("LU") or its name ("Lucca"), whichever was stored.
    const provinceText = (value: string | null) => {
      const p = findProvince(value);
      return `${value ?? ''} ${p ? `${p.code} ${p.name}` : ''}`.toLowerCase();
    };
    return documents.filter((d) => d.filename.toLowerCase().includes(q) || provinceText(d.provincia).includes(q));
  }, [documents, filter]);
  const totalCount = data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / DOCUMENTS_PAGE_SIZE));

  const confirmDelete = async () => {
    const doc = toDelete;
    if (!doc) return;
    setToDelete(null);
    setDeletingIds((s) => new Set(s).add(doc.id));
    try {
      await deleteDocument(doc.id);
      // The row leaves and the totals drop by one straight away; then the page is re-read.
      await mutate(
        (current: DocumentsPageData | undefined) =>
          current && {
            ...current,
            documents: current.documents.filter((d) => d.id !== doc.id),
            totalCount: Math.max(0, current.totalCount - 1),
            counts: {
              ...current.counts,
              total: Math.max(0, current.counts.total - 1),
              completed: current.counts.completed - (doc.status === 'completed' ? 1 : 0),
              processing: current.counts.processing - (doc.status === 'processing' ? 1 : 0),
              failed: current.counts.failed - (doc.status === 'failed' ? 1 : 0),
            },
          },
        { revalidate: false },
      );
      show('success', 'Documento eliminato con successo');
      const remaining = totalCount - 1;
      if (page > 1 && (page - 1) * DOCUMENTS_PAGE_SIZE >= remaining) setPage(page - 1);
      else void mutate();
    } catch {
      show('error', "Errore durante l'eliminazione del documento");
    } finally {
      setDeletingIds((s) => {
        const next = new Set(s);
        next.delete(doc.id);
        return next;
      });
    }
  };

  const empty = !isLoading && !error && totalCount === 0;

  return (
    <div className="page doc-page">
      <div className="toolbar">
        <h1 className="doc-page-title">Documenti</h1>
        <Button label="Carica Documento" icon="pi pi-upload" onClick={() => navigate('/upload')} />
      </div>

      <DocumentStats counts={data?.counts} />

      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}
      {error && !data && <Alert severity="error">Errore durante il recupero dei documenti.</Alert>}

      <section className="doc-card">
        <div className="doc-list-toolbar">
          <IconField iconPosition="left" className="doc-search">
            <InputIcon className="pi pi-search" />
            <InputText value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Cerca per nome o provincia..." aria-label="Cerca per nome o provincia" />
          </IconField>
          <span className="hint" data-testid="shown-count">
            Mostrati {visible.length} di {documents.length}
          </span>
          <Button
            icon="pi pi-refresh"
            label="Aggiorna"
            outlined
            size="small"
            loading={isValidating && !isLoading}
            onClick={() => void mutate()}
            className="doc-push-right"
          />
        </div>

        {empty ? (
          <div className="doc-empty">
            <i className="pi pi-inbox" aria-hidden />
            <h2>Nessun documento trovato</h2>
            <p className="hint">Non hai ancora caricato documenti. Carica il tuo primo computo metrico in PDF per analizzarlo.</p>
            <Link to="/upload" className="p-button p-component doc-link-button">
              <i className="pi pi-upload" aria-hidden /> Carica il primo documento
            </Link>
          </div>
        ) : (
          <>
            <DocumentsTable
              documents={visible}
              numberOf={(d) => (page - 1) * DOCUMENTS_PAGE_SIZE + documents.indexOf(d) + 1}
              loading={isLoading}
              deletingIds={deletingIds}
              onOpen={(d) => navigate(`/documents/${d.id}`)}
              onDelete={setToDelete}
            />
            {documents.length > 0 && visible.length === 0 && <p className="hint doc-center">Nessun documento corrisponde alla ricerca in questa pagina.</p>}
            <div className="doc-list-footer">
              <span className="hint" data-testid="page-info">
                Pagina {page} di {pageCount} · {totalCount} {totalCount === 1 ? 'documento' : 'documenti'} in totale
              </span>
              <Pager page={page} pageCount={pageCount} onChange={setPage} />
            </div>
          </>
        )}
      </section>

      <DeleteDocumentDialog document={toDelete} busy={false} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />
    </div>
  );
}
