import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { accessStatus, ACCESS_STATUS_LABEL } from '@shared/domain/access.ts';
import { ROLE_LABEL } from '@shared/domain/roles.ts';
import { formatDay } from '@shared/format.ts';
import { useAuth } from '@/features/auth/AuthProvider.tsx';

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  const status = accessStatus(user.access_start, user.access_end, new Date());
  return (
    <div className="page">
      <Card title="Profilo">
        <dl className="details">
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>Ruolo</dt>
          <dd>{ROLE_LABEL[user.role]}</dd>
          <dt>Inizio accesso</dt>
          <dd>{formatDay(user.access_start) || 'Non impostata'}</dd>
          <dt>Fine accesso</dt>
          <dd>{formatDay(user.access_end) || 'Non impostata'}</dd>
          <dt>Stato</dt>
          <dd><Tag value={ACCESS_STATUS_LABEL[status]} severity={status === 'active' ? 'success' : status === 'expired' ? 'danger' : 'warning'} /></dd>
          <dt>Accesso tramite</dt>
          <dd>{user.auth_method === 'api_key' ? 'Chiave API (Bearer token)' : 'Username e password'}</dd>
        </dl>
      </Card>
    </div>
  );
}
