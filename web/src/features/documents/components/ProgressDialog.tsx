import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import type { ProgressState } from '@/features/documents/hooks/use-editing-dialogs.ts';

/** Static progress modal: no close button, no Escape, no click outside. */
export function ProgressDialog({ progress }: { progress: ProgressState | null }) {
  return (
    <Dialog
      header={progress?.title ?? ''}
      visible={Boolean(progress)}
      onHide={() => undefined}
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      style={{ width: 'min(28rem, 95vw)' }}
      data-testid="progress-dialog"
    >
      <p className="doc-progress-text" role="status">
        {progress?.text}
      </p>
      {progress?.value === undefined ? (
        <ProgressBar mode="indeterminate" style={{ height: '6px' }} />
      ) : (
        <ProgressBar value={progress.value} style={{ height: '1.1rem' }} />
      )}
    </Dialog>
  );
}
