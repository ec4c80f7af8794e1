import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatDateTime } from '@shared/format.ts';
import { useDeleteApiKey } from '@/features/admin/api/delete-api-key.ts';
import type { AdminUser, ApiKey } from '@/features/admin/types.ts';
import { copyText } from './copy.ts';
import { GenerateKeyDialog } from './GenerateKeyDialog.tsx';

interface Props {
  keys: ApiKey[];
  users: AdminUser[];
  loading: boolean;
  notify: (severity: 'success' | 'error' | 'warn', text: string) => void;
}

/**
 * Keys are stored only as hashes: the list shows the first and last 8 characters. The whole key
 * of one generated in this visit stays in memory, so show/copy still work until the page closes.
 */
export function ApiKeysTab({ keys, users, loading, notify }: Props) {
  const [generating, setGenerating] = useState(false);
  const [revealed, setRevealed] = useState<Set<number>>(new Set());
  const [fullKeys, setFullKeys] = useState<Map<number, string>>(new Map());
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const remove = useDeleteApiKey();
  const userName = (k: ApiKey) => k.username ?? users.find((u) => u.id === k.user_id)?.username ?? 'Utente sconosciuto';

  const toggle = (id: number) =>
    setRevealed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const shown = (k: ApiKey) => {
    if (!revealed.has(k.id)) return k.key_masked;
    return fullKeys.get(k.id) ?? `${k.key_prefix}…${k.key_suffix}`;
  };

  const copy = async (k: ApiKey) => {
    const full = fullKeys.get(k.id);
    const ok = await copyText(full ?? `${k.key_prefix}…${k.key_suffix}`);
    if (!ok) notify('error', 'Impossibile copiare negli appunti');
    else if (full) notify('success', 'Chiave copiata negli appunti');
    else notify('warn', 'Copiato l\u2019identificativo mascherato: la chiave completa è visibile solo al momento della generazione');
  };

  const revoke = async () => {
    if (!toRevoke) return;
    try {
      await remove.run(toRevoke.id);
      notify('success', 'Chiave API revocata con successo');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : String(err));
    } finally {
      setToRevoke(null);
    }
  };

  return (
    <section aria-label="Gestione chiavi API">
      <div className="toolbar">
        <h2>API Keys</h2>
        <Button label="Genera API Key" icon="pi pi-key" onClick={() => setGenerating(true)} disabled={users.length === 0} />
      </div>
      {users.length === 0 && !loading && (
        <div className="alert alert-warn" role="status">Non ci sono utenti disponibili. Crea almeno un utente prima di generare API keys.</div>
      )}
      <DataTable value={keys} loading={loading} dataKey="id" emptyMessage="Nessuna chiave API" size="small" stripedRows>
        <Column field="id" header="ID" />
        <Column header="Utente" body={userName} />
        <Column field="description" header="Descrizione" />
        <Column
          header="Chiave"
          body={(k: ApiKey) => (
            <div className="key-cell">
              <code className="mono" data-testid={`key-${k.id}`}>{shown(k)}</code>
              <Button icon={revealed.has(k.id) ? 'pi pi-eye-slash' : 'pi pi-eye'} text rounded aria-label={revealed.has(k.id) ? 'Nascondi chiave' : 'Mostra chiave'} onClick={() => toggle(k.id)} />
              <Button icon="pi pi-copy" text rounded aria-label="Copia chiave" onClick={() => void copy(k)} />
            </div>
          )}
        />
        <Column header="Creata il" body={(k: ApiKey) => formatDateTime(k.created_at)} />
        <Column
          header="Azioni"
          body={(k: ApiKey) => <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Revoca chiave ${k.id}`} onClick={() => setToRevoke(k)} />}
        />
      </DataTable>
      {generating && (
        <GenerateKeyDialog
          users={users}
          onHide={() => setGenerating(false)}
          onCreated={(k) => {
            setFullKeys((m) => new Map(m).set(k.id, k.key));
            notify('success', 'Chiave API generata con successo');
          }}
        />
      )}
      <ConfirmDialog
        header="Conferma revoca"
        visible={Boolean(toRevoke)}
        confirmLabel="Revoca"
        confirmIcon="pi pi-trash"
        severity="danger"
        busy={remove.pending}
        width="28rem"
        onConfirm={() => void revoke()}
        onCancel={() => setToRevoke(null)}
      >
        <p>
          Revocare la chiave <strong>{toRevoke?.description}</strong> di {toRevoke ? userName(toRevoke) : ''}? Le integrazioni che la usano smetteranno di funzionare.
        </p>
        <p>Questa azione non può essere annullata.</p>
      </ConfirmDialog>
    </section>
  );
}
