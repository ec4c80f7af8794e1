import { useParams } from 'react-router-dom';
import { DocumentDetail } from '@/features/documents/components/DocumentDetail.tsx';
import { CompareButton } from '@/features/comparison/components/CompareDialog.tsx';
import { VerificationPanel } from '@/features/verification/components/VerificationPanel.tsx';

/**
 * /documents/{id} (?tab=verifica opens the review): the document feature hosts "Confronta con…" from
 * the comparison feature and the verification feature's tab.
 */
export default function DocumentDetailPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <DocumentDetail
      id={id}
      extraActions={id ? <CompareButton documentId={Number(id)} /> : null}
      verificationTab={id ? ({ revision, rows, onRow }) => <VerificationPanel documentId={id} revision={revision} rows={rows} onRow={onRow} /> : undefined}
    />
  );
}
