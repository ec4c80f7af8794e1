import { useCallback, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { apiCall } from '@/lib/api-client.ts';
import { removeResponse } from '@shared/api/documents.ts';
import type { DocumentItem, DocumentsPage } from '@/features/documents/types.ts';

export async function deleteDocument(id: number): Promise<void> {
  await apiCall(removeResponse, `/api/documents/${id}`, { method: 'DELETE' });
}

/** The list page without the deleted document, its counters one lower. */
function withoutDocument(current: DocumentsPage | undefined, doc: DocumentItem): DocumentsPage | undefined {
  return (
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
    }
  );
}

interface Options {
  mutate: KeyedMutator<DocumentsPage>;
  notify: (severity: 'success' | 'error', text: string) => void;
  /** Called after a deletion: e.g. go back a page that became empty. */
  onDeleted: () => void;
}

/** A document deleted from the list: it leaves and the totals drop straight away, then the page is re-read. */
export function useDeleteDocument({ mutate, notify, onDeleted }: Options) {
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<number>>(new Set());
  const remove = useCallback(
    async (doc: DocumentItem) => {
      setDeletingIds((s) => new Set(s).add(doc.id));
      try {
        await deleteDocument(doc.id);
        await mutate((current) => withoutDocument(current, doc), { revalidate: false });
        notify('success', 'Documento eliminato con successo');
        onDeleted();
      } catch {
        notify('error', "Errore durante l'eliminazione del documento");
      } finally {
        setDeletingIds((s) => {
          const next = new Set(s);
          next.delete(doc.id);
          return next;
        });
      }
    },
    [mutate, notify, onDeleted],
  );
  return { remove, deletingIds };
}
