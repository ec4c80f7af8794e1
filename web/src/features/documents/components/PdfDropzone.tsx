import { useRef, useState, type DragEvent } from 'react';
import { Button } from 'primereact/button';

interface Props {
  file: File | null;
  disabled?: boolean;
  onSelect: (file: File | null) => void;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A file picker with drag and drop, for one PDF. Validation is the caller's. */
export function PdfDropzone({ file, disabled, onSelect }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const f = e.dataTransfer.files?.[0];
    if (f) onSelect(f);
  };

  return (
    <div
      className={`doc-dropzone${over ? ' doc-dropzone-over' : ''}${disabled ? ' doc-dropzone-disabled' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={() => !disabled && input.current?.click()}
      role="button"
      tabIndex={0}
      aria-label="Seleziona un file PDF"
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !disabled) {
          e.preventDefault();
          input.current?.click();
        }
      }}
    >
      <input
        ref={input}
        id="pdf-file"
        type="file"
        accept="application/pdf,.pdf"
        hidden
        disabled={disabled}
        onChange={(e) => {
          onSelect(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      {file ? (
        <div className="doc-dropzone-file">
          <i className="pi pi-file-pdf" aria-hidden />
          <div>
            <strong data-testid="selected-file">{file.name}</strong>
            <div className="hint">{formatSize(file.size)}</div>
          </div>
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            severity="secondary"
            aria-label="Rimuovi file"
            disabled={disabled}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(null);
            }}
          />
        </div>
      ) : (
        <>
          <i className="pi pi-cloud-upload doc-dropzone-icon" aria-hidden />
          <p>
            <strong>Trascina qui il file PDF</strong> oppure fai clic per selezionarlo
          </p>
          <p className="hint">Solo file PDF, dimensione massima 50MB</p>
        </>
      )}
    </div>
  );
}
