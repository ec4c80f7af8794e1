import { useParams } from 'react-router-dom';
import { DocumentDetail } from '@/features/documents/components/DocumentDetail.tsx';

/** /documents/{id} */
export default function DocumentDetailPage() {
  const { id } = useParams<{ id: string }>();
  return <DocumentDetail id={id} />;
}
