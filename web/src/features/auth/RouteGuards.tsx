import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useAuth } from './AuthProvider.tsx';
import { isAdmin } from './types.ts';

function Checking({ label }: { label: string }) {
  return (
    <div className="guard-checking" role="status">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      <span>{label}</span>
    </div>
  );
}

/** Logged-in routes: anonymous visitors go to /login and come back afterwards. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <Checking label="Verifica autenticazione..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** Seconds the access-denied text stays before the redirect to the home page. */
const DENIED_SECONDS = 5;

/** What a logged-in non-admin sees on an admin page (spec wording), then the home page. */
function AccessDenied() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), DENIED_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
  const dashboard = pathname.startsWith('/admin/dashboard');
  return (
    <div className="page access-denied" role="alert">
      {dashboard ? (
        <>
          <h1>Accesso Negato</h1>
          <p>Non hai i permessi per accedere a questa pagina.</p>
        </>
      ) : (
        <p>
          <strong>Accesso negato. Solo gli amministratori possono accedere a questa sezione.</strong>
        </p>
      )}
      <p>
        <Link to="/">Torna alla home</Link>
      </p>
    </div>
  );
}

/** Admin routes: anonymous visitors go to /login; other roles read why they cannot enter, then go to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <Checking label="Verifica permessi amministratore..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!isAdmin(user)) return <AccessDenied />;
  return <>{children}</>;
}
