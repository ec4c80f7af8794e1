import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { DEFAULT_ROLE, isRole, ROLE_LABEL, ROLES, type Role } from '@shared/domain/roles.ts';
import { PASSWORD_RULE, passwordProblem } from '@shared/security/passwords.ts';
import type { AdminUser, UserInput } from '@/features/admin/types.ts';

interface Props {
  user: AdminUser | null;
  visible: boolean;
  onHide: () => void;
  onSubmit: (input: UserInput) => Promise<void>;
}

/** One form for create and edit; on edit an empty password keeps the current one. */
export function UserForm({ user, visible, onHide, onSubmit }: Props) {
  const editing = Boolean(user);
  const [username, setUsername] = useState(user?.username ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(user?.role ?? DEFAULT_ROLE);
  const [accessStart, setAccessStart] = useState(user?.access_start?.slice(0, 10) ?? '');
  const [accessEnd, setAccessEnd] = useState(user?.access_end?.slice(0, 10) ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) return setError('Username è obbligatorio');
    if (!editing && !password) return setError('Password è obbligatoria');
    const weak = password ? passwordProblem(password, username.trim()) : null;
    if (weak) return setError(weak);
    if (!isRole(role)) return setError('Ruolo non valido');
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        username: username.trim(),
        ...(password ? { password } : {}),
        role,
        access_start: accessStart || null,
        access_end: accessEnd || null,
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={editing ? 'Modifica Utente' : 'Nuovo Utente'} visible={visible} onHide={onHide} style={{ width: 'min(32rem, 95vw)' }} modal>
      <form onSubmit={submit} className="form-grid" noValidate aria-label={editing ? 'Modifica utente' : 'Nuovo utente'}>
        {error && <div className="alert alert-error" role="alert">{error}</div>}
        <label htmlFor="user-username">Username</label>
        <InputText id="user-username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        <label htmlFor="user-password">Password</label>
        <InputText id="user-password" type="password" value={password} autoComplete="new-password" aria-describedby="user-password-rule" onChange={(e) => setPassword(e.target.value)} />
        <small className="hint" id="user-password-rule">{editing ? 'Lascia vuoto per mantenere la password attuale. ' : ''}{PASSWORD_RULE}</small>
        <label htmlFor="user-role">Ruolo</label>
        <Dropdown inputId="user-role" value={role} options={ROLES.map((r) => ({ label: ROLE_LABEL[r], value: r }))} onChange={(e) => setRole(e.value)} />
        <label htmlFor="user-access-start">Inizio accesso</label>
        <input id="user-access-start" className="p-inputtext" type="date" value={accessStart} onChange={(e) => setAccessStart(e.target.value)} />
        <label htmlFor="user-access-end">Fine accesso</label>
        <input id="user-access-end" className="p-inputtext" type="date" value={accessEnd} onChange={(e) => setAccessEnd(e.target.value)} />
        <small className="hint">Date facoltative: la data di fine è la scadenza dell&apos;accesso.</small>
        <div className="button-row">
          <Button type="button" label="Annulla" outlined onClick={onHide} disabled={busy} />
          <Button type="submit" label={editing ? 'Salva' : 'Crea Utente'} icon="pi pi-check" loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
