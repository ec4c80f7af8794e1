import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { textMatcher, type TextMatcher } from '@shared/text-search.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

/**
 * The search over a document's rows, by tariff code and description: accents and case ignored,
 * inflections and typos forgiven as in the price-list search (shared/text-search.ts). Built on the
 * first search, once per set of rows; null for an empty query (every row).
 */
export function rowSearch(rows: DocumentRow[]): (query: string) => Set<number> | null {
  let matcher: TextMatcher | null = null;
  return (query) => {
    if (!query.trim()) return null;
    matcher ??= textMatcher(rows.map((r) => `${r.tariffa ?? ''}\n${r.descrizione ?? ''}`));
    return new Set(matcher.find(query).map((i) => rows[i].id));
  };
}

/** The rows the search found (all of them for none). */
export function filterRows(rows: DocumentRow[], found: Set<number> | null): DocumentRow[] {
  return found ? rows.filter((r) => found.has(r.id)) : rows;
}

export function RowsSearch({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <IconField iconPosition="left" className="doc-search">
      <InputIcon className="pi pi-search" />
      <InputText value={value} onChange={(e) => onChange(e.target.value)} placeholder="Cerca per tariffa o descrizione..." aria-label="Cerca righe" />
    </IconField>
  );
}
