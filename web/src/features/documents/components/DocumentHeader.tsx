import type { ReactNode } from 'react';
import { formatDateTime } from '@shared/format.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { Button } from 'primereact/button';
import { fileIcon } from '@/features/documents/utils/file-icon.ts';
import { StatusEditor } from './StatusEditor.tsx';
import { FileName } from '@/components/FileName.tsx';

interface Props {
  document: DocumentItem;
  /** Typology value → its description, when known. */
  tipologiaLabel?: string;
  onStatusSaved: (doc: DocumentItem) => void;
  notify: (severity: 'success' | 'error', text: string) => void;
  /** The header's buttons (back, download; later price refresh and export). */
  actions: ReactNode;
  /** Opens the correction of province and typology; absent while the analysis runs. */
  onEditSettings?: () => void;
}

export function DocumentHeader({ document, tipologiaLabel, onStatusSaved, notify, actions, onEditSettings }: Props) {
  return (
    <header className="doc-header">
      <div className="doc-header-main">
        <h1 className="doc-title">
          <i className={fileIcon(document.filename)} aria-hidden /> <span data-testid="document-filename"><FileName name={document.filename} /></span>
        </h1>
        <div className="doc-meta">
          <span>
            <i className="pi pi-calendar" aria-hidden /> Caricato il {formatDateTime(document.upload_date)}
          </span>
          <span>
            <i className="pi pi-map-marker" aria-hidden /> Provincia: <strong>{document.provincia || '—'}</strong>
          </span>
          {document.tipologia_dei && (
            <span>
              <i className="pi pi-tags" aria-hidden /> Tipologia DEI: <strong>{tipologiaLabel ?? document.tipologia_dei}</strong>
            </span>
          )}
          {onEditSettings && (
            <Button icon="pi pi-pencil" text rounded size="small" aria-label="Modifica provincia e tipologia DEI" title="Modifica provincia e tipologia DEI" onClick={onEditSettings} />
          )}
          {document.username && (
            <span>
              <i className="pi pi-user" aria-hidden /> {document.username}
            </span>
          )}
          <StatusEditor key={document.id} document={document} onSaved={onStatusSaved} notify={notify} />
        </div>
      </div>
      <div className="doc-header-actions">{actions}</div>
    </header>
  );
}
