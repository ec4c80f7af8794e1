import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ProgressSpinner } from 'primereact/progressspinner';
import { TopBar } from './TopBar.tsx';
import { Footer } from './Footer.tsx';

export function Layout() {
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
