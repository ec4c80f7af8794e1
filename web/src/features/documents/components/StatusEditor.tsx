import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { dropdownPt } from '@/features/documents/utils/a11y.ts';
import { DOCUMENT_STATUSES, STATUS_LABEL, type DocumentStatus } from '@shared/domain/status.ts';
import { useUpdateDocumentStatus } from '@/features/documents/api/update-document-status.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { StatusTag } from './StatusTag.tsx';

const OPTIONS = DOCUMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }));

interface Props {
  document: DocumentItem;
  onSaved: (doc: DocumentItem) => void;
  notify: (severity: 'success' | 'error', text: string) => void;
}

/** The status badge with inline editing (pencil → dropdown, Salva / Annulla). */
export function StatusEditor({ document, onSaved, notify }: Props) {
  const [editing, setEditing] = useState(false);
  // Spec section 4: while editing the default is 'processing'.
  const [value, setValue] = useState<DocumentStatus | null>('processing');
  const { save: saveStatus, saving } = useUpdateDocumentStatus(document, onSaved, notify);
  const save = async () => {
    if (await saveStatus(value)) setEditing(false);
  };

  if (!editing) {
    return (
      <span className="doc-status-editor">
        <StatusTag status={String(document.status)} />
        <Button
          icon="pi pi-pencil"
          text
          rounded
          size="small"
          aria-label="Modifica stato"
          tooltip="Modifica stato"
          tooltipOptions={{ position: 'bottom' }}
          onClick={() => {
            setValue('processing');
            setEditing(true);
          }}
        />
      </span>
    );
  }
  return (
    <span className="doc-status-editor">
      <Dropdown
        inputId="document-status"
        pt={dropdownPt('Stato del documento')}
        value={value}
        options={OPTIONS}
        optionLabel="label"
        optionValue="value"
        placeholder="Seleziona stato"
        showClear
        onChange={(e) => setValue((e.value as DocumentStatus | null) ?? null)}
        className="doc-status-dropdown"
        aria-label="Stato del documento"
      />
      <Button label="Salva" icon="pi pi-check" size="small" loading={saving} onClick={() => void save()} />
      <Button label="Annulla" icon="pi pi-times" size="small" outlined severity="secondary" disabled={saving} onClick={() => setEditing(false)} />
    </span>
  );
}
