import { Tooltip } from 'primereact/tooltip';
import { readingNote } from '@shared/domain/row-edits.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

/**
 * A mark on rows changed by hand, with what the file said: shown on hover and on keyboard focus
 * (a tooltip appended to the page, so a narrow cell never cuts it), and read by screen readers.
 */
export function EditMark({ row }: { row: DocumentRow }) {
  const note = readingNote({ ...row, tariffa: row.tariffa ?? '', descrizione: row.descrizione ?? '', unita_di_misura: row.unita_di_misura ?? '' });
  if (!note) return null;
  const mark = `doc-edit-mark-${row.id}`;
  return (
    <>
      <button type="button" className={`doc-edit-mark ${mark}`} aria-label={note} data-pr-tooltip={note} data-testid="row-edited" onClick={(e) => e.stopPropagation()}>
        <i className="pi pi-pencil" aria-hidden="true" />
        <span className="doc-scan-label" aria-hidden="true">
          modificata
        </span>
      </button>
      <Tooltip target={`.${mark}`} event="both" position="top" className="doc-edit-tooltip" />
    </>
  );
}
