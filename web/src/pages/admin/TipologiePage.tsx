import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { Alert } from '@/components/Alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/features/auth/AuthProvider.tsx';
import { isAdmin } from '@/features/auth/types.ts';
import { createTipologia } from '@/features/tipologie/api/create-tipologia.ts';
import { deleteTipologia } from '@/features/tipologie/api/delete-tipologia.ts';
import { refreshAllTipologie, useTipologie } from '@/features/tipologie/api/get-tipologie.ts';
import { setTipologiaStatus, setTipologieStatus } from '@/features/tipologie/api/set-tipologia-status.ts';
import { updateTipologia } from '@/features/tipologie/api/update-tipologia.ts';
import { TipologiaForm } from '@/features/tipologie/components/TipologiaForm.tsx';
import type { TipologiaDei, TipologiaInput } from '@/features/tipologie/types.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import '@/pages/prezzari/prezzari.css';

const DUPLICATE = 'Una tipologia con questo valore esiste già';

/** The Italian text for a failed call: 409 is a duplicate value, a 400 says what is wrong, anything else the fallback. */
function failure(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 409) return DUPLICATE;
    if (err.status === 400 && err.message) return err.message;
  }
  return fallback;
}

/** 'Tipologie DEI': the typologies offered by the selects, with their active state. */
export default function TipologiePage() {
  const { user } = useAuth();
  const admin = isAdmin(user);
  const tipologie = useTipologie();
  const { message, show, clear } = useTimedMessage();
  const [editing, setEditing] = useState<TipologiaDei | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TipologiaDei | null>(null);
  const [selection, setSelection] = useState<TipologiaDei[]>([]);
  const [busy, setBusy] = useState(false);

  if (!admin) {
    return (
      <div className="page pz-page">
        <div className="alert alert-error" role="alert">Accesso negato. Solo gli amministratori possono accedere a questa sezione.</div>
      </div>
    );
  }

  const items = tipologie.data?.items ?? [];
  const defaults = Boolean(tipologie.data?.defaults);
  const refresh = async () => {
    await refreshAllTipologie();
  };

  const submit = async (input: TipologiaInput) => {
    try {
      if (editing) {
        const msg = await updateTipologia(editing.id, input);
        show('success', msg ?? 'Tipologia aggiornata con successo');
      } else {
        const msg = await createTipologia(input);
        show('success', msg ?? 'Tipologia creata con successo');
      }
    } catch (err) {
      throw new Error(failure(err, editing ? "Errore nell'aggiornamento della tipologia DEI" : 'Errore nella creazione della tipologia DEI'));
    }
    setFormOpen(false);
    await refresh();
  };

  const toggle = async (t: TipologiaDei) => {
    setBusy(true);
    try {
      await setTipologiaStatus(t.id, !t.attivo);
      show('success', 'Stato tipologia aggiornato');
      await refresh();
    } catch (err) {
      show('error', failure(err, "Errore nell'aggiornamento dello stato della tipologia DEI"));
    } finally {
      setBusy(false);
    }
  };

  const bulk = async (attivo: boolean) => {
    if (!selection.length) return;
    setBusy(true);
    try {
      await setTipologieStatus(
        selection.map((t) => t.id),
        attivo,
      );
      show('success', `Stato aggiornato per ${selection.length} ${selection.length === 1 ? 'tipologia' : 'tipologie'}`);
      setSelection([]);
      await refresh();
    } catch (err) {
      show('error', failure(err, "Errore nell'aggiornamento multiplo delle tipologie DEI"));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteTipologia(toDelete.id);
      show('success', 'Tipologia eliminata con successo');
      setSelection((s) => s.filter((x) => x.id !== toDelete.id));
      await refresh();
    } catch (err) {
      show('error', failure(err, "Errore nell'eliminazione della tipologia DEI"));
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <div className="page pz-page">
      <h1 className="pz-title">Tipologie DEI</h1>
      <p className="hint pz-subtitle">Le tipologie del prezzario DEI proposte nel caricamento dei documenti e dei prezzari. Solo le tipologie attive compaiono negli elenchi.</p>

      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}
      {tipologie.error && <Alert severity="error">Errore nel caricamento delle tipologie DEI</Alert>}
      {defaults && <Alert severity="info">Nessuna tipologia salvata: sono mostrate le tipologie predefinite. Crea una tipologia per iniziare.</Alert>}

      <div className="pz-toolbar">
        <div className="button-row compact">
          <Button label="Attiva selezionate" icon="pi pi-check-circle" outlined severity="success" size="small" disabled={!selection.length || busy} onClick={() => void bulk(true)} />
          <Button label="Disattiva selezionate" icon="pi pi-ban" outlined severity="warning" size="small" disabled={!selection.length || busy} onClick={() => void bulk(false)} />
          {selection.length > 0 && <span className="hint">{selection.length} selezionate</span>}
        </div>
        <div className="button-row">
          <Button label="Aggiorna" icon="pi pi-refresh" outlined severity="secondary" onClick={() => void refresh()} />
          <Button
            label="Nuova Tipologia"
            icon="pi pi-plus"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          />
        </div>
      </div>

      <DataTable
        value={items}
        loading={tipologie.isLoading}
        dataKey="id"
        size="small"
        stripedRows
        className="pz-table"
        emptyMessage="Nessuna tipologia."
        selectionMode="checkbox"
        selection={selection}
        onSelectionChange={(e) => setSelection(e.value as TipologiaDei[])}
        isDataSelectable={(e) => (e.data as TipologiaDei).id > 0}
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column header="#" body={(_t: TipologiaDei, o) => o.rowIndex + 1} style={{ width: '3.5rem' }} />
        <Column header="Valore" body={(t: TipologiaDei) => <code className="pz-pattern">{t.value}</code>} />
        <Column field="description" header="Descrizione" />
        <Column header="Attiva" body={(t: TipologiaDei) => <Tag value={t.attivo ? 'Attiva' : 'Disattiva'} severity={t.attivo ? 'success' : null} className={t.attivo ? undefined : 'pz-tag-off'} />} style={{ width: '7rem' }} />
        <Column
          header="Azioni"
          body={(t: TipologiaDei) => {
            const fixed = t.id <= 0;
            return (
              <div className="button-row compact pz-actions">
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={`Modifica ${t.value}`}
                  disabled={fixed}
                  onClick={() => {
                    setEditing(t);
                    setFormOpen(true);
                  }}
                />
                <Button
                  icon={t.attivo ? 'pi pi-eye-slash' : 'pi pi-eye'}
                  text
                  rounded
                  severity={t.attivo ? 'warning' : 'success'}
                  aria-label={`${t.attivo ? 'Disattiva' : 'Attiva'} ${t.value}`}
                  tooltip={t.attivo ? 'Disattiva' : 'Attiva'}
                  tooltipOptions={{ position: 'top' }}
                  disabled={fixed || busy}
                  onClick={() => void toggle(t)}
                />
                <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Elimina ${t.value}`} disabled={fixed} onClick={() => setToDelete(t)} />
              </div>
            );
          }}
        />
      </DataTable>

      {formOpen && <TipologiaForm key={editing?.id ?? 'new'} tipologia={editing} visible={formOpen} onHide={() => setFormOpen(false)} onSubmit={submit} />}
      <ConfirmDialog
        header="Conferma eliminazione"
        visible={Boolean(toDelete)}
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        severity="danger"
        busy={busy}
        width="28rem"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>Sei sicuro di voler eliminare questa tipologia?</p>
        <p>
          <code className="pz-pattern">{toDelete?.value}</code> — {toDelete?.description}
        </p>
      </ConfirmDialog>
    </div>
  );
}
