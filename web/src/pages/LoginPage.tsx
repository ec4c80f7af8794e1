import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useAuth } from '@/features/auth/AuthProvider.tsx';

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

export default function LoginPage() {
  const { user, login, loginWithToken } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from || '/';
  const [mode, setMode] = useState<Mode>('credentials');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setTokenValue] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [showToken, setShowToken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (user && !busy) return <Navigate to={from} replace />;

  const submitCredentials = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password.trim()) {
      setError('Username e password sono obbligatori');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      navigate(from, { replace: true });
    } catch (err) {
      setError(loginError(err, 'Login fallito. Verifica le credenziali.'));
    } finally {
      setBusy(false);
    }
  };

  const submitToken = async (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim()) {
      setError('Il token Bearer è obbligatorio');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await loginWithToken(token.trim());
      navigate(from, { replace: true });
    } catch (err) {
      setError(loginError(err, 'Login con token fallito. Verifica che il token sia valido.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
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
          <form onSubmit={submitCredentials} className="form-grid" noValidate>
            <label htmlFor="username">Username</label>
            <InputText id="username" value={username} autoComplete="username" onChange={(e) => setUsername(e.target.value)} disabled={busy} autoFocus />
            <label htmlFor="password">Password</label>
            <div className="input-with-toggle">
              <InputText id="password" type={showPassword ? 'text' : 'password'} value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} disabled={busy} />
              <Button type="button" icon={showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'} text aria-label={showPassword ? 'Nascondi password' : 'Mostra password'} onClick={() => setShowPassword((s) => !s)} />
            </div>
            <Button type="submit" label={busy ? 'Accesso in corso...' : 'Accedi'} icon="pi pi-sign-in" loading={busy} disabled={busy || !username.trim() || !password.trim()} />
          </form>
        ) : (
          <form onSubmit={submitToken} className="form-grid" noValidate>
            <label htmlFor="token">Bearer Token</label>
            <div className="input-with-toggle">
              <InputText id="token" type={showToken ? 'text' : 'password'} value={token} autoComplete="off" onChange={(e) => setTokenValue(e.target.value)} disabled={busy} />
              <Button type="button" icon={showToken ? 'pi pi-eye-slash' : 'pi pi-eye'} text aria-label={showToken ? 'Nascondi token' : 'Mostra token'} onClick={() => setShowToken((s) => !s)} />
            </div>
            <small className="hint">La chiave API (token) si ottiene dall&apos;amministratore del sistema.</small>
            <Button type="submit" label={busy ? 'Verifica token...' : 'Accedi con Token'} icon="pi pi-key" loading={busy} disabled={busy || !token.trim()} />
          </form>
        )}
        <p className="login-footer-hint">Problemi di accesso? Contatta l&apos;amministratore del sistema.</p>
      </Card>
    </div>
  );
}
