import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { INTESTAZIONE_FIELDS, INTESTAZIONE_LABELS, INTESTAZIONE_MAX, intestazioneOf, type Intestazione } from '@shared/domain/intestazione.ts';
import { useUpdateDocumentIntestazione } from '@/features/documents/api/update-document-intestazione.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { FileName } from '@/components/FileName.tsx';

interface Props {
  document: DocumentItem;
  onSaved: (doc: DocumentItem) => void;
  /** Absent while the document cannot be edited (analysis running). */
  editable: boolean;
}

/** The heading the PDF printout carries (Oggetto, Committente, Luogo, Data, Progettista), shown under the title; "Modifica" opens the form. */
export function PrintHeading({ document, onSaved, editable }: Props) {
  const [open, setOpen] = useState(false);
  const h = intestazioneOf(document);
  const shown = INTESTAZIONE_FIELDS.filter((f) => h[f]);
  return (
    <section className="doc-print-heading" aria-label="Intestazione della stampa">
      <span className="doc-print-heading-title">
        <i className="pi pi-print" aria-hidden /> Intestazione della stampa:
      </span>
      {shown.map((f) => (
        <span key={f} data-testid={`intestazione-${f}`}>
          {INTESTAZIONE_LABELS[f]}: <strong><FileName name={h[f]} /></strong>
        </span>
      ))}
      {!document.intestazione && <span className="hint">(non ancora compilata: la stampa usa il nome del file come oggetto)</span>}
      {editable && <Button label="Modifica" icon="pi pi-pencil" text size="small" onClick={() => setOpen(true)} />}
      {open && (
        <PrintHeadingDialog
          document={document}
          initial={h}
          onClose={() => setOpen(false)}
          onSaved={(doc) => {
            setOpen(false);
            onSaved(doc);
          }}
        />
      )}
    </section>
  );
}

function PrintHeadingDialog({ document, initial, onClose, onSaved }: { document: DocumentItem; initial: Intestazione; onClose: () => void; onSaved: (doc: DocumentItem) => void }) {
  const [value, setValue] = useState<Intestazione>(initial);
  const { save, busy, error } = useUpdateDocumentIntestazione(document, onSaved);
  return (
    <Dialog
      header="Intestazione della stampa"
      visible
      onHide={onClose}
      closable={!busy}
      style={{ width: 'min(40rem, 95vw)' }}
      footer={
        <div className="button-row">
          <Button label="Annulla" outlined onClick={onClose} disabled={busy} />
          <Button label="Salva" icon="pi pi-check" loading={busy} onClick={() => void save(value)} />
        </div>
      }
    >
      <div className="doc-edit-grid">
        {INTESTAZIONE_FIELDS.map((f) => (
          <div key={f} className={`doc-field${f === 'oggetto' ? ' doc-field-wide' : ''}`}>
            <label htmlFor={`intestazione-${f}-input`}>{INTESTAZIONE_LABELS[f]}</label>
            <InputText
              id={`intestazione-${f}-input`}
              value={value[f]}
              maxLength={INTESTAZIONE_MAX[f]}
              placeholder={f === 'data' ? 'gg/mm/aaaa (vuota: la data della stampa)' : undefined}
              disabled={busy}
              onChange={(e) => setValue((v) => ({ ...v, [f]: e.target.value }))}
            />
          </div>
        ))}
      </div>
      <p className="hint">Compare in testa a ogni pagina della stampa PDF; Luogo, Data, Progettista e Committente anche nelle firme in fondo.</p>
      {error && (
        <p className="doc-field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
