import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';
import { HomeStats } from '@/features/admin/components/HomeStats.tsx';

interface HomeCard {
  title: string;
  text: string;
  icon: string;
  to: string;
  action: string;
}

const USER_CARDS: HomeCard[] = [
  { title: 'Analizza Documento', text: 'Carica un computo metrico in PDF e analizzalo.', icon: 'pi pi-upload', to: '/upload', action: 'Carica PDF' },
  { title: 'Visualizza Documenti', text: 'Consulta i documenti analizzati e i loro confronti.', icon: 'pi pi-folder-open', to: '/documents', action: 'Apri Archivio' },
  { title: 'Ricerca Prezziario', text: 'Cerca codici e descrizioni nei prezzari.', icon: 'pi pi-search', to: '/search', action: 'Cerca Prezzi' },
];

const ADMIN_CARDS: HomeCard[] = [
  { title: 'Dati CSV', text: 'Consulta i dati CSV importati.', icon: 'pi pi-table', to: '/csv-data', action: 'Apri Dati CSV' },
  { title: 'Pannello Admin', text: 'Utenti, API key e configurazione.', icon: 'pi pi-cog', to: '/admin/dashboard', action: 'Apri Pannello' },
  { title: 'Gestione Pattern', text: 'Pattern di normalizzazione dei codici tariffa.', icon: 'pi pi-code', to: '/admin/patterns', action: 'Gestisci Pattern' },
  { title: 'Debug API', text: 'Verifica della connessione al database.', icon: 'pi pi-server', to: '/api-debug', action: 'Apri Debug' },
];

export default function HomePage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const admin = isAdmin(user);
  return (
    <div className="page home-page">
      <Card className="welcome-card">
        <h1>{user ? `Benvenuto, ${user.username}!` : 'Benvenuto in Computa'}</h1>
        <p>Sistema per l&apos;analisi dei computi metrici estimativi con intelligenza artificiale.</p>
        {!user && (
          <p>
            <Link to="/login">Accedi</Link> per caricare e analizzare i tuoi computi.
          </p>
        )}
      </Card>
      {admin && <HomeStats />}
      {user && (
        <div className="card-grid">
          {[...USER_CARDS, ...(admin ? ADMIN_CARDS : [])].map((c) => (
            <Card key={c.title} className="action-card" title={<span><i className={c.icon} aria-hidden /> {c.title}</span>}>
              <p>{c.text}</p>
              <Button label={c.action} onClick={() => navigate(c.to)} outlined />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
