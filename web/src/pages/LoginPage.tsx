import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { LoginCard } from '@/features/auth/components/LoginCard.tsx';

/** /login: back to where the visitor came from (state.from) once logged in. */
export default function LoginPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from || '/';
  const [busy, setBusy] = useState(false);
  if (user && !busy) return <Navigate to={from} replace />;
  return (
    <div className="login-page">
      <LoginCard busy={busy} setBusy={setBusy} onDone={() => navigate(from, { replace: true })} />
    </div>
  );
}
