import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ComparisonView } from '@/features/comparison/components/ComparisonView.tsx';
import { othersOf } from '@/features/comparison/utils/view.ts';

/** /documents/{id}/confronto?con={id2},{id3} (comparisonPath; `?with=` is read too) */
export default function ComparisonPage() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const others = useMemo(() => othersOf(params), [params]);
  return <ComparisonView key={`${id}|${others.join(',')}`} id={id ?? ''} others={others} />;
}
