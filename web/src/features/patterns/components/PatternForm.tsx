import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { Pattern, PatternInput } from '@/features/patterns/types.ts';

export const SAVE_ERROR = 'Errore durante il salvataggio del pattern';

interface Props {
  pattern: Pattern | null;
  visible: boolean;
  onHide: () => void;
  onSubmit: (input: PatternInput) => Promise<void>;
}

/** Create and edit: the pattern is required, replacement and notes are optional. */
export function PatternForm({ pattern, visible, onHide, onSubmit }: Props) {
  const editing = Boolean(pattern);
  const [value, setValue] = useState(pattern?.pattern ?? '');
  const [replacement, setReplacement] = useState(pattern?.replacement ?? '');
  const [notes, setNotes] = useState(pattern?.notes ?? '');
  const [error, setError] = useState<{ text: string; server: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError({ text: 'Il pattern è obbligatorio', server: false });
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ pattern: value.trim(), replacement, notes: notes.trim() });
    } catch (err) {
      // The server explains what is wrong with the expression, in Italian.
      setError({ text: err instanceof Error && err.message ? err.message : SAVE_ERROR, server: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={editing ? 'Modifica Pattern' : 'Nuovo Pattern'} visible={visible} onHide={onHide} style={{ width: 'min(34rem, 95vw)' }} modal>
      <form onSubmit={submit} className="form-grid" noValidate aria-label={editing ? 'Modifica pattern' : 'Nuovo pattern'}>
        {error && (
          <div className="alert alert-error" role="alert">
            {error.server ? (
              <span>
                <strong>{SAVE_ERROR}</strong>
                {error.text !== SAVE_ERROR && <div>{error.text}</div>}
              </span>
            ) : (
              <span>{error.text}</span>
            )}
          </div>
        )}
        <label htmlFor="pattern-pattern">Pattern (espressione regolare)</label>
        <InputText id="pattern-pattern" className="mono" value={value} onChange={(e) => setValue(e.target.value)} placeholder="Es. ^TOS(\d{2})-" autoFocus />
        <label htmlFor="pattern-replacement">Sostituzione</label>
        <InputText id="pattern-replacement" className="mono" value={replacement} onChange={(e) => setReplacement(e.target.value)} placeholder="Es. TOS$1_" />
        <small className="hint">Facoltativa: usa $1, $2... per i gruppi. Senza sostituzione il pattern non modifica i codici.</small>
        <label htmlFor="pattern-notes">Note</label>
        <InputTextarea id="pattern-notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} autoResize />
        <div className="button-row">
          <Button type="button" label="Annulla" outlined onClick={onHide} disabled={busy} />
          <Button type="submit" label="Salva" icon="pi pi-check" loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
