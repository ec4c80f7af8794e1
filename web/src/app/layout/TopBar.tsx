import { useRef } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';
import { Dropdown } from '@/components/Dropdown.tsx';
import { NARROW_SCREEN, useMediaQuery } from '@/hooks/use-media-query.ts';

const navClass = ({ isActive }: { isActive: boolean }) => `topbar-link${isActive ? ' active' : ''}`;

interface Entry {
  to: string;
  label: string;
}

/** The app's places, by who sees them: the wide bar and the phone's menu list the same ones. */
function useEntries() {
  const { user } = useAuth();
  const admin = isAdmin(user);
  const main: Entry[] = [
    { to: '/', label: 'Home' },
    { to: '/about', label: 'About' },
    ...(user ? [{ to: '/documents', label: 'Documenti' }, { to: '/search', label: 'Ricerca' }] : []),
    ...(admin ? [{ to: '/csv-data', label: 'Dati CSV' }] : []),
  ];
  const tools: Entry[] = admin
    ? [
        { to: '/upload-prezzario-dei', label: 'Upload prezzario DEI' },
        { to: '/upload-prezzario-toscana', label: 'Upload prezzario Toscana' },
      ]
    : [];
  const adminPages: Entry[] = admin
    ? [
        { to: '/admin/dashboard', label: 'Dashboard' },
        { to: '/admin/patterns', label: 'Pattern Codici' },
        { to: '/admin/tipologie-dei', label: 'Tipologie DEI' },
        { to: '/csv-data', label: 'Dati CSV' },
      ]
    : [];
  return { main, tools, adminPages };
}

export function TopBar() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return narrow ? <CompactTopBar /> : <WideTopBar />;
}

function WideTopBar() {
  const { user, logout } = useAuth();
  const { main, tools, adminPages } = useEntries();
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        <i className="pi pi-calculator" aria-hidden /> Computa
      </Link>
      <nav className="topbar-nav" aria-label="Navigazione principale">
        {main.map((e) => (
          <NavLink key={e.to} to={e.to} end={e.to === '/'} className={navClass}>
            {e.label}
          </NavLink>
        ))}
        {tools.length > 0 && (
          <Dropdown label="Strumenti Admin" icon="pi pi-wrench">
            {tools.map((e) => <Link key={e.to} role="menuitem" to={e.to}>{e.label}</Link>)}
          </Dropdown>
        )}
        {adminPages.length > 0 && (
          <Dropdown label="Admin" icon="pi pi-cog">
            {adminPages.map((e) => <Link key={e.to} role="menuitem" to={e.to}>{e.label}</Link>)}
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

/** On a phone: the brand and one "Menu" button (one line), the places in PrimeReact's popup menu. */
function CompactTopBar() {
  const { user, logout } = useAuth();
  const { main, tools, adminPages } = useEntries();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const item = (e: Entry): MenuItem => ({ label: e.label, url: e.to, command: (ev) => (ev.originalEvent.preventDefault(), navigate(e.to)) });
  const group = (label: string, entries: Entry[]): MenuItem[] => (entries.length ? [{ label, items: entries.map(item) }] : []);
  const model: MenuItem[] = [
    ...main.map(item),
    ...group('Strumenti Admin', tools),
    ...group('Admin', adminPages.filter((e) => e.to !== '/csv-data')),
    ...(user
      ? [{ label: user.username || 'Utente', items: [item({ to: '/profile', label: 'Profilo' }), { label: 'Logout', command: () => void logout() }] }]
      : [item({ to: '/login', label: 'Login' })]),
  ];
  return (
    <header className="topbar topbar-compact">
      <Link to="/" className="brand">
        <i className="pi pi-calculator" aria-hidden /> Computa
      </Link>
      <nav aria-label="Navigazione principale" className="topbar-right">
        <button type="button" className="topbar-link" aria-haspopup="menu" aria-controls="topbar-menu" onClick={(e) => menu.current?.toggle(e)}>
          <i className="pi pi-bars" aria-hidden /> Menu
        </button>
        <Menu ref={menu} id="topbar-menu" model={model} popup popupAlignment="right" className="topbar-menu" />
      </nav>
    </header>
  );
}
