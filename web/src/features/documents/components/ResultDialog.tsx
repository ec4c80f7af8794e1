import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ResultNotice } from '@/features/documents/hooks/use-editing-dialogs.ts';

/** The outcome of a long or bulk operation: success (green) or warning (amber). */
export function ResultDialog({ result, onClose }: { result: ResultNotice | null; onClose: () => void }) {
  const warn = result?.severity === 'warn';
  return (
    <Dialog
      header={result?.title ?? ''}
      visible={Boolean(result)}
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      footer={<Button label="OK" icon="pi pi-check" onClick={onClose} autoFocus />}
    >
      {result && (
        <div className={`doc-result ${warn ? 'doc-result-warn' : 'doc-result-success'}`} data-testid="result-notice" role={warn ? 'alert' : 'status'}>
          <i className={`pi ${warn ? 'pi-exclamation-triangle' : 'pi-check-circle'}`} aria-hidden />
          <div>
            {result.lines.map((line, i) => (
              <p key={i} className={i === 0 ? 'doc-result-main' : undefined}>
                {line}
              </p>
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
}
