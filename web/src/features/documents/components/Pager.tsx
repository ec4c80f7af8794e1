import { Button } from 'primereact/button';

/** Spec section 9: at most 5 numbered pages visible. */
export const PAGER_WINDOW = 5;

/** The numbered pages to show around the current one, with 'ellipsis' where pages are skipped. */
export function pagerItems(page: number, pageCount: number, window = PAGER_WINDOW): Array<number | 'ellipsis-start' | 'ellipsis-end'> {
  if (pageCount <= 1) return [1];
  const size = Math.min(window, pageCount);
  let first = Math.max(1, page - Math.floor(size / 2));
  first = Math.min(first, pageCount - size + 1);
  const last = first + size - 1;
  const items: Array<number | 'ellipsis-start' | 'ellipsis-end'> = [];
  if (first > 1) items.push('ellipsis-start');
  for (let p = first; p <= last; p++) items.push(p);
  if (last < pageCount) items.push('ellipsis-end');
  return items;
}

interface Props {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** First, previous, numbered pages with ellipses, next, last; hidden when there is one page. */
export function Pager({ page, pageCount, onChange }: Props) {
  if (pageCount <= 1) return null;
  const go = (p: number) => p !== page && p >= 1 && p <= pageCount && onChange(p);
  return (
    <nav className="doc-pager" aria-label="Paginazione">
      <Button icon="pi pi-angle-double-left" text rounded size="small" aria-label="Prima pagina" disabled={page === 1} onClick={() => go(1)} />
      <Button icon="pi pi-angle-left" text rounded size="small" aria-label="Pagina precedente" disabled={page === 1} onClick={() => go(page - 1)} />
      {pagerItems(page, pageCount).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            label={String(item)}
            size="small"
            rounded
            text={item !== page}
            aria-label={`Pagina ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className="doc-pager-number"
            onClick={() => go(item)}
          />
        ) : (
          <span key={item} className="doc-pager-ellipsis" aria-hidden>
            …
          </span>
        ),
      )}
      <Button icon="pi pi-angle-right" text rounded size="small" aria-label="Pagina successiva" disabled={page === pageCount} onClick={() => go(page + 1)} />
      <Button icon="pi pi-angle-double-right" text rounded size="small" aria-label="Ultima pagina" disabled={page === pageCount} onClick={() => go(pageCount)} />
    </nav>
  );
}
