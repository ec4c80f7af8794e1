import { useMemo } from 'react';
import { Chart } from 'primereact/chart';
import { formatEuro } from '@shared/format.ts';
import type { Comparison } from '../api/get-comparison.ts';
import { largestDifference, type Voce } from '../utils/view.ts';

const COLORS = ['#b45309', '#1d4ed8', '#7c3aed', '#047857', '#be123c'];

/** The ten voci with the largest difference of amount, one bar per other document. */
export default function ComparisonChart({ data, voci, narrow }: { data: Comparison; voci: Voce[]; narrow: boolean }) {
  const top = useMemo(
    () =>
      voci
        .filter((v) => largestDifference(v) !== 0)
        .sort((a, b) => Math.abs(largestDifference(b)) - Math.abs(largestDifference(a)))
        .slice(0, 10),
    [voci],
  );
  if (!top.length) return null;
  // On a phone the code alone (or the description's start): the bars need the width.
  const labels = top.map((v) => (narrow ? v.tariffa || v.descrizione : `${v.tariffa || '—'} ${v.descrizione}`).slice(0, narrow ? 16 : 40));
  const others = data.documenti.slice(1);
  const chartData = {
    labels,
    datasets: others.map((doc, k) => ({
      label: doc.filename,
      data: top.map((v) => v.differenze[k + 1]?.totale ?? 0),
      // One other document: red where it costs more, green where less (as the table); several: one colour each.
      backgroundColor: others.length === 1 ? top.map((v) => ((v.differenze[1]?.totale ?? 0) > 0 ? '#b91c1c' : '#15803d')) : COLORS[k % COLORS.length],
    })),
  };
  const options = {
    indexAxis: 'y' as const,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: {
      legend: { display: others.length > 1 },
      tooltip: { callbacks: { label: (item: { parsed: { x: number }; dataset: { label?: string } }) => ` ${item.dataset.label}: ${formatEuro(item.parsed.x)}` } },
    },
    scales: { x: { ticks: { callback: (v: number | string) => formatEuro(Number(v)).replace(/,00\s€$/, ' €') } } },
  };
  const summary = `Voci con la differenza più grande: ${top.map((v) => `${v.tariffa || v.descrizione.slice(0, 30)} ${formatEuro(largestDifference(v))}`).join('; ')}`;
  return (
    <section className="doc-card cmp-chart" aria-label="Differenze più grandi">
      <h2 className="cmp-section-title">Le differenze più grandi</h2>
      <div style={{ height: `${Math.max(12, top.length * 2.4)}rem` }} role="img" aria-label={summary}>
        <Chart pt={{ canvas: { 'aria-label': summary } }} type="bar" data={chartData} options={options} style={{ height: '100%' }} />
      </div>
    </section>
  );
}
