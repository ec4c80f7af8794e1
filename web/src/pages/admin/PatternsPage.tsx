import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Alert } from '@/components/Alert.tsx';
import { createPattern } from '@/features/patterns/api/create-pattern.ts';
import { deletePattern } from '@/features/patterns/api/delete-pattern.ts';
import { usePatterns } from '@/features/patterns/api/get-patterns.ts';
import { updatePattern } from '@/features/patterns/api/update-pattern.ts';
import { PatternForm } from '@/features/patterns/components/PatternForm.tsx';
import { PatternTester } from '@/features/patterns/components/PatternTester.tsx';
import type { Pattern, PatternInput } from '@/features/patterns/types.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import '@/pages/prezzari/prezzari.css';

const LOAD_ERROR = 'Errore durante il caricamento dei pattern. Riprova più tardi.';
const DELETE_ERROR = "Errore durante l'eliminazione del pattern";

/** 'Gestione Pattern Codici': the regular expressions that normalise tariff codes, applied in order. */
export default function PatternsPage() {
  const patterns = usePatterns();
  const { message, show, clear } = useTimedMessage();
  const [editing, setEditing] = useState<Pattern | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Pattern | null>(null);
  const [deleting, setDeleting] = useState(false);

  const submit = async (input: PatternInput) => {
    if (editing) await updatePattern(editing.id, input);
    else await createPattern(input);
    setFormOpen(false);
    show('success', editing ? 'Pattern aggiornato con successo' : 'Pattern creato con successo');
    await patterns.mutate();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deletePattern(toDelete.id);
      show('success', 'Pattern eliminato con successo');
      await patterns.mutate();
    } catch (err) {
      const detail = err instanceof Error ? err.message : '';
      show('error', detail && detail !== DELETE_ERROR ? `${DELETE_ERROR}: ${detail}` : DELETE_ERROR);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const list = patterns.data ?? [];
  return (
    <div className="page pz-page">
      <div className="pz-header">
        <div>
          <h1 className="pz-title">Gestione Pattern Codici</h1>
          <p className="hint pz-subtitle">Espressioni regolari applicate in ordine ai codici tariffa prima della ricerca del prezzo.</p>
        </div>
        <Link to="/admin/dashboard" className="p-button p-button-outlined p-button-secondary pz-link-button">
          <i className="pi pi-arrow-left" aria-hidden /> Torna al pannello admin
        </Link>
      </div>

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
          <Button
            label="Nuovo Pattern"
            icon="pi pi-plus"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          />
        </div>
      </div>

      <DataTable value={list} loading={patterns.isLoading} dataKey="id" size="small" stripedRows className="pz-table" emptyMessage="Nessun pattern configurato.">
        <Column field="id" header="ID" style={{ width: '4rem' }} />
        <Column header="Pattern" body={(p: Pattern) => <code className="pz-pattern">{p.pattern}</code>} />
        <Column header="Sostituzione" body={(p: Pattern) => (p.replacement ? <code className="pz-pattern">{p.replacement}</code> : <span className="hint">—</span>)} />
        <Column header="Note" body={(p: Pattern) => p.notes || <span className="hint">—</span>} />
        <Column
          header="Azioni"
          body={(p: Pattern) => (
            <div className="button-row compact pz-actions">
              <Button
                icon="pi pi-pencil"
                text
                rounded
                aria-label={`Modifica pattern ${p.id}`}
                onClick={() => {
                  setEditing(p);
                  setFormOpen(true);
                }}
              />
              <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Elimina pattern ${p.id}`} onClick={() => setToDelete(p)} />
            </div>
          )}
        />
      </DataTable>

      <PatternTester patterns={list} />

      {formOpen && <PatternForm key={editing?.id ?? 'new'} pattern={editing} visible={formOpen} onHide={() => setFormOpen(false)} onSubmit={submit} />}
      <ConfirmDialog
        header="Conferma eliminazione"
        visible={Boolean(toDelete)}
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        severity="danger"
        busy={deleting}
        width="28rem"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          Eliminare il pattern <code className="pz-pattern">{toDelete?.pattern}</code>?
        </p>
        <p>Questa azione non può essere annullata.</p>
      </ConfirmDialog>
    </div>
  );
}
