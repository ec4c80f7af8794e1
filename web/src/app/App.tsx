import { lazy, useState, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { Layout } from '@/app/layout/Layout.tsx';
import { AdminRoute, ProtectedRoute } from '@/features/auth/RouteGuards.tsx';
import HomePage from '@/pages/HomePage.tsx';
import LoginPage from '@/pages/LoginPage.tsx';
import { preloadDocument } from '@/features/documents/api/get-document.ts';

// Each area is its own chunk: the first page loads only what it shows.
const PresentazionePage = lazy(() => import('@/pages/public/PresentazionePage.tsx'));
const PrivacyPolicyPage = lazy(() => import('@/pages/public/PrivacyPolicyPage.tsx'));
const TermsOfServicePage = lazy(() => import('@/pages/public/TermsOfServicePage.tsx'));
const HowItWorksPage = lazy(() => import('@/pages/public/HowItWorksPage.tsx'));
const AboutPage = lazy(() => import('@/pages/public/AboutPage.tsx'));
const ProfilePage = lazy(() => import('@/pages/ProfilePage.tsx'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage.tsx'));
const AdminDashboardPage = lazy(() => import('@/pages/admin/AdminDashboardPage.tsx'));
const DocumentsPage = lazy(() => import('@/pages/documents/DocumentsPage.tsx'));
// The document page, the one people open most, straight from a link: its code starts loading
// with the app (beside the session check) and, once here, renders without a Suspense fallback,
// whose reveal React would otherwise hold back for 300 ms.
let documentDetailModule: typeof import('@/pages/documents/DocumentDetailPage.tsx') | null = null;
const loadDocumentDetail = () => import('@/pages/documents/DocumentDetailPage.tsx').then((m) => (documentDetailModule = m));
const DocumentDetailPage = lazy(loadDocumentDetail);
if (/^\/documents\/\d+/.test(window.location.pathname)) void loadDocumentDetail().catch(() => undefined);
const ComparisonPage = lazy(() => import('@/pages/documents/ComparisonPage.tsx'));
const UploadPage = lazy(() => import('@/pages/upload/UploadPage.tsx'));
const SearchPage = lazy(() => import('@/pages/search/SearchPage.tsx'));
const CsvDataPage = lazy(() => import('@/pages/search/CsvDataPage.tsx'));
const PatternsPage = lazy(() => import('@/pages/admin/PatternsPage.tsx'));
const TipologiePage = lazy(() => import('@/pages/admin/TipologiePage.tsx'));
const UploadPrezzarioPage = lazy(() => import('@/pages/prezzari/UploadPrezzarioPage.tsx'));
const PrezzarioPage = lazy(() => import('@/pages/prezzari/PrezzarioPage.tsx'));
const ApiDebugPage = lazy(() => import('@/pages/admin/ApiDebugPage.tsx'));

/** The document page: its data is asked for while its code loads (once per visit). */
function DocumentDetailRoute() {
  const { id } = useParams();
  useState(() => id && preloadDocument(id));
  // Chosen once per visit: switching component later would remount the page and lose its state.
  const [Page] = useState(() => documentDetailModule?.default ?? DocumentDetailPage);
  return <Page />;
}

const user = (page: ReactNode) => <ProtectedRoute>{page}</ProtectedRoute>;
const admin = (page: ReactNode) => <AdminRoute>{page}</AdminRoute>;

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

        <Route path="/documents" element={user(<DocumentsPage />)} />
        <Route path="/documents/:id" element={user(<DocumentDetailRoute />)} />
        <Route path="/documents/:id/confronto" element={user(<ComparisonPage />)} />
        <Route path="/upload" element={user(<UploadPage />)} />
        <Route path="/upload/legacy" element={user(<UploadPage />)} />
        <Route path="/search" element={user(<SearchPage />)} />
        <Route path="/csv-data" element={user(<CsvDataPage />)} />

        <Route path="/admin/dashboard" element={admin(<AdminDashboardPage />)} />
        <Route path="/admin/patterns" element={admin(<PatternsPage />)} />
        <Route path="/admin/tipologie-dei" element={admin(<TipologiePage />)} />
        <Route path="/upload-prezzario-dei" element={admin(<UploadPrezzarioPage source="dei" />)} />
        <Route path="/upload-prezzario-toscana" element={admin(<UploadPrezzarioPage source="toscana" />)} />
        <Route path="/admin/upload-prezzario-dei/legacy" element={admin(<UploadPrezzarioPage source="dei" />)} />
        <Route path="/admin/upload-prezzario-toscana/legacy" element={admin(<UploadPrezzarioPage source="toscana" />)} />
        <Route path="/prezzario-dei" element={admin(<PrezzarioPage source="dei" />)} />
        <Route path="/prezzario-toscana" element={admin(<PrezzarioPage source="toscana" />)} />
        <Route path="/api-debug" element={admin(<ApiDebugPage />)} />

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
