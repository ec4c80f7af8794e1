import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Alert } from '@/components/Alert.tsx';
import type { TipologiaDei, TipologiaInput } from '@/features/tipologie/types.ts';

interface Props {
  tipologia: TipologiaDei | null;
  visible: boolean;
  onHide: () => void;
  /** Rejects with the Italian text to show. */
  onSubmit: (input: TipologiaInput) => Promise<void>;
}

/** 'Nuova Tipologia' / 'Modifica Tipologia': value and description required (trimmed), active by default. */
export function TipologiaForm({ tipologia, visible, onHide, onSubmit }: Props) {
  const editing = Boolean(tipologia);
  const [value, setValue] = useState(tipologia?.value ?? '');
  const [description, setDescription] = useState(tipologia?.description ?? '');
  const [active, setActive] = useState(tipologia?.attivo ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    const d = description.trim();
    if (!v || !d) return setError('Valore e descrizione sono obbligatori');
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ value: v, description: d, is_active: active });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={editing ? 'Modifica Tipologia' : 'Nuova Tipologia'} visible={visible} onHide={onHide} style={{ width: 'min(32rem, 95vw)' }} modal>
      <form onSubmit={submit} className="form-grid" noValidate aria-label={editing ? 'Modifica tipologia' : 'Nuova tipologia'}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <label htmlFor="tipologia-value">Valore</label>
        <InputText id="tipologia-value" className="mono" value={value} onChange={(e) => setValue(e.target.value)} placeholder="Es. nuove_costruzioni" autoFocus />
        <small className="hint">Chiave usata nei documenti e nei prezzari: lettere, numeri, _ . -</small>
        <label htmlFor="tipologia-description">Descrizione</label>
        <InputText id="tipologia-description" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Es. NUOVE COSTRUZIONI" />
        <div className="pz-check">
          <Checkbox inputId="tipologia-active" checked={active} onChange={(e) => setActive(Boolean(e.checked))} />
          <label htmlFor="tipologia-active">Attiva</label>
        </div>
        <div className="button-row">
          <Button type="button" label="Annulla" outlined onClick={onHide} disabled={busy} />
          <Button type="submit" label={editing ? 'Salva' : 'Crea Tipologia'} icon="pi pi-check" loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
