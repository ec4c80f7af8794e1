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
      ariaLabel="Seleziona un file PDF: trascina qui il file PDF oppure fai clic per selezionarlo. Solo file PDF, dimensione massima 50MB"
      fileIcon="pi pi-file-pdf"
      classPrefix="doc"
    />
  );
}
