import { FileDropzone } from '@/components/FileDropzone.tsx';
import { ACCEPTED_EXTENSIONS } from '@/features/prezzari/constants.ts';

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

/** The picker of a price-list file. */
export function ExcelDropzone({ hint = 'File Excel (.xlsx o .xls), XML o CSV, dimensione massima 10MB', accept = ACCEPTED_EXTENSIONS.join(','), ...props }: Props) {
  return (
    <FileDropzone
      {...props}
      accept={accept}
      hint={hint}
      title="Trascina qui il file"
      ariaLabel="Seleziona un file"
      fileIcon="pi pi-file-excel"
      classPrefix="pz"
    />
  );
}
