import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { useDownloadOriginal } from '@/features/documents/api/download-document.ts';
import { useExportDocument } from '@/features/documents/api/export-document.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

interface Props {
  document: DocumentItem;
  back: ReactNode;
  /** The analysis has ended (price refresh and export are possible). */
  completed: boolean;
  canUpdatePrices: boolean;
  onUpdatePrices: () => void;
  notify: (severity: 'error', text: string) => void;
}

/** The header's buttons: back, download, price refresh, export. */
export function DocumentActions({ document, back, completed, canUpdatePrices, onUpdatePrices, notify }: Props) {
  const { download, downloading } = useDownloadOriginal(document.id, document.filename);
  const { exportXlsx, exporting } = useExportDocument(document.id, notify);
  return (
    <>
      {back}
      <Button label="Scarica originale" icon="pi pi-download" loading={downloading} onClick={() => void download()} />
      <Button label="Aggiorna Prezzi" icon="pi pi-sync" severity="success" disabled={!canUpdatePrices} onClick={onUpdatePrices} />
      <Button label="Esporta" icon="pi pi-file-excel" severity="help" loading={exporting} disabled={!completed} onClick={() => void exportXlsx()} />
    </>
  );
}
