/** Dismissible alert used for every success, warning and error message. */
export function Alert({ severity, children, onClose }: { severity: 'success' | 'error' | 'warn' | 'info'; children: React.ReactNode; onClose?: () => void }) {
  return (
    <div className={`alert alert-${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {onClose && (
        <button type="button" className="alert-close" aria-label="Chiudi" onClick={onClose}>
          <i className="pi pi-times" aria-hidden />
        </button>
      )}
    </div>
  );
}
