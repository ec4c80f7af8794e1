import { useDeleteRow, useDeleteSelectedRows } from '@/features/documents/api/delete-row.ts';
import { useDuplicateRows } from '@/features/documents/api/duplicate-rows.ts';
import { useMergeRows } from '@/features/documents/api/merge-rows.ts';
import { useUpdateDocumentPrices } from '@/features/documents/api/update-document-prices.ts';
import { useSaveRow } from '@/features/documents/api/update-row.ts';
import { useUpdateRowsTipologia } from '@/features/documents/api/update-rows-tipologia.ts';
import type { useEditingKit } from '@/features/documents/hooks/use-editing-kit.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { BulkTipologiaDialog } from './BulkTipologiaDialog.tsx';
import { DeleteRowDialog, DeleteSelectedDialog, UpdatePricesDialog } from './ConfirmDialogs.tsx';
import { DuplicateDialog } from './DuplicateDialog.tsx';
import { EditRowDialog } from './EditRowDialog.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { ProgressDialog } from './ProgressDialog.tsx';
import { ResultDialog } from './ResultDialog.tsx';

interface Props {
  document: DocumentItem;
  rowCount: number;
  editing: ReturnType<typeof useEditingKit>;
}

/** Every dialog of the document page, each wired to its action's mutation hook. */
export function EditingDialogs({ document, rowCount, editing }: Props) {
  const { kit, dialogs, selection } = editing;
  const { dialog, busy, close } = dialogs;
  const selectedCount = selection.selectedIds.size;
  const saveRow = useSaveRow(kit);
  const deleteRow = useDeleteRow(kit);
  const deleteSelected = useDeleteSelectedRows(kit);
  const updatePrices = useUpdateDocumentPrices(kit);
  const merge = useMergeRows(kit);
  const setTipologia = useUpdateRowsTipologia(kit);
  const duplicate = useDuplicateRows(kit);
  const merging = dialog?.kind === 'merge' || dialog?.kind === 'quick-merge' ? dialog : null;

  return (
    <>
      <EditRowDialog row={dialog?.kind === 'edit' ? dialog.row : null} busy={busy} onSave={saveRow} onCancel={close} />
      <DeleteRowDialog row={dialog?.kind === 'delete-row' ? dialog.row : null} busy={busy} onConfirm={(row) => void deleteRow(row)} onCancel={close} />
      <DeleteSelectedDialog visible={dialog?.kind === 'delete-selected'} count={selectedCount} busy={busy} onConfirm={() => void deleteSelected()} onCancel={close} />
      <UpdatePricesDialog
        visible={dialog?.kind === 'update-prices'}
        rowCount={rowCount}
        provincia={document.provincia}
        busy={busy}
        onConfirm={() => void updatePrices()}
        onCancel={close}
      />
      <MergeDialog
        rows={merging ? { first: merging.first, second: merging.second } : null}
        quick={dialog?.kind === 'quick-merge'}
        busy={busy}
        onConfirm={(options) => merging && void merge.confirm(merging.first, merging.second, options)}
        onCancel={close}
      />
      <BulkTipologiaDialog visible={dialog?.kind === 'tipologia'} count={selectedCount} busy={busy} onConfirm={(t) => void setTipologia(t)} onCancel={close} />
      <DuplicateDialog
        visible={dialog?.kind === 'duplicate'}
        count={selectedCount}
        defaultTitle={`${document.filename} - copia`}
        busy={busy}
        onConfirm={(title) => void duplicate(title)}
        onCancel={close}
      />
      <ProgressDialog progress={dialogs.progress} />
      <ResultDialog result={dialogs.result} onClose={dialogs.closeResult} />
    </>
  );
}
