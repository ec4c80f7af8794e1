import { ConfirmDialog, DeleteConfirmDialog } from '@/components/ConfirmDialog.tsx';
import type { DocumentRow } from '@/features/documents/types.ts';

/** Row deletes can be undone ("Annulla" in the notice, Ctrl+Z): the document delete cannot. */
export const Undoable = ({ many = false }: { many?: boolean }) => (
  <p className="doc-hint-text">
    <i className="pi pi-undo" aria-hidden /> {many ? 'Le eliminazioni si possono annullare una alla volta (le ultime 20)' : 'Puoi annullarla'} con Annulla o Ctrl+Z.
  </p>
);

interface DeleteRowProps {
  row: DocumentRow | null;
  busy: boolean;
  onConfirm: (row: DocumentRow) => void;
  onCancel: () => void;
}

export function DeleteRowDialog({ row, busy, onConfirm, onCancel }: DeleteRowProps) {
  return (
    <DeleteConfirmDialog
      visible={row !== null}
      busy={busy}
      onConfirm={() => row && onConfirm(row)}
      onCancel={onCancel}
    >
      {row && (
        <>
          <p>
            Sei sicuro di voler eliminare la riga <strong>N° {row.row_index}</strong>
            {row.tariffa ? (
              <>
                {' '}
                (<span className="mono">{row.tariffa}</span>)
              </>
            ) : null}
            ?
          </p>
          <Undoable />
        </>
      )}
    </DeleteConfirmDialog>
  );
}

interface DeleteSelectedProps {
  visible: boolean;
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteSelectedDialog({ visible, count, busy, onConfirm, onCancel }: DeleteSelectedProps) {
  return (
    <DeleteConfirmDialog visible={visible} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        Sei sicuro di voler eliminare <strong>{count}</strong> {count === 1 ? 'riga selezionata' : 'righe selezionate'}?
      </p>
      <Undoable many />
    </DeleteConfirmDialog>
  );
}

interface UpdatePricesProps {
  visible: boolean;
  rowCount: number;
  provincia: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function UpdatePricesDialog({ visible, rowCount, provincia, busy, onConfirm, onCancel }: UpdatePricesProps) {
  return (
    <ConfirmDialog visible={visible} header="Aggiorna Prezzi" confirmLabel="Aggiorna Prezzi" confirmIcon="pi pi-sync" busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        Aggiornare i prezzi DB di tutte le <strong>{rowCount}</strong> righe dal database prezzi (provincia {provincia || '—'})?
      </p>
      <p className="doc-warning-text">
        <i className="pi pi-exclamation-triangle" aria-hidden /> I prezzi inseriti a mano saranno sostituiti; le righe senza tariffa saranno saltate.
      </p>
    </ConfirmDialog>
  );
}
