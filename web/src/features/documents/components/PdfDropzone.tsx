import { FileDropzone } from '@/components/FileDropzone.tsx';

interface Props {
  file: File | null;
  disabled?: boolean;
  onSelect: (file: File | null) => void;
}

/** The PDF picker of the upload page. */
export function PdfDropzone(props: Props) {
  return (
    <FileDropzone
      {...props}
      id="pdf-file"
      accept="application/pdf,.pdf"
      title="Trascina qui il file PDF"
      hint="Solo file PDF, dimensione massima 50MB"
      // No label of its own: the zone is named by the text it shows (title and hint), so what a
      // screen reader says and what a voice-control user reads are the same.
      ariaLabel=""
      fileIcon="pi pi-file-pdf"
      classPrefix="doc"
    />
  );
}
