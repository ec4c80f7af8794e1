import { useState } from 'react';
import { Button } from 'primereact/button';
import { Alert } from '@/components/Alert.tsx';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { useCreatePattern } from '@/features/patterns/api/create-pattern.ts';
import { useDeletePattern } from '@/features/patterns/api/delete-pattern.ts';
import { usePatterns } from '@/features/patterns/api/get-patterns.ts';
import { useUpdatePattern } from '@/features/patterns/api/update-pattern.ts';
import type { Pattern, PatternInput } from '@/features/patterns/types.ts';
import { PatternForm } from './PatternForm.tsx';
import { PatternsTable } from './PatternsTable.tsx';
import { PatternTester } from './PatternTester.tsx';

const LOAD_ERROR = 'Errore durante il caricamento dei pattern. Riprova più tardi.';
const DELETE_ERROR = "Errore durante l'eliminazione del pattern";

/** 'Gestione Pattern Codici': the regular expressions that normalise tariff codes, applied in order. */
export function PatternsScreen() {
  const patterns = usePatterns();
  const create = useCreatePattern();
  const update = useUpdatePattern();
  const remove = useDeletePattern();
  const { message, show, clear } = useTimedMessage();
  const [editing, setEditing] = useState<Pattern | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Pattern | null>(null);

  const submit = async (input: PatternInput) => {
    if (editing) await update.run(editing.id, input);
    else await create.run(input);
    setFormOpen(false);
    show('success', editing ? 'Pattern aggiornato con successo' : 'Pattern creato con successo');
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.run(toDelete.id);
      show('success', 'Pattern eliminato con successo');
    } catch (err) {
      const detail = err instanceof Error ? err.message : '';
      show('error', detail && detail !== DELETE_ERROR ? `${DELETE_ERROR}: ${detail}` : DELETE_ERROR);
    } finally {
      setToDelete(null);
    }
  };

  const openForm = (p: Pattern | null) => {
    setEditing(p);
    setFormOpen(true);
  };

  const list = patterns.data ?? [];
  return (
    <>
      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}
      {patterns.error && <Alert severity="error">{LOAD_ERROR}</Alert>}

      <div className="pz-toolbar">
        <span className="hint">{patterns.data ? `${list.length} ${list.length === 1 ? 'pattern configurato' : 'pattern configurati'}` : ''}</span>
        <div className="button-row">
          <Button label="Aggiorna" icon="pi pi-refresh" outlined severity="secondary" onClick={() => void patterns.mutate()} loading={patterns.isValidating && !patterns.isLoading} />
          <Button label="Nuovo Pattern" icon="pi pi-plus" onClick={() => openForm(null)} />
        </div>
      </div>

      <PatternsTable patterns={list} loading={patterns.isLoading} onEdit={openForm} onDelete={setToDelete} />
      <PatternTester patterns={list} />

      {formOpen && <PatternForm key={editing?.id ?? 'new'} pattern={editing} visible={formOpen} onHide={() => setFormOpen(false)} onSubmit={submit} />}
      <DeleteConfirmDialog
        visible={Boolean(toDelete)}
        busy={remove.pending}
        width="28rem"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          Eliminare il pattern <code className="pz-pattern">{toDelete?.pattern}</code>?
        </p>
        <p>Questa azione non può essere annullata.</p>
      </DeleteConfirmDialog>
    </>
  );
}
