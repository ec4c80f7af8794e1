import { formatEuro } from '@shared/format.ts';

/** How many rows are shown, of how many, and the sum of their printed totals. */
export function RowsFooter({ shown, totalCount, sum }: { shown: number; totalCount: number; sum: number }) {
  return (
    <div className="doc-rows-footer" data-testid="rows-footer">
      <span>
        <strong data-testid="row-count">{shown}</strong>
        {shown !== totalCount ? ` di ${totalCount}` : ''} {totalCount === 1 ? 'riga' : 'righe'}
      </span>
      <span>
        Somma totali: <strong data-testid="rows-sum">{formatEuro(sum)}</strong>
      </span>
    </div>
  );
}
