import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';
import { CsvDataScreen } from '@/features/search/components/CsvDataScreen.tsx';
import '@/pages/prezzari/prezzari.css';

/** /csv-data: every user searches, an admin also replaces the data. */
export default function CsvDataPage() {
  const { user } = useAuth();
  return (
    <div className="page pz-page">
      <h1 className="pz-title">Dati CSV</h1>
      <p className="hint pz-subtitle">Prezzi dai dati CSV caricati: usati quando un codice non si trova nei prezzari DEI e Toscana.</p>
      <CsvDataScreen canUpload={isAdmin(user)} />
    </div>
  );
}
