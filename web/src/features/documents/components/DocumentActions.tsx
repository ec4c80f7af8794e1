import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { SplitButton } from 'primereact/splitbutton';
import type { MenuItem } from 'primereact/menuitem';
import { EXPORT_FORMATS, EXPORT_FORMAT_NAMES } from '@shared/domain/export-formats.ts';
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

const EXPORT_ICONS = { xlsx: 'pi pi-file-excel', xpwe: 'pi pi-file-export', six: 'pi pi-code', pdf: 'pi pi-file-pdf' } as const;

/** The header's buttons: back, download, price refresh, export (Excel; the other formats in its menu). */
export function DocumentActions({ document, back, completed, canUpdatePrices, onUpdatePrices, notify }: Props) {
  const { download, downloading } = useDownloadOriginal(document.id, document.filename);
  const { exportAs, exporting } = useExportDocument(document.id, notify);
  const formats: MenuItem[] = EXPORT_FORMAT_NAMES.map((format) => ({ label: EXPORT_FORMATS[format].label, icon: EXPORT_ICONS[format], command: () => void exportAs(format) }));
  return (
    <>
      {back}
      <Button label="Scarica originale" icon="pi pi-download" loading={downloading} onClick={() => void download()} />
      <Button label="Aggiorna Prezzi" icon="pi pi-sync" severity="success" disabled={!canUpdatePrices} onClick={onUpdatePrices} />
      <SplitButton
        label="Esporta"
        icon="pi pi-file-excel"
        severity="help"
        loading={exporting}
        disabled={!completed}
        onClick={() => void exportAs('xlsx')}
        model={formats}
        menuButtonProps={{ 'aria-label': 'Scegli il formato' }}
      />
    </>
  );
}
