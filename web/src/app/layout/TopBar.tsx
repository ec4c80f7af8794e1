import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';
import { Dropdown } from '@/components/Dropdown.tsx';

const navClass = ({ isActive }: { isActive: boolean }) => `topbar-link${isActive ? ' active' : ''}`;

export function TopBar() {
  const { user, logout } = useAuth();
  const admin = isAdmin(user);
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        <i className="pi pi-calculator" aria-hidden /> Computa
      </Link>
      <nav className="topbar-nav" aria-label="Navigazione principale">
        <NavLink to="/" end className={navClass}>Home</NavLink>
        <NavLink to="/about" className={navClass}>About</NavLink>
        {user && <NavLink to="/documents" className={navClass}>Documenti</NavLink>}
        {user && <NavLink to="/search" className={navClass}>Ricerca</NavLink>}
        {admin && <NavLink to="/csv-data" className={navClass}>Dati CSV</NavLink>}
        {admin && (
          <Dropdown label="Strumenti Admin" icon="pi pi-wrench">
            <Link role="menuitem" to="/upload-prezzario-dei">Upload prezzario DEI</Link>
            <Link role="menuitem" to="/upload-prezzario-toscana">Upload prezzario Toscana</Link>
          </Dropdown>
        )}
        {admin && (
          <Dropdown label="Admin" icon="pi pi-cog">
            <Link role="menuitem" to="/admin/dashboard">Dashboard</Link>
            <Link role="menuitem" to="/admin/patterns">Pattern Codici</Link>
            <Link role="menuitem" to="/admin/tipologie-dei">Tipologie DEI</Link>
            <Link role="menuitem" to="/csv-data">Dati CSV</Link>
          </Dropdown>
        )}
      </nav>
      <div className="topbar-right">
        {user ? (
          <Dropdown label={user.username || 'Utente'} icon="pi pi-user" align="right">
            <Link role="menuitem" to="/profile">Profilo</Link>
            <hr className="dropdown-divider" />
            <button type="button" role="menuitem" onClick={() => void logout()}>Logout</button>
          </Dropdown>
        ) : (
          <NavLink to="/login" className={navClass}>Login</NavLink>
        )}
      </div>
    </header>
  );
}
