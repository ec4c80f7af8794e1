import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { Button } from 'primereact/button';
import { formatEuro, formatInteger } from '@shared/format.ts';
import { chapterGroups, differenceClass, type ChapterGroup } from '@/features/documents/utils/rows.ts';
import { RowsTable } from './RowsTable.tsx';

type TableProps = Omit<ComponentProps<typeof RowsTable>, 'rows' | 'totalCount' | 'resetKey' | 'onOrderChange'>;

interface Props extends TableProps {
  rows: ComponentProps<typeof RowsTable>['rows'];
  onOrderChange?: (ids: number[]) => void;
}

function ChapterTotals({ group }: { group: ChapterGroup }) {
  return (
    <dl className="doc-chapter-totals">
      <div>
        <dt>Importo del computo</dt>
        <dd data-testid="chapter-printed">{formatEuro(group.printed)}</dd>
      </div>
      <div>
        <dt>
          Righe con prezzo di riferimento: {formatInteger(group.pricedRows)} di {formatInteger(group.rows.length)}, importo del computo
        </dt>
        <dd data-testid="chapter-priced-printed">{formatEuro(group.pricedPrinted)}</dd>
      </div>
      <div>
        <dt>Importo da prezzario</dt>
        <dd data-testid="chapter-reference">{formatEuro(group.reference)}</dd>
      </div>
      <div>
        <dt>Differenza (prezzario − computo)</dt>
        <dd data-testid="chapter-difference" className={differenceClass(group.difference)}>
          {formatEuro(group.difference)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The rows by chapter of the print: each chapter with its subtotals (printed amount, and for its
 * rows with a reference price the price-list amount and the difference); a chapter opens on its
 * own rows table. Filters and the search apply first: subtotals are those of the rows shown.
 */
export function ChapterGroups({ rows, onOrderChange, activeRowId = null, ...table }: Props) {
  const groups = useMemo(() => chapterGroups(rows), [rows]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    onOrderChange?.(groups.flatMap((g) => g.rows.map((r) => r.id)));
  }, [groups, onOrderChange]);
  // The row shown on the PDF opens its chapter.
  const activeChapter = activeRowId === null ? null : (groups.find((g) => g.rows.some((r) => r.id === activeRowId))?.name ?? null);
  useEffect(() => {
    if (activeChapter) setOpen((s) => (s.has(activeChapter) ? s : new Set(s).add(activeChapter)));
  }, [activeChapter]);
  const toggle = (name: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  if (!groups.length) return <p className="hint doc-center">Nessuna riga trovata</p>;
  return (
    <div className="doc-chapters" data-testid="chapter-groups">
      {groups.map((g, i) => {
        const expanded = open.has(g.name);
        return (
          <section key={g.name} className="doc-chapter" data-testid="chapter" aria-labelledby={`chapter-${i}`}>
            <h3 className="doc-chapter-title" id={`chapter-${i}`}>
              <Button
                text
                icon={expanded ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
                label={`${g.name} (${formatInteger(g.rows.length)} ${g.rows.length === 1 ? 'riga' : 'righe'})`}
                aria-expanded={expanded}
                aria-controls={`chapter-rows-${i}`}
                onClick={() => toggle(g.name)}
                className="doc-chapter-toggle"
                data-testid="chapter-name"
              />
            </h3>
            <ChapterTotals group={g} />
            <div id={`chapter-rows-${i}`} hidden={!expanded}>
              {expanded && <RowsTable {...table} rows={g.rows} totalCount={g.rows.length} activeRowId={activeRowId} />}
            </div>
          </section>
        );
      })}
    </div>
  );
}
