import type { MessageAction } from '@/hooks/use-timed-message.ts';

/** Dismissible alert used for every success, warning and error message; `action` adds a button ("Annulla"). */
export function Alert({
  severity,
  children,
  onClose,
  action,
}: {
  severity: 'success' | 'error' | 'warn' | 'info';
  children: React.ReactNode;
  onClose?: () => void;
  action?: MessageAction;
}) {
  return (
    <div className={`alert alert-${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {action && (
        <button type="button" className="alert-action" onClick={action.onClick}>
          {action.label}
        </button>
      )}
      {onClose && (
        <button type="button" className="alert-close" aria-label="Chiudi" onClick={onClose}>
          <i className="pi pi-times" aria-hidden />
        </button>
      )}
    </div>
  );
}
