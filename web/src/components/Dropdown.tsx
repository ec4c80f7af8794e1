import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** A top-bar menu that closes on outside click, on Escape and when an item is chosen. */
export function Dropdown({ label, icon, children, align = 'left' }: { label: string; icon?: string; children: ReactNode; align?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="topbar-link dropdown-toggle" aria-haspopup="menu" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {icon && <i className={icon} aria-hidden />} {label} <i className="pi pi-angle-down" aria-hidden />
      </button>
      {open && (
        <div id={id} role="menu" className={`dropdown-menu dropdown-${align}`} onClick={() => setOpen(false)}>
          {children}
        </div>
      )}
    </div>
  );
}
