/**
 * Labour in a comparison of offers (issue 39; D.Lgs. 36/2023, art. 41 c. 14 and art. 110): each
 * document's labour cost beside the project's (the first document), voce by voce and in total.
 * An offer whose labour cost falls below the project's is a warning: the RUP checks that an
 * offer does not cut the labour cost the tender states. Kept apart from the text matching of
 * comparison.ts: it reads the compared pairs (row ids) and the stored rows, nothing else.
 */
import { fromNumber, round, sub, sum, toNumber } from './money.ts';
import { euro } from './verification/words.ts';
import { quadroManodopera, rowLabourCost, type LabourRow } from './manodopera.ts';
import type { ComparisonResult } from './comparison.ts';

/** Labour of one compared voce: per document its labour cost (null: no incidence known, or not in it); the warning when an offer's is below the project's. */
export interface VoceLabour {
  costi: Array<number | null>;
  avviso: string | null;
}

/** Labour of one chapter's subtotal: per document the sum of its voci's labour costs (null: none of them known); the warning when an offer's is below the project's. */
export interface ChapterLabour {
  capitolo: string;
  costi: Array<number | null>;
  avviso: string | null;
}

/** Labour of one document in total, against the project's. */
export interface TotalLabour {
  costo: number;
  /** This document − the project's; null for the project itself. */
  differenza: number | null;
  avviso: string | null;
}

const cents = (n: number) => Math.round(n * 100);

/** The labour cost of the rows a document's part of a voce sums (null when none of them has one). */
function costOf(ids: readonly number[], rows: ReadonlyMap<number, LabourRow>): number | null {
  const costs = ids.map((id) => rows.get(id)).map((r) => (r ? rowLabourCost(r) : null)).filter((c): c is number => c !== null);
  return costs.length ? costs.reduce((a, c) => a + cents(c), 0) / 100 : null;
}

/** Whether document i's labour cost (an offer, i > 0) falls below the project's (the first): both known, to the cent. */
export function labourBelowProject(costs: ReadonlyArray<number | null | undefined>, i: number): boolean {
  const project = costs[0];
  const c = costs[i];
  return i > 0 && project != null && c != null && cents(c) < cents(project);
}

/** "Offerta 2: manodopera 80,00 € contro 93,47 € del progetto (−13,47 €)" for each document below the first ("manodopera del capitolo" for a subtotal). */
function belowProject(costs: ReadonlyArray<number | null>, names: readonly string[], what = 'manodopera'): string | null {
  const project = costs[0];
  if (project === null || project === undefined) return null;
  const below = costs.flatMap((c, i) => (c !== null && labourBelowProject(costs, i) ? [`${names[i]}: ${what} ${euro(fromNumber(c))} contro ${euro(fromNumber(project))} del progetto (−${euro(sub(fromNumber(project), fromNumber(c)))})`] : []));
  return below.length ? below.join('; ') : null;
}

/** Per compared voce, per document, its labour cost and the warning of an offer below the project. */
export function comparedLabour(result: Pick<ComparisonResult, 'voci'>, rows: ReadonlyMap<number, LabourRow>, names: readonly string[]): VoceLabour[] {
  return result.voci.map((v) => {
    const costi = v.valori.map((x) => (x ? costOf(x.row_ids, rows) : null));
    return { costi, avviso: belowProject(costi, names) };
  });
}

/**
 * Per chapter (in the result's order), per document, the sum of its voci's labour costs, half-up
 * to the cent; null where no voce of the chapter has a known one in that document; the warning
 * of an offer whose chapter labour is below the project's (the same rule as the voci's).
 */
export function chapterLabour(result: Pick<ComparisonResult, 'voci' | 'capitoli'>, voci: readonly VoceLabour[], names: readonly string[]): ChapterLabour[] {
  return result.capitoli.map(({ capitolo }) => {
    const own = voci.filter((_, k) => result.voci[k].capitolo === capitolo);
    const costi = names.map((_, i) => {
      const known = own.map((v) => v.costi[i]).filter((c): c is number => c != null);
      return known.length ? toNumber(round(sum(known.map(fromNumber)))) : null;
    });
    return { capitolo, costi, avviso: belowProject(costi, names, 'manodopera del capitolo') };
  });
}

/** Per document, its labour cost in total (its quadro's), the difference from the project's, and the warning when below. */
export function totalLabour(documents: ReadonlyArray<readonly LabourRow[]>, names: readonly string[]): TotalLabour[] {
  const costs = documents.map((rows) => quadroManodopera(rows).costo_manodopera);
  return costs.map((c, i) => {
    const project = costs[0];
    const below = labourBelowProject(costs, i);
    return {
      costo: c,
      differenza: i === 0 ? null : (cents(c) - cents(project)) / 100,
      avviso: below ? `${names[i]}: costo della manodopera ${euro(fromNumber(c))} inferiore a quello del progetto ${euro(fromNumber(project))}` : null,
    };
  });
}
