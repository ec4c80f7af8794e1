import { useState } from 'react';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { accessStatus, ACCESS_STATUS_LABEL } from '@shared/domain/access.ts';
import { ROLE_LABEL } from '@shared/domain/roles.ts';
import { formatDay } from '@shared/format.ts';
import { useCreateUser } from '@/features/admin/api/create-user.ts';
import { useDeleteUser } from '@/features/admin/api/delete-user.ts';
import { useUpdateUser } from '@/features/admin/api/update-user.ts';
import type { AdminUser, UserInput } from '@/features/admin/types.ts';
import { UserForm } from './UserForm.tsx';

const STATUS_SEVERITY = { active: 'success', expired: 'danger', pending: 'warning' } as const;

interface Props {
  users: AdminUser[];
  loading: boolean;
  notify: (severity: 'success' | 'error', text: string) => void;
}

export function UsersTab({ users, loading, notify }: Props) {
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const submit = async (input: UserInput) => {
    if (editing) {
      await update.run(editing.id, input);
      notify('success', 'Utente aggiornato con successo');
    } else {
      const created = await create.run(input);
      notify('success', `Utente ${created.username} creato con successo`);
    }
    setFormOpen(false);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.run(toDelete.id);
      notify('success', 'Utente eliminato con successo');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : String(err));
    } finally {
      setToDelete(null);
    }
  };

  const now = new Date();
  return (
    <section aria-label="Gestione utenti">
      <div className="toolbar">
        <h2>Utenti</h2>
        <Button label="Nuovo Utente" icon="pi pi-user-plus" onClick={openCreate} />
      </div>
      <DataTable value={users} loading={loading} dataKey="id" emptyMessage="Nessun utente" size="small" stripedRows>
        <Column field="id" header="ID" />
        <Column field="username" header="Username" />
        <Column header="Ruolo" body={(u: AdminUser) => <Tag value={ROLE_LABEL[u.role] ?? u.role} severity={u.role === 'amministratore' ? 'danger' : 'info'} />} />
        <Column header="Inizio accesso" body={(u: AdminUser) => formatDay(u.access_start) || 'Non impostata'} />
        <Column header="Fine accesso" body={(u: AdminUser) => formatDay(u.access_end) || 'Non impostata'} />
        <Column
          header="Stato"
          body={(u: AdminUser) => {
            const s = accessStatus(u.access_start, u.access_end, now);
            return <Tag value={ACCESS_STATUS_LABEL[s]} severity={STATUS_SEVERITY[s]} />;
          }}
        />
        <Column
          header="Azioni"
          body={(u: AdminUser) => (
            <div className="button-row compact">
              <Button icon="pi pi-pencil" text rounded aria-label={`Modifica ${u.username}`} onClick={() => { setEditing(u); setFormOpen(true); }} />
              <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Elimina ${u.username}`} onClick={() => setToDelete(u)} />
            </div>
          )}
        />
      </DataTable>
      {formOpen && <UserForm key={editing?.id ?? 'new'} user={editing} visible={formOpen} onHide={() => setFormOpen(false)} onSubmit={submit} />}
      <DeleteConfirmDialog
        visible={Boolean(toDelete)}
        busy={remove.pending}
        width="28rem"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          Eliminare l&apos;utente <strong>{toDelete?.username}</strong>? Le sue chiavi API e le sessioni attive saranno revocate.
        </p>
        <p>Questa azione non può essere annullata.</p>
      </DeleteConfirmDialog>
    </section>
  );
}
