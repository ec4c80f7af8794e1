import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/Layout.tsx';
import { AdminRoute, ProtectedRoute } from '../features/auth/RouteGuards.tsx';
import HomePage from '../pages/HomePage.tsx';
import LoginPage from '../pages/LoginPage.tsx';

// Each area is its own chunk: the first page loads only what it shows.
const PresentazionePage = lazy(() => import('../pages/public/PresentazionePage.tsx'));
const PrivacyPolicyPage = lazy(() => import('../pages/public/PrivacyPolicyPage.tsx'));
const TermsOfServicePage = lazy(() => import('../pages/public/TermsOfServicePage.tsx'));
const HowItWorksPage = lazy(() => import('../pages/public/HowItWorksPage.tsx'));
const AboutPage = lazy(() => import('../pages/public/AboutPage.tsx'));
const ProfilePage = lazy(() => import('../pages/ProfilePage.tsx'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));
const AdminDashboardPage = lazy(() => import('../pages/admin/AdminDashboardPage.tsx'));
const ComingSoonPage = lazy(() => import('../pages/ComingSoonPage.tsx'));

const user = (page: ReactNode) => <ProtectedRoute>{page}</ProtectedRoute>;
const admin = (page: ReactNode) => <AdminRoute>{page}</AdminRoute>;
const soon = (title: string) => <ComingSoonPage title={title} />;

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/presentazione" element={<PresentazionePage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-of-service" element={<TermsOfServicePage />} />
        <Route path="/how-it-works" element={<HowItWorksPage />} />
        <Route path="/about" element={user(<AboutPage />)} />
        <Route path="/profile" element={user(<ProfilePage />)} />

        <Route path="/documents" element={user(soon('Documenti'))} />
        <Route path="/documents/:id" element={user(soon('Dettaglio documento'))} />
        <Route path="/upload" element={user(soon('Carica Documento PDF'))} />
        <Route path="/upload/legacy" element={user(soon('Carica Documento PDF'))} />
        <Route path="/search" element={user(soon('Ricerca Codice'))} />
        <Route path="/csv-data" element={user(soon('Dati CSV'))} />

        <Route path="/admin/dashboard" element={admin(<AdminDashboardPage />)} />
        <Route path="/admin/patterns" element={admin(soon('Gestione Pattern Codici'))} />
        <Route path="/admin/tipologie-dei" element={admin(soon('Tipologie DEI'))} />
        <Route path="/upload-prezzario-dei" element={admin(soon('Carica prezzario DEI'))} />
        <Route path="/upload-prezzario-toscana" element={admin(soon('Carica prezzario Toscana'))} />
        <Route path="/admin/upload-prezzario-dei/legacy" element={admin(soon('Carica prezzario DEI'))} />
        <Route path="/admin/upload-prezzario-toscana/legacy" element={admin(soon('Carica prezzario Toscana'))} />
        <Route path="/prezzario-dei" element={admin(soon('Prezzario DEI'))} />
        <Route path="/prezzario-toscana" element={admin(soon('Prezzario Toscana'))} />
        <Route path="/api-debug" element={admin(soon('Debug API'))} />

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
