import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Alert } from '@/components/Alert.tsx';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { useDeleteDocument } from '@/features/documents/api/delete-document.ts';
import { DOCUMENTS_PAGE_SIZE, useDocuments } from '@/features/documents/api/get-documents.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { DeleteDocumentDialog } from './DeleteDocumentDialog.tsx';
import { DocumentStats } from './DocumentStats.tsx';
import { DocumentsTable } from './DocumentsTable.tsx';
import { DocumentCards } from './DocumentCards.tsx';
import { NARROW_SCREEN, useMediaQuery } from '@/hooks/use-media-query.ts';
import { DocumentsListToolbar, filterDocuments } from './DocumentsListToolbar.tsx';
import { Pager } from './Pager.tsx';
import '@/features/documents/documents.css';

interface Props {
  page: number;
  onPageChange: (page: number) => void;
}

/** 'Documenti': counters, a filter over the page, the list with delete, and the pager. */
export function DocumentsList({ page, onPageChange }: Props) {
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const { data, error, isLoading, isValidating, mutate } = useDocuments(page);
  const [filter, setFilter] = useState('');
  const [toDelete, setToDelete] = useState<DocumentItem | null>(null);
  const { message, show, clear } = useTimedMessage();
  const documents = useMemo(() => data?.documents ?? [], [data]);
  const visible = useMemo(() => filterDocuments(documents, filter), [documents, filter]);
  const totalCount = data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / DOCUMENTS_PAGE_SIZE));
  const onDeleted = useCallback(() => {
    const remaining = totalCount - 1;
    if (page > 1 && (page - 1) * DOCUMENTS_PAGE_SIZE >= remaining) onPageChange(page - 1);
    else void mutate();
  }, [mutate, onPageChange, page, totalCount]);
  const { remove, deletingIds } = useDeleteDocument({ mutate, notify: show, onDeleted });
  const confirmDelete = () => {
    if (!toDelete) return;
    setToDelete(null);
    void remove(toDelete);
  };
  const numberOf = (d: DocumentItem) => (page - 1) * DOCUMENTS_PAGE_SIZE + documents.indexOf(d) + 1;
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
        <DocumentsListToolbar filter={filter} onFilterChange={setFilter} shown={visible.length} total={documents.length} reloading={isValidating && !isLoading} onReload={() => void mutate()} />
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
            {narrow ? (
              <DocumentCards documents={visible} numberOf={numberOf} loading={isLoading} deletingIds={deletingIds} onDelete={setToDelete} />
            ) : (
              <DocumentsTable documents={visible} numberOf={numberOf} loading={isLoading} deletingIds={deletingIds} onOpen={(d) => navigate(`/documents/${d.id}`)} onDelete={setToDelete} />
            )}
            {documents.length > 0 && visible.length === 0 && <p className="hint doc-center">Nessun documento corrisponde alla ricerca in questa pagina.</p>}
            <div className="doc-list-footer">
              <span className="hint" data-testid="page-info">
                Pagina {page} di {pageCount} · {totalCount} {totalCount === 1 ? 'documento' : 'documenti'} in totale
              </span>
              <Pager page={page} pageCount={pageCount} onChange={onPageChange} />
            </div>
          </>
        )}
      </section>
      <DeleteDocumentDialog document={toDelete} busy={false} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
    </div>
  );
}
