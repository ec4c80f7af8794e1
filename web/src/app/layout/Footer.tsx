import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/features/auth/AuthProvider.tsx';

export function Footer() {
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <footer className="footer">
      <div className="footer-cols">
        <div>
          <strong>Computa</strong>
          <p>Analisi dei computi metrici estimativi e confronto con i prezzari ufficiali.</p>
        </div>
        <nav aria-label="Collegamenti">
          <strong>Collegamenti</strong>
          <Link to="/about">Informazioni</Link>
          <Link to="/presentazione">Presentazione</Link>
          {user && <Link to="/documents">Documenti</Link>}
          <Link to="/privacy-policy">Privacy</Link>
          <Link to="/terms-of-service">Termini</Link>
        </nav>
        <div>
          <strong>Account</strong>
          {user ? <p><i className="pi pi-user" aria-hidden /> {user.username}</p> : <Button label="Accedi" size="small" onClick={() => navigate('/login')} />}
        </div>
      </div>
      <div className="footer-bottom">
        <span>© 2025 Computa. Tutti i diritti riservati.</span>
        <span>Versione 2.0</span>
      </div>
    </footer>
  );
}
