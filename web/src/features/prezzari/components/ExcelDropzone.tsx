import { useRef, useState, type DragEvent } from 'react';
import { Button } from 'primereact/button';
import { ACCEPTED_EXTENSIONS } from '../constants.ts';

interface Props {
  id: string;
  file: File | null;
  disabled?: boolean;
  invalid?: boolean;
  onSelect: (file: File | null) => void;
  /** The hint under the drop text. */
  hint?: string;
  accept?: string;
}

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A file picker with drag and drop for one price-list file. Validation is the caller's. */
export function ExcelDropzone({ id, file, disabled, invalid, onSelect, hint = 'File Excel (.xlsx o .xls), dimensione massima 10MB', accept = ACCEPTED_EXTENSIONS.join(',') }: Props) {
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
      className={`pz-dropzone${over ? ' pz-dropzone-over' : ''}${disabled ? ' pz-dropzone-disabled' : ''}${invalid ? ' pz-dropzone-invalid' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={() => !disabled && input.current?.click()}
      role="button"
      tabIndex={0}
      aria-label="Seleziona un file"
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !disabled) {
          e.preventDefault();
          input.current?.click();
        }
      }}
    >
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        hidden
        disabled={disabled}
        onChange={(e) => {
          onSelect(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      {file ? (
        <div className="pz-dropzone-file">
          <i className="pi pi-file-excel" aria-hidden />
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
          <i className="pi pi-cloud-upload pz-dropzone-icon" aria-hidden />
          <p>
            <strong>Trascina qui il file</strong> oppure fai clic per selezionarlo
          </p>
          <p className="hint">{hint}</p>
        </>
      )}
    </div>
  );
}
