import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ProgressSpinner } from 'primereact/progressspinner';
import { TopBar } from './TopBar.tsx';
import { Footer } from './Footer.tsx';

/** The browser tab says where the user is: one title per screen. */
const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'Home'],
  [/^\/login$/, 'Accesso'],
  [/^\/documents\/\d+$/, 'Dettaglio documento'],
  [/^\/documents$/, 'Documenti'],
  [/^\/upload/, 'Carica computo'],
  [/^\/search$/, 'Ricerca prezzi'],
  [/^\/csv-data$/, 'Dati CSV'],
  [/^\/admin\/dashboard$/, 'Amministrazione'],
  [/^\/admin\/patterns$/, 'Pattern codici'],
  [/^\/admin\/tipologie-dei$/, 'Tipologie DEI'],
  [/upload-prezzario-dei/, 'Carica prezzario DEI'],
  [/upload-prezzario-toscana/, 'Carica prezzario Toscana'],
  [/^\/prezzario-dei$/, 'Prezzario DEI'],
  [/^\/prezzario-toscana$/, 'Prezzario Toscana'],
  [/^\/api-debug$/, 'Debug API'],
  [/^\/profile$/, 'Profilo'],
  [/^\/about$/, 'Informazioni'],
  [/^\/presentazione$/, 'Presentazione'],
  [/^\/privacy-policy$/, 'Privacy'],
  [/^\/terms-of-service$/, 'Termini di servizio'],
  [/^\/how-it-works$/, 'Come funziona'],
];

export function pageTitle(pathname: string): string {
  const title = TITLES.find(([re]) => re.test(pathname))?.[1] ?? 'Pagina non trovata';
  return `${title} · Computa`;
}

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return (
    <div className="app-shell">
      <TopBar />
      <main className="app-main">
        <Suspense fallback={<div className="guard-checking"><ProgressSpinner style={{ width: 40, height: 40 }} /></div>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
