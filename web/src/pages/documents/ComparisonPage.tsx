import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ComparisonView } from '@/features/comparison/components/ComparisonView.tsx';
import { parseOthers } from '@/features/comparison/utils/view.ts';

/** /documents/{id}/confronto?con={id2},{id3} */
export default function ComparisonPage() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const con = params.get('con');
  const others = useMemo(() => parseOthers(con), [con]);
  return <ComparisonView key={`${id}|${others.join(',')}`} id={id ?? ''} others={others} />;
}
