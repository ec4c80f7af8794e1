import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ProgressBar } from 'primereact/progressbar';
import { Alert } from '@/components/Alert.tsx';
import type { PrezzarioUploadState } from '@/features/prezzari/hooks/use-prezzario-upload.ts';

/** 'Stato caricamento': sending (with cancel), importing, done or cancelled; nothing otherwise. */
export function UploadProgressCard({ state, listName, onCancel }: { state: PrezzarioUploadState; listName: string; onCancel: () => void }) {
  const { phase } = state;
  const sending = phase === 'uploading' || phase === 'processing';
  if (!sending && phase !== 'cancelled' && phase !== 'confirming' && phase !== 'success') return null;
  return (
    <Card title="Stato caricamento" className="pz-card" data-testid="upload-progress">
      {sending && (
        <>
          <p className="pz-progress-label">
            {phase === 'processing' ? (
              <>
                <i className="pi pi-spin pi-spinner" aria-hidden /> Elaborazione in corso...
              </>
            ) : (
              `Caricamento in corso... ${state.percent}%`
            )}
          </p>
          <ProgressBar value={state.percent} aria-label="Avanzamento caricamento" />
          <div className="button-row">
            <Button label="Annulla" icon="pi pi-times" severity="secondary" outlined onClick={onCancel} />
          </div>
        </>
      )}
      {phase === 'confirming' && (
        <p className="pz-progress-label">
          <i className="pi pi-spin pi-spinner" aria-hidden /> Importazione in corso...
        </p>
      )}
      {phase === 'success' && (
        <p className="pz-progress-label pz-success-text">
          <i className="pi pi-check-circle" aria-hidden /> Importazione completata. Apertura del {listName}...
        </p>
      )}
      {phase === 'cancelled' && <Alert severity="info">{state.message}</Alert>}
    </Card>
  );
}
