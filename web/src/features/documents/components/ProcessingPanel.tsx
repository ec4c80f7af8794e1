import { ProgressBar } from 'primereact/progressbar';
import type { DocumentItem } from '@/features/documents/types.ts';

/** Shown while the analysis runs: pages analysed so far (the page polls every second). */
export function ProcessingPanel({ document }: { document: DocumentItem }) {
  const total = document.pages_total ?? 0;
  const done = Math.min(document.pages_done ?? 0, total || Infinity);
  const percent = total ? Math.round((done / total) * 100) : 0;
  // Scanned pages: OCR takes seconds per page, so its own count is shown while it runs.
  const ocrTotal = document.ocr_pages_total ?? 0;
  const ocrDone = Math.min(document.ocr_pages_done ?? 0, ocrTotal);
  if (ocrTotal && ocrDone < ocrTotal) {
    return (
      <section className="doc-card doc-processing" aria-live="polite" data-testid="processing-panel">
        <p className="doc-progress-label">
          <i className="pi pi-spin pi-spinner" aria-hidden /> Elaborazione in corso...
        </p>
        <ProgressBar value={Math.round((ocrDone / ocrTotal) * 100)} aria-label="Pagine riconosciute" />
        <p className="hint" data-testid="ocr-progress">
          Riconoscimento del testo: pagina {ocrDone + 1} di {ocrTotal}
          {ocrTotal < total ? ` (pagine scansionate del documento: ${ocrTotal} di ${total})` : ''}
        </p>
      </section>
    );
  }
  return (
    <section className="doc-card doc-processing" aria-live="polite" data-testid="processing-panel">
      <p className="doc-progress-label">
        <i className="pi pi-spin pi-spinner" aria-hidden /> Elaborazione in corso...
      </p>
      {total ? (
        <>
          <ProgressBar value={percent} aria-label="Pagine analizzate" />
          <p className="hint">
            Pagine analizzate: {done} di {total}
            {total > 15 ? ' · i documenti con più di 15 pagine vengono suddivisi automaticamente' : ''}
          </p>
        </>
      ) : (
        <ProgressBar mode="indeterminate" style={{ height: '0.5rem' }} aria-label="Analisi in corso" />
      )}
    </section>
  );
}
