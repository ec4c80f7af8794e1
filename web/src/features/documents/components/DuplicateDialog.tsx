import { useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { cleanTitle, TEXT_FIELDS, textTooLong } from '@shared/domain/text.ts';

interface Props {
  visible: boolean;
  count: number;
  /** The default title: '{filename} - copia'. */
  defaultTitle: string;
  busy: boolean;
  onConfirm: (title: string) => void;
  onCancel: () => void;
}

/** The selected rows become a new document with the given title. */
export function DuplicateDialog(props: Props) {
  // Mounted only while visible: each opening starts from the default title.
  return props.visible ? <DuplicateForm {...props} /> : null;
}

function DuplicateForm({ count, defaultTitle, busy, onConfirm, onCancel }: Props) {
  const [title, setTitle] = useState(defaultTitle);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const t = cleanTitle(title);
    if (!t) {
      setError('Inserisci un titolo per il nuovo documento');
      return;
    }
    // The same rule as the server: a long title is refused, never cut (no maxLength on the input).
    const tooLong = textTooLong(t, TEXT_FIELDS.documentTitle);
    if (tooLong) {
      setError(tooLong);
      return;
    }
    setError(null);
    onConfirm(t);
  };
  return (
    <ConfirmDialog visible header="Duplica righe" confirmLabel="Duplica" confirmIcon="pi pi-copy" busy={busy} onConfirm={confirm} onCancel={onCancel}>
      <p>
        Le <strong>{count}</strong> {count === 1 ? 'riga selezionata sarà copiata' : 'righe selezionate saranno copiate'} in un nuovo documento.
      </p>
      <label htmlFor="duplicate-title" className="doc-field-label">
        Titolo del nuovo documento
      </label>
      <InputText
        id="duplicate-title"
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          if (e.target.value.trim()) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !busy) confirm();
        }}
        invalid={Boolean(error)}
        disabled={busy}
        className="doc-full-width"
      />
      {error && (
        <small className="doc-field-error" role="alert">
          {error}
        </small>
      )}
    </ConfirmDialog>
  );
}
