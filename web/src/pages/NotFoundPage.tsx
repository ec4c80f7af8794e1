import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  // Only pages that exist for this visitor: public ones, then what a login or the admin role opens.
  const links: Array<[string, string]> = [
    ['/', 'Home'],
    ['/presentazione', 'Presentazione'],
    ['/how-it-works', 'Come Funziona'],
  ];
  if (user) links.push(['/about', 'Informazioni'], ['/documents', 'Documenti'], ['/upload', 'Carica computo'], ['/search', 'Ricerca'], ['/csv-data', 'Dati CSV'], ['/profile', 'Profilo']);
  if (isAdmin(user)) links.push(['/admin/dashboard', 'Amministrazione']);
  if (!user) links.push(['/login', 'Accesso']);
  return (
    <div className="page not-found">
      <h1>404 - Pagina non trovata</h1>
      <p>
        La pagina <code>{pathname}</code> non esiste.
      </p>
      <div className="button-row">
        <Button label="Indietro" icon="pi pi-arrow-left" outlined onClick={() => navigate(-1)} />
        <Button label="Home" icon="pi pi-home" onClick={() => navigate('/')} />
      </div>
      <h2>Pagine suggerite</h2>
      <ul className="suggested-links">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
