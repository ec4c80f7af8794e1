import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { TipologiaSelect } from './TipologiaSelect.tsx';

interface Props {
  visible: boolean;
  count: number;
  busy: boolean;
  onConfirm: (tipologia: string) => void;
  onCancel: () => void;
}

/** The new DEI typology for the selected rows (they are re-priced by the server). */
export function BulkTipologiaDialog({ visible, count, busy, onConfirm, onCancel }: Props) {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    setValue(null);
    setError(null);
    onCancel();
  };
  const confirm = () => {
    if (!value) {
      setError('Seleziona una tipologia DEI');
      return;
    }
    setError(null);
    onConfirm(value);
    setValue(null);
  };
  return (
    <ConfirmDialog visible={visible} header="Aggiorna tipologia DEI" confirmLabel="Aggiorna" confirmIcon="pi pi-tags" busy={busy} onConfirm={confirm} onCancel={cancel}>
      <p>
        Nuova tipologia DEI per <strong>{count}</strong> {count === 1 ? 'riga selezionata' : 'righe selezionate'}. I prezzi DB delle righe saranno ricalcolati.
      </p>
      <label htmlFor="bulk-tipologia" className="doc-field-label">
        Tipologia DEI
      </label>
      <TipologiaSelect
        id="bulk-tipologia"
        value={value}
        onChange={(v) => {
          setValue(v);
          if (v) setError(null);
        }}
        invalid={Boolean(error)}
      />
      {error && (
        <small className="doc-field-error" role="alert">
          {error}
        </small>
      )}
    </ConfirmDialog>
  );
}
