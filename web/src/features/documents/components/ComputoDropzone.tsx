import { FileDropzone } from '@/components/FileDropzone.tsx';
import { COMPUTO_ACCEPT } from '@/features/documents/api/preview-computo.ts';

interface Props {
  file: File | null;
  disabled?: boolean;
  onSelect: (file: File | null) => void;
}

/** The computo picker of the upload page: PDF, PriMus XPWE, SIX, LeenO and Excel. */
export function ComputoDropzone(props: Props) {
  return (
    <FileDropzone
      {...props}
      id="pdf-file"
      accept={COMPUTO_ACCEPT}
      title="Trascina qui il computo (PDF, XPWE, SIX, LeenO o Excel)"
      hint="PDF, .xpwe, .xml (SIX), .ods, .xlsx, .xls: dimensione massima 50MB"
      // No label of its own: the zone is named by the text it shows (title and hint), so what a
      // screen reader says and what a voice-control user reads are the same.
      ariaLabel=""
      fileIcon="pi pi-file"
      classPrefix="doc"
    />
  );
}
