import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { findProvince } from '@shared/domain/provinces.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

/** The documents whose name or province (code or name, whichever was stored) contains the text. */
export function filterDocuments(documents: DocumentItem[], filter: string): DocumentItem[] {
  const q = filter.trim().toLowerCase();
  if (!q) return documents;
  const provinceText = (value: string | null) => {
    const p = findProvince(value);
    return `${value ?? ''} ${p ? `${p.code} ${p.name}` : ''}`.toLowerCase();
  };
  return documents.filter((d) => d.filename.toLowerCase().includes(q) || provinceText(d.provincia).includes(q));
}

interface Props {
  filter: string;
  onFilterChange: (value: string) => void;
  shown: number;
  total: number;
  reloading: boolean;
  onReload: () => void;
}

export function DocumentsListToolbar({ filter, onFilterChange, shown, total, reloading, onReload }: Props) {
  return (
    <div className="doc-list-toolbar">
      <IconField iconPosition="left" className="doc-search">
        <InputIcon className="pi pi-search" />
        <InputText value={filter} onChange={(e) => onFilterChange(e.target.value)} placeholder="Cerca per nome o provincia..." aria-label="Cerca per nome o provincia" />
      </IconField>
      <span className="hint" data-testid="shown-count">
        Mostrati {shown} di {total}
      </span>
      <Button icon="pi pi-refresh" label="Aggiorna" outlined size="small" loading={reloading} onClick={onReload} className="doc-push-right" />
    </div>
  );
}
