import { useParams } from 'react-router-dom';
import { DocumentDetail } from '@/features/documents/components/DocumentDetail.tsx';
import { CompareButton } from '@/features/comparison/components/CompareDialog.tsx';

/** /documents/{id}: the document, with "Confronta con…" from the comparison feature. */
export default function DocumentDetailPage() {
  const { id } = useParams<{ id: string }>();
  return <DocumentDetail id={id} extraActions={id ? <CompareButton documentId={Number(id)} /> : null} />;
}
