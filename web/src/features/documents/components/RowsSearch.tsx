import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import type { DocumentRow } from '@/features/documents/types.ts';

/** Client-side filter on tariff code and description, case-insensitive. */
export function filterRows(rows: DocumentRow[], query: string): DocumentRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) => (r.tariffa ?? '').toLowerCase().includes(q) || (r.descrizione ?? '').toLowerCase().includes(q));
}

export function RowsSearch({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <IconField iconPosition="left" className="doc-search">
      <InputIcon className="pi pi-search" />
      <InputText value={value} onChange={(e) => onChange(e.target.value)} placeholder="Cerca per tariffa o descrizione..." aria-label="Cerca righe" />
    </IconField>
  );
}
