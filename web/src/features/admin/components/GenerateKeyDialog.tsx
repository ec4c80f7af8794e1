import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCreateApiKey } from '@/features/admin/api/create-api-key.ts';
import type { AdminUser, ApiKey } from '@/features/admin/types.ts';
import { copyText } from './copy.ts';

interface Props {
  users: AdminUser[];
  onHide: () => void;
  onCreated: (key: ApiKey & { key: string }) => void;
}

/** Generates a key and shows it whole, once: afterwards only its masked form exists. */
export function GenerateKeyDialog({ users, onHide, onCreated }: Props) {
  const [userId, setUserId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();
  const busy = create.pending;
  const [generated, setGenerated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!userId) return setError('Seleziona un utente');
    if (!description.trim()) return setError('Inserisci una descrizione');
    setError(null);
    try {
      const key = await create.run(userId, description.trim());
      setGenerated(key.key);
      onCreated(key);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Dialog header="Genera API Key" visible onHide={onHide} style={{ width: 'min(36rem, 95vw)' }} modal>
      <div className="alert alert-warn" role="note">
        <span>La chiave completa viene mostrata una sola volta, subito dopo la generazione: copiala e conservala in un luogo sicuro.</span>
      </div>
      {generated ? (
        <div className="form-grid">
          <label htmlFor="generated-key">Nuova chiave API</label>
          <div className="input-with-toggle">
            <InputText id="generated-key" value={generated} readOnly className="mono" onFocus={(e) => e.target.select()} />
            <Button
              type="button"
              icon={copied ? 'pi pi-check' : 'pi pi-copy'}
              aria-label="Copia chiave"
              onClick={() => void copyText(generated).then((ok) => setCopied(ok))}
            />
          </div>
          {copied && <small className="hint">Chiave copiata negli appunti.</small>}
          <div className="button-row">
            <Button type="button" label="Chiudi" onClick={onHide} />
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="form-grid" noValidate aria-label="Genera chiave API">
          {error && <div className="alert alert-error" role="alert">{error}</div>}
          <label htmlFor="key-user">Utente</label>
          <Dropdown
            inputId="key-user"
            value={userId}
            options={users.map((u) => ({ label: u.username, value: u.id }))}
            onChange={(e) => setUserId(e.value)}
            placeholder="Seleziona un utente"
            filter={users.length > 8}
          />
          <label htmlFor="key-description">Descrizione</label>
          <InputText id="key-description" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Es. integrazione gestionale" />
          <div className="button-row">
            <Button type="button" label="Annulla" outlined onClick={onHide} disabled={busy} />
            <Button type="submit" label="Genera" icon="pi pi-key" loading={busy} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
