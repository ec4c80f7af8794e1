import { useMemo } from 'react';
import { Chart } from 'primereact/chart';
import { formatEuro } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { chapterOf } from '@/features/documents/utils/rows.ts';

const RED = '#b91c1c';
const GREEN = '#15803d';

interface Props {
  rows: DocumentRow[];
  /** A click on a chapter's bar filters the table to that chapter. */
  onChapter: (chapter: string) => void;
  /** A click on a row's bar shows that row. */
  onRow: (row: DocumentRow) => void;
}

const cents = (xs: number[]) => xs.reduce((a, x) => a + Math.round(x * 100), 0) / 100;

function barOptions(labels: string[], onPick: (index: number) => void) {
  return {
    indexAxis: 'y' as const,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item: { parsed: { x: number } }) => ` ${formatEuro(item.parsed.x)} (prezzario − computo)` } },
    },
    scales: {
      x: { ticks: { callback: (v: number | string) => formatEuro(Number(v)).replace(/,00\s€$/, ' €') } },
      y: { ticks: { autoSkip: false, callback: (_: unknown, i: number) => (labels[i].length > 38 ? `${labels[i].slice(0, 37)}…` : labels[i]) } },
    },
    onClick: (_: unknown, elements: Array<{ index: number }>) => elements[0] && onPick(elements[0].index),
    onHover: (e: { native?: { target?: HTMLElement } }, elements: unknown[]) => {
      if (e.native?.target) e.native.target.style.cursor = elements.length ? 'pointer' : 'default';
    },
  };
}

/**
 * Where the money goes: the difference from the reference list by chapter (where the print has
 * chapters) and the ten rows with the largest difference. Bars are clickable.
 */
export default function DifferenceCharts({ rows, onChapter, onRow }: Props) {
  const priced = useMemo(() => rows.filter((r) => r.differenza_totale_db !== null && r.differenza_totale_db !== 0), [rows]);
  const chapters = useMemo(() => {
    const by = new Map<string, number[]>();
    for (const r of priced) {
      const key = chapterOf(r);
      if (key) by.set(key, [...(by.get(key) ?? []), r.differenza_totale_db!]);
    }
    return [...by].map(([name, xs]) => ({ name, diff: cents(xs) })).sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff)).slice(0, 12);
  }, [priced]);
  const top = useMemo(() => [...priced].sort((a, b) => Math.abs(b.differenza_totale_db!) - Math.abs(a.differenza_totale_db!)).slice(0, 10), [priced]);

  if (!top.length) return null;
  const rowLabels = top.map((r) => `N° ${r.row_index} ${r.tariffa ?? ''}`.trim());
  const chapterLabels = chapters.map((c) => c.name);
  const chaptersLabel = `Differenza per capitolo: ${chapters.map((c) => `${c.name} ${formatEuro(c.diff)}`).join('; ')}`;
  const topLabel = `Righe con la differenza più grande: ${top.map((r, i) => `${rowLabels[i]} ${formatEuro(r.differenza_totale_db)}`).join('; ')}`;
  const colors = (xs: number[]) => xs.map((x) => (x < 0 ? RED : GREEN));
  return (
    <section className="doc-card doc-charts" aria-label="Grafici delle differenze">
      {chapters.length > 1 && (
        <figure className="doc-chart" data-testid="chart-chapters">
          <figcaption>Differenza dal prezzario per capitolo</figcaption>
          <div role="img" aria-label={chaptersLabel}>
          <Chart
            pt={{ canvas: { 'aria-label': chaptersLabel } }}
            type="bar"
            height={`${Math.max(160, chapters.length * 28 + 40)}px`}
            data={{ labels: chapterLabels, datasets: [{ data: chapters.map((c) => c.diff), backgroundColor: colors(chapters.map((c) => c.diff)) }] }}
            options={barOptions(chapterLabels, (i) => onChapter(chapters[i].name))}
          />
          </div>
        </figure>
      )}
      <figure className="doc-chart" data-testid="chart-top-rows">
        <figcaption>{top.length === 1 ? 'La riga con la differenza più grande' : `Le ${top.length} righe con la differenza più grande`}</figcaption>
        <div role="img" aria-label={topLabel}>
        <Chart
          pt={{ canvas: { 'aria-label': topLabel } }}
          type="bar"
          height={`${top.length * 28 + 40}px`}
          data={{ labels: rowLabels, datasets: [{ data: top.map((r) => r.differenza_totale_db), backgroundColor: colors(top.map((r) => r.differenza_totale_db!)) }] }}
          options={barOptions(rowLabels, (i) => onRow(top[i]))}
        />
        </div>
      </figure>
    </section>
  );
}
