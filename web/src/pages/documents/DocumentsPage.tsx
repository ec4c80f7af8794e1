import { useSearchParams } from 'react-router-dom';
import { DocumentsList } from '@/features/documents/components/DocumentsList.tsx';

/** /documents?page=N */
export default function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (p: number) => setParams(p > 1 ? { page: String(p) } : {}, { replace: false });
  return <DocumentsList page={page} onPageChange={setPage} />;
}
