import { useState } from 'react';
import { Button } from 'primereact/button';
import { Alert } from '@/components/Alert.tsx';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { useCreateTipologia } from '@/features/tipologie/api/create-tipologia.ts';
import { useDeleteTipologia } from '@/features/tipologie/api/delete-tipologia.ts';
import { refreshAllTipologie, useTipologie } from '@/features/tipologie/api/get-tipologie.ts';
import { useSetTipologiaStatus, useSetTipologieStatus } from '@/features/tipologie/api/set-tipologia-status.ts';
import { useUpdateTipologia } from '@/features/tipologie/api/update-tipologia.ts';
import type { TipologiaDei, TipologiaInput } from '@/features/tipologie/types.ts';
import { TipologiaForm } from './TipologiaForm.tsx';
import { TipologieTable } from './TipologieTable.tsx';

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
export function TipologieScreen() {
  const tipologie = useTipologie();
  const create = useCreateTipologia();
  const update = useUpdateTipologia();
  const remove = useDeleteTipologia();
  const setStatus = useSetTipologiaStatus();
  const setManyStatus = useSetTipologieStatus();
  const { message, show, clear } = useTimedMessage();
  const [editing, setEditing] = useState<TipologiaDei | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TipologiaDei | null>(null);
  const [selection, setSelection] = useState<TipologiaDei[]>([]);
  const busy = remove.pending || setStatus.pending || setManyStatus.pending;
  const items = tipologie.data?.items ?? [];

  const submit = async (input: TipologiaInput) => {
    try {
      const msg = editing ? await update.run(editing.id, input) : await create.run(input);
      show('success', msg ?? (editing ? 'Tipologia aggiornata con successo' : 'Tipologia creata con successo'));
    } catch (err) {
      throw new Error(failure(err, editing ? "Errore nell'aggiornamento della tipologia DEI" : 'Errore nella creazione della tipologia DEI'), { cause: err });
    }
    setFormOpen(false);
  };

  /** Runs one action and says how it went; `failed` is the fallback text. */
  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      show('success', done);
    } catch (err) {
      show('error', failure(err, failed));
    }
  };

  const toggle = (t: TipologiaDei) => act(() => setStatus.run(t.id, !t.attivo), 'Stato tipologia aggiornato', "Errore nell'aggiornamento dello stato della tipologia DEI");
  const bulk = (attivo: boolean) => {
    const n = selection.length;
    if (!n) return;
    void act(
      async () => {
        await setManyStatus.run(selection.map((t) => t.id), attivo);
        setSelection([]);
      },
      `Stato aggiornato per ${n} ${n === 1 ? 'tipologia' : 'tipologie'}`,
      "Errore nell'aggiornamento multiplo delle tipologie DEI",
    );
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    const id = toDelete.id;
    await act(
      async () => {
        await remove.run(id);
        setSelection((s) => s.filter((x) => x.id !== id));
      },
      'Tipologia eliminata con successo',
      "Errore nell'eliminazione della tipologia DEI",
    );
    setToDelete(null);
  };
  const openForm = (t: TipologiaDei | null) => {
    setEditing(t);
    setFormOpen(true);
  };

  return (
    <>
      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}
      {tipologie.error && <Alert severity="error">Errore nel caricamento delle tipologie DEI</Alert>}
      {tipologie.data?.defaults && <Alert severity="info">Nessuna tipologia salvata: sono mostrate le tipologie predefinite. Crea una tipologia per iniziare.</Alert>}

      <div className="pz-toolbar">
        <div className="button-row compact">
          <Button label="Attiva selezionate" icon="pi pi-check-circle" outlined severity="success" size="small" disabled={!selection.length || busy} onClick={() => bulk(true)} />
          <Button label="Disattiva selezionate" icon="pi pi-ban" outlined severity="warning" size="small" disabled={!selection.length || busy} onClick={() => bulk(false)} />
          {selection.length > 0 && <span className="hint">{selection.length} selezionate</span>}
        </div>
        <div className="button-row">
          <Button label="Aggiorna" icon="pi pi-refresh" outlined severity="secondary" onClick={() => void refreshAllTipologie()} />
          <Button label="Nuova Tipologia" icon="pi pi-plus" onClick={() => openForm(null)} />
        </div>
      </div>

      <TipologieTable items={items} loading={tipologie.isLoading} busy={busy} selection={selection} onSelectionChange={setSelection} onEdit={openForm} onToggle={(t) => void toggle(t)} onDelete={setToDelete} />

      {formOpen && <TipologiaForm key={editing?.id ?? 'new'} tipologia={editing} visible={formOpen} onHide={() => setFormOpen(false)} onSubmit={submit} />}
      <DeleteConfirmDialog
        visible={Boolean(toDelete)}
        busy={busy}
        width="28rem"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>Sei sicuro di voler eliminare questa tipologia?</p>
        <p>
          <code className="pz-pattern">{toDelete?.value}</code> — {toDelete?.description}
        </p>
      </DeleteConfirmDialog>
    </>
  );
}
