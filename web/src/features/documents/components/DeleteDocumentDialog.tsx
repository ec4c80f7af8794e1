import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { DocumentItem } from '@/features/documents/types.ts';

interface Props {
  document: DocumentItem | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteDocumentDialog({ document, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog
      header="Conferma eliminazione"
      visible={Boolean(document)}
      onHide={onCancel}
      style={{ width: 'min(30rem, 95vw)' }}
      footer={
        <div className="button-row">
          <Button label="Annulla" outlined onClick={onCancel} disabled={busy} />
          <Button label="Elimina" severity="danger" icon="pi pi-trash" loading={busy} onClick={onConfirm} />
        </div>
      }
    >
      <p>
        Sei sicuro di voler eliminare il documento <strong>{document?.filename}</strong>?
      </p>
      <p className="doc-warning-text">
        <i className="pi pi-exclamation-triangle" aria-hidden /> Questa azione è irreversibile: il documento e tutte le sue righe saranno eliminati definitivamente.
      </p>
    </Dialog>
  );
}
