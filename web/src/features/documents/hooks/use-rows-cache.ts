import { useCallback, useMemo } from 'react';
import type { KeyedMutator } from 'swr';
import { getDocumentRows } from '@/features/documents/api/get-document-rows.ts';
import type { RowMutationMeta } from '@/features/documents/api/row-results.ts';
import type { DocumentItem, DocumentRow, DocumentRows } from '@/features/documents/types.ts';

interface Sources {
  documentId: number;
  mutateDocument: KeyedMutator<DocumentItem>;
  mutateRows: KeyedMutator<DocumentRows>;
}

/**
 * Writes row changes into the SWR cache without refetching: changed rows are replaced in
 * place, removed rows dropped, and the re-totalled document and totals the server answered
 * (meta.document, meta.totals) go straight to the financial summary.
 */
export function useRowsCache({ documentId, mutateDocument, mutateRows }: Sources) {
  const applyMeta = useCallback(
    (meta: RowMutationMeta) => {
      if (meta.document) {
        const { document } = meta;
        void mutateDocument((cur) => (cur ? { ...cur, ...document, status: cur.status } : document), { revalidate: false });
      }
    },
    [mutateDocument],
  );

  /** Replaces rows by id (others untouched) and, when given, the totals. */
  const replaceRows = useCallback(
    (changed: DocumentRow[], meta?: RowMutationMeta) => {
      const byId = new Map(changed.map((r) => [r.id, r]));
      void mutateRows(
        (cur) => {
          if (!cur) return cur;
          const rows = byId.size ? cur.rows.map((r) => (byId.has(r.id) ? { ...r, ...byId.get(r.id)! } : r)) : cur.rows;
          return { ...cur, rows, totals: meta?.totals ?? cur.totals };
        },
        { revalidate: false },
      );
      if (meta) applyMeta(meta);
    },
    [mutateRows, applyMeta],
  );

  const removeRows = useCallback(
    (ids: number[], meta?: RowMutationMeta) => {
      const gone = new Set(ids);
      void mutateRows(
        (cur) => {
          if (!cur) return cur;
          const rows = cur.rows.filter((r) => !gone.has(r.id));
          return { ...cur, rows, totalCount: cur.totalCount - (cur.rows.length - rows.length), totals: meta?.totals ?? cur.totals };
        },
        { revalidate: false },
      );
      if (meta) applyMeta(meta);
    },
    [mutateRows, applyMeta],
  );

  /** A full reload (after a change the server does not describe row by row). */
  const reload = useCallback(async (): Promise<DocumentRows> => {
    const fresh = await getDocumentRows(documentId);
    await mutateRows(fresh, { revalidate: false });
    return fresh;
  }, [documentId, mutateRows]);

  return useMemo(() => ({ applyMeta, replaceRows, removeRows, reload }), [applyMeta, replaceRows, removeRows, reload]);
}
