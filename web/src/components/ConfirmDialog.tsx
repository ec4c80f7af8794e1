import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

interface Props {
  visible: boolean;
  header: string;
  children: ReactNode;
  confirmLabel: string;
  confirmIcon?: string;
  severity?: 'danger' | 'warning';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  width?: string;
  /** The action waits for a choice in the dialog. */
  confirmDisabled?: boolean;
}

/** A confirmation modal: Annulla and one action button. */
export function ConfirmDialog({ visible, header, children, confirmLabel, confirmIcon, severity, busy = false, onConfirm, onCancel, width = '32rem', confirmDisabled = false }: Props) {
  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={onCancel}
      closable={!busy}
      closeOnEscape={!busy}
      style={{ width: `min(${width}, 95vw)` }}
      footer={
        <div className="button-row">
          <Button label="Annulla" outlined onClick={onCancel} disabled={busy} />
          <Button label={confirmLabel} icon={confirmIcon} severity={severity} loading={busy} onClick={onConfirm} disabled={confirmDisabled} autoFocus />
        </div>
      }
    >
      {children}
    </Dialog>
  );
}

/** The confirmation of a deletion: "Conferma eliminazione", Annulla and a red "Elimina". */
export function DeleteConfirmDialog(props: Omit<Props, 'header' | 'confirmLabel' | 'confirmIcon' | 'severity'>) {
  return <ConfirmDialog {...props} header="Conferma eliminazione" confirmLabel="Elimina" confirmIcon="pi pi-trash" severity="danger" />;
}
