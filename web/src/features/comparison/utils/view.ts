import { MAX_COMPARED_DOCUMENTS, STATE_LABEL, VOCE_STATES } from '@shared/domain/comparison.ts';
import type { Comparison } from '../api/get-comparison.ts';

export type Voce = Comparison['voci'][number];
export type VoceState = Voce['stato'];

export { STATE_LABEL };
export const STATE_SEVERITY: Record<VoceState, 'success' | 'warning' | 'info' | 'danger'> = { invariata: 'success', variata: 'warning', aggiunta: 'info', eliminata: 'danger' };
export const ALL_STATES: VoceState[] = [...VOCE_STATES];

export type SortKey = 'capitolo' | 'tariffa' | 'descrizione' | 'differenza' | 'percentuale';

export interface ViewOptions {
  states: VoceState[];
  /** Only voci whose largest |difference of amount| is at least this (euro). */
  threshold: number | null;
  sort: SortKey;
  descending: boolean;
}

export const DEFAULT_VIEW: ViewOptions = { states: [...ALL_STATES], threshold: null, sort: 'capitolo', descending: false };

/** The voce's largest difference of amount against the first document, by absolute value. */
export function largestDifference(v: Voce): number {
  let best = 0;
  for (const d of v.differenze) if (d && Math.abs(d.totale) > Math.abs(best)) best = d.totale;
  return best;
}

function largestPercent(v: Voce): number {
  let best = 0;
  for (const d of v.differenze) if (d?.percentuale != null && Math.abs(d.percentuale) > Math.abs(best)) best = d.percentuale;
  return best;
}

/** The voci the filters keep, in the chosen order (chapters keep the comparison's order). */
export function visibleVoci(voci: Voce[], view: ViewOptions): Voce[] {
  const kept = voci.filter((v) => view.states.includes(v.stato) && (view.threshold === null || Math.abs(largestDifference(v)) >= view.threshold));
  if (view.sort === 'capitolo') return view.descending ? [...kept].reverse() : kept;
  const key: Record<Exclude<SortKey, 'capitolo'>, (v: Voce) => string | number> = {
    tariffa: (v) => v.tariffa,
    descrizione: (v) => v.descrizione,
    differenza: (v) => Math.abs(largestDifference(v)),
    percentuale: (v) => Math.abs(largestPercent(v)),
  };
  const of = key[view.sort];
  const sign = view.descending ? -1 : 1;
  return [...kept].sort((a, b) => {
    const x = of(a);
    const y = of(b);
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'it'));
  });
}

/** Voci by chapter, in the order they come. */
export function byChapter(voci: Voce[]): Array<{ capitolo: string; voci: Voce[] }> {
  const groups = new Map<string, Voce[]>();
  for (const v of voci) (groups.get(v.capitolo) ?? groups.set(v.capitolo, []).get(v.capitolo)!).push(v);
  return [...groups].map(([capitolo, list]) => ({ capitolo, voci: list }));
}

export const chapterName = (c: string) => c || 'Senza capitolo';

/**
 * The page's own address names the other documents in Italian, `?con=2,3` (the API's is
 * `?with=2,3`: get-comparison.ts); a link written with `?with=` is read too.
 */
export const comparisonPath = (documentId: number, others: readonly number[]) => `/documents/${documentId}/confronto?con=${others.join(',')}`;

/** The other documents of the page's address: positive ids, at most five, without repeats. */
export function othersOf(params: URLSearchParams): number[] {
  const ids = (params.get('con') ?? params.get('with') ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, MAX_COMPARED_DOCUMENTS);
}

/** The link to a row on its document's page, which opens it on the PDF (review panel). */
export const rowLink = (documentId: number, rowId: number) => `/documents/${documentId}?riga=${rowId}`;

/**
 * What "Abbina con…" pairs: the voce's row in a document where the other voce has none, with the
 * other voce's row in a document where this one has none. Null when the two cannot be paired.
 */
export function pairRows(a: Voce, b: Voce): [number, number] | null {
  const i = a.valori.findIndex((x, k) => x && !b.valori[k]);
  const j = b.valori.findIndex((x, k) => x && !a.valori[k]);
  if (i < 0 || j < 0) return null;
  return [a.valori[i]!.row_id, b.valori[j]!.row_id];
}

/** What "Separa" separates: the voce's first row from every row of the other documents. */
export function separateRows(v: Voce): Array<[number, number]> {
  const first = v.valori.findIndex(Boolean);
  if (first < 0) return [];
  const anchor = v.valori[first]!.row_id;
  return v.valori.flatMap((x, k) => (k === first || !x ? [] : x.row_ids.map((r) => [anchor, r] as [number, number])));
}
