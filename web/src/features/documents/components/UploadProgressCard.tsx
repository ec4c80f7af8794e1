import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ProgressBar } from 'primereact/progressbar';
import { Alert } from '@/components/Alert.tsx';
import type { UploadState } from '@/features/documents/hooks/use-upload.ts';
import { formatInteger } from '@shared/format.ts';

interface Props {
  state: UploadState;
  onCancel: () => void;
}

/** Progress of the upload and of the analysis that follows. */
export function UploadProgressCard({ state, onCancel }: Props) {
  const { phase, percent, document, documentId, message } = state;
  if (phase === 'idle') return null;
  const sending = phase === 'uploading';
  const pagesTotal = document?.pages_total ?? null;
  const pagesDone = document?.pages_done ?? 0;
  // A scan is read by OCR page by page: that is the slow part, so it is what the user sees.
  const ocrTotal = document?.ocr_pages_total ?? 0;
  const ocrDone = Math.min(document?.ocr_pages_done ?? 0, ocrTotal);
  const reading = ocrTotal > 0 && ocrDone < ocrTotal;
  return (
    <Card title="Stato caricamento" className="doc-card doc-progress-card" data-testid="upload-progress">
      {sending && (
        <>
          <p className="doc-progress-label">{percent < 100 ? `Caricamento in corso... ${percent}%` : 'Elaborazione in corso...'}</p>
          <ProgressBar value={percent} aria-label="Avanzamento caricamento" />
          <div className="button-row">
            <Button label="Annulla" icon="pi pi-times" severity="secondary" outlined onClick={onCancel} />
          </div>
        </>
      )}
      {phase === 'processing' && (
        <>
          <p className="doc-progress-label">
            <i className="pi pi-spin pi-spinner" aria-hidden /> Elaborazione in corso...
          </p>
          <ProgressBar value={100} aria-label="Avanzamento caricamento" />
          {reading ? (
            <>
              <p className="hint" data-testid="ocr-progress">
                Riconoscimento del testo: pagina {formatInteger(ocrDone + 1)} di {formatInteger(ocrTotal)}
              </p>
              <ProgressBar value={Math.round((ocrDone / ocrTotal) * 100)} showValue={false} style={{ height: '0.5rem' }} aria-label="Pagine riconosciute" />
            </>
          ) : pagesTotal ? (
            <>
              <p className="hint" data-testid="pages-progress">
                Pagine analizzate: {pagesDone} di {pagesTotal}
              </p>
              <ProgressBar value={Math.round((pagesDone / pagesTotal) * 100)} showValue={false} style={{ height: '0.5rem' }} aria-label="Pagine analizzate" />
            </>
          ) : (
            <p className="hint">Analisi del documento in corso...</p>
          )}
        </>
      )}
      {phase === 'success' && (
        <Alert severity="success">
          Analisi completata{document ? `: ${document.row_count} righe estratte` : ''}. Apertura del documento...
        </Alert>
      )}
      {phase === 'failed' && (
        <Alert severity="error">
          <strong>Analisi non riuscita.</strong> {message}{' '}
          {documentId && <Link to={`/documents/${documentId}`}>Apri il documento</Link>}
        </Alert>
      )}
      {phase === 'error' && <Alert severity="error">{message}</Alert>}
      {phase === 'cancelled' && <Alert severity="info">{message}</Alert>}
    </Card>
  );
}
