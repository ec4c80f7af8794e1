import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { SecretInput } from './SecretInput.tsx';

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? 'assistenza@computa.it';
const ACCESS_PERIOD_HINTS = ['access period', 'periodo di accesso', 'accesso non consentito'];

type Mode = 'credentials' | 'token';
const MODES = [
  { label: 'Username/Password', value: 'credentials' },
  { label: 'Bearer Token', value: 'token' },
];

/** The spec's message for a refused access window, else the given fallback. */
function loginError(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message : '';
  if (ACCESS_PERIOD_HINTS.some((h) => message.toLowerCase().includes(h))) {
    return `Il tuo periodo di accesso è scaduto o non ancora iniziato. Per assistenza, contatta ${SUPPORT_EMAIL}.`;
  }
  if (message === 'Risposta del server non valida - mancano dati utente o token' || message === 'Token non valido o risposta del server non valida') return message;
  // A lockout after repeated failures says so, rather than blaming the credentials.
  if ((err as { status?: number })?.status === 429) return message;
  return fallback;
}

/** Login with username and password or with an API key; `onDone` runs after a successful one. */
export function LoginCard({ busy, setBusy, onDone }: { busy: boolean; setBusy: (busy: boolean) => void; onDone: () => void }) {
  const { login, loginWithToken } = useAuth();
  const [mode, setMode] = useState<Mode>('credentials');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  const attempt = async (e: FormEvent, missing: string | null, run: () => Promise<unknown>, fallback: string) => {
    e.preventDefault();
    if (missing) return setError(missing);
    setBusy(true);
    setError(null);
    try {
      await run();
      onDone();
    } catch (err) {
      setError(loginError(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const submitCredentials = (e: FormEvent) =>
    attempt(e, !username.trim() || !password.trim() ? 'Username e password sono obbligatori' : null, () => login(username.trim(), password), 'Login fallito. Verifica le credenziali.');
  const submitToken = (e: FormEvent) =>
    attempt(e, token.trim() ? null : 'Il token Bearer è obbligatorio', () => loginWithToken(token.trim()), 'Login con token fallito. Verifica che il token sia valido.');

  return (
    <Card title="Accedi a Computa" subTitle="Analisi dei computi metrici estimativi" className="login-card">
      <SelectButton
        value={mode}
        options={MODES}
        onChange={(e) => {
          if (e.value) {
            setMode(e.value as Mode);
            setError(null);
          }
        }}
        className="login-mode"
        aria-label="Modalità di accesso"
      />
      {error && (
        <div className="alert alert-error" role="alert">
          <span>{error}</span>
          <button type="button" className="alert-close" aria-label="Chiudi" onClick={() => setError(null)}>
            <i className="pi pi-times" aria-hidden />
          </button>
        </div>
      )}
      {mode === 'credentials' ? (
        <form onSubmit={(e) => void submitCredentials(e)} className="form-grid" noValidate>
          <label htmlFor="username">Username</label>
          <InputText id="username" value={username} autoComplete="username" onChange={(e) => setUsername(e.target.value)} disabled={busy} autoFocus />
          <label htmlFor="password">Password</label>
          <SecretInput id="password" value={password} onChange={setPassword} disabled={busy} autoComplete="current-password" noun="password" />
          <Button type="submit" label={busy ? 'Accesso in corso...' : 'Accedi'} icon="pi pi-sign-in" loading={busy} disabled={busy || !username.trim() || !password.trim()} />
        </form>
      ) : (
        <form onSubmit={(e) => void submitToken(e)} className="form-grid" noValidate>
          <label htmlFor="token">Bearer Token</label>
          <SecretInput id="token" value={token} onChange={setToken} disabled={busy} autoComplete="off" noun="token" />
          <small className="hint">La chiave API (token) si ottiene dall&apos;amministratore del sistema.</small>
          <Button type="submit" label={busy ? 'Verifica token...' : 'Accedi con Token'} icon="pi pi-key" loading={busy} disabled={busy || !token.trim()} />
        </form>
      )}
      <p className="login-footer-hint">Problemi di accesso? Contatta l&apos;amministratore del sistema.</p>
    </Card>
  );
}
