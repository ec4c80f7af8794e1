import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
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

/** Admin routes: anonymous visitors go to /login, other roles to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <Checking label="Verifica permessi amministratore..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
