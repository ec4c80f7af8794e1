import { useRef, useState, type DragEvent } from 'react';
import { Button } from 'primereact/button';

export interface FileDropzoneProps {
  id: string;
  file: File | null;
  disabled?: boolean;
  invalid?: boolean;
  onSelect: (file: File | null) => void;
  accept: string;
  /** "Trascina qui il file PDF" */
  title: string;
  hint: string;
  ariaLabel: string;
  fileIcon: string;
  /** Screen-specific CSS prefix: `${prefix}-dropzone`, `${prefix}-dropzone-over`... */
  classPrefix: string;
}

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A picker for one file, by click, keyboard or drag and drop. Validation is the caller's. */
export function FileDropzone({ id, file, disabled, invalid, onSelect, accept, title, hint, ariaLabel, fileIcon, classPrefix: p }: FileDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const f = e.dataTransfer.files?.[0];
    if (f) onSelect(f);
  };

  const pick = () => {
    if (!disabled) input.current?.click();
  };

  // The zone takes a drop or a click anywhere; keyboard and screen-reader users have a real button
  // inside it, whose name starts with what it does and includes the text it shows.
  return (
    <div
      className={`${p}-dropzone${over ? ` ${p}-dropzone-over` : ''}${disabled ? ` ${p}-dropzone-disabled` : ''}${invalid ? ` ${p}-dropzone-invalid` : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={pick}
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
        <div className={`${p}-dropzone-file`}>
          <i className={fileIcon} aria-hidden />
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
        <button
          type="button"
          className="dropzone-pick"
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            pick();
          }}
        >
          <i className={`pi pi-cloud-upload ${p}-dropzone-icon`} aria-hidden />
          <span className="sr-only">{ariaLabel}: </span>
          <span className="dropzone-text">
            <strong>{title}</strong> oppure fai clic per selezionarlo
          </span>
          <span className="hint dropzone-text">{hint}</span>
        </button>
      )}
    </div>
  );
}
