import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Alert } from '@/components/Alert.tsx';
import { MAX_COMPARED_DOCUMENTS } from '@shared/domain/comparison.ts';
import { formatEuro } from '@shared/format.ts';
import { useReadableDocuments } from '../api/get-readable-documents.ts';
import { comparisonPath } from '../utils/view.ts';

interface Props {
  documentId: number;
  visible: boolean;
  onClose: () => void;
  /** Already chosen (when changing the documents of an open comparison). */
  initial?: number[];
}

/** "Confronta con…": one to five other documents the user may read. */
export function CompareDialog({ documentId, visible, onClose, initial = [] }: Props) {
  const navigate = useNavigate();
  const docs = useReadableDocuments(visible);
  const [chosen, setChosen] = useState<number[]>(initial);
  const others = (docs.data ?? []).filter((d) => d.id !== documentId);
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length < MAX_COMPARED_DOCUMENTS ? [...c, id] : c));
  const go = () => {
    onClose();
    navigate(comparisonPath(documentId, chosen));
  };
  return (
    <Dialog
      header="Confronta con…"
      visible={visible}
      onHide={onClose}
      style={{ width: 'min(40rem, 95vw)' }}
      footer={
        <div className="button-row">
          <Button label="Annulla" outlined onClick={onClose} />
          <Button label="Confronta" icon="pi pi-arrow-right-arrow-left" disabled={!chosen.length} onClick={go} autoFocus />
        </div>
      }
    >
      <p className="hint">Scegli da uno a cinque documenti da confrontare con questo ({chosen.length} di {MAX_COMPARED_DOCUMENTS} scelti).</p>
      {docs.error && <Alert severity="error">Errore durante il recupero dei documenti.</Alert>}
      {docs.isLoading && <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" />}
      {!docs.isLoading && !others.length && <p className="hint">Nessun altro documento da confrontare.</p>}
      <ul className="cmp-choice-list">
        {others.map((d) => {
          const id = `cmp-doc-${d.id}`;
          const disabled = !chosen.includes(d.id) && chosen.length >= MAX_COMPARED_DOCUMENTS;
          return (
            <li key={d.id}>
              <Checkbox inputId={id} checked={chosen.includes(d.id)} onChange={() => toggle(d.id)} disabled={disabled} />
              <label htmlFor={id}>
                <strong>{d.filename}</strong>
                <span className="hint">
                  {' '}
                  · n. {d.id} · {formatEuro(d.document_total ?? d.sum_totale)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

/** The document page's "Confronta con…" button with its dialog. */
export function CompareButton({ documentId }: { documentId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="Confronta con…" icon="pi pi-arrow-right-arrow-left" outlined onClick={() => setOpen(true)} />
      {open && <CompareDialog documentId={documentId} visible={open} onClose={() => setOpen(false)} />}
    </>
  );
}
