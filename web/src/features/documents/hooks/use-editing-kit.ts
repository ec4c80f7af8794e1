import { useMemo } from 'react';
import type { KeyedMutator } from 'swr';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import type { DocumentItem, DocumentRow, DocumentRows } from '@/features/documents/types.ts';
import { useEditingDialogs } from './use-editing-dialogs.ts';
import { useRowHighlight } from './use-row-highlight.ts';
import { useRowSelection } from './use-row-selection.ts';
import { useRowsCache } from './use-rows-cache.ts';
import { useUndoOperation } from '@/features/documents/api/undo-operation.ts';

interface Sources {
  document: DocumentItem;
  rows: DocumentRow[];
  mutateDocument: KeyedMutator<DocumentItem>;
  mutateRows: KeyedMutator<DocumentRows>;
}

/**
 * What every row action of the document page shares: the rows cache, the green highlights, the
 * message above the rows, the selection and the dialogs. `kit` holds only stable functions,
 * so the mutation hooks built on it keep their identity while the user works.
 */
export function useEditingKit({ document, rows, mutateDocument, mutateRows }: Sources) {
  const cache = useRowsCache({ documentId: document.id, mutateDocument, mutateRows });
  const { highlighted, highlight } = useRowHighlight();
  const message = useTimedMessage();
  const selection = useRowSelection(rows);
  const dialogs = useEditingDialogs();
  const notify = message.show;
  const { setDialog, setBusy, setProgress, setResult } = dialogs;
  const { unselect, deselect, selectedRows, selectedCount, currentRows } = selection;
  const undo = useUndoOperation({ documentId: document.id, reload: cache.reload, applyMeta: cache.applyMeta, notify });
  /** The success notice of a row change, with "Annulla" when the server recorded it. */
  const done = undo.done;

  const kit = useMemo(
    () => ({ documentId: document.id, cache, mutateRows, highlight, notify, done, setDialog, setBusy, setProgress, setResult, unselect, deselect, selectedRows, selectedCount, currentRows }),
    [document.id, cache, mutateRows, highlight, notify, done, setDialog, setBusy, setProgress, setResult, unselect, deselect, selectedRows, selectedCount, currentRows],
  );
  return { kit, highlighted, message, selection, dialogs, undo };
}

export type EditingKit = ReturnType<typeof useEditingKit>['kit'];
