import type { DocumentRow } from '@/features/documents/types.ts';

/** A small mark on rows read from a scan (OCR), with the digits the arithmetic check corrected. */
export function ScanMark({ row }: { row: DocumentRow }) {
  if (!row.da_scansione) return null;
  const notes = row.correzioni_ocr ?? [];
  const title = notes.length ? `Letta da scansione (OCR). Correzioni: ${notes.join('; ')}` : 'Letta da scansione (OCR)';
  return (
    <span className="doc-scan-mark" title={title} data-testid="row-scan">
      <i className="pi pi-camera" aria-hidden="true" />
      <span className="doc-scan-label">da scansione</span>
      {notes.length ? <span className="sr-only">: {notes.join('; ')}</span> : null}
    </span>
  );
}
