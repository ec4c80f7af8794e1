/**
 * Labour and safety costs of a computo (issue 39; D.Lgs. 36/2023, art. 41 commi 13-14): per voce
 * the labour incidence (percent, as the price list prints it) and its cost, and for the document
 * the quadro a tender states apart from the amount subject to discount. Pure rules, no I/O.
 */
import { euro } from './verification/words.ts';
import { div, fromNumber, mul, parsePlain, round, sub, sum, toNumber, type Decimal } from './money.ts';

/** Where a row's labour incidence comes from: the price list, the computo itself, typed by hand. */
export const FONTI_MANODOPERA = ['prezzario', 'documento', 'manuale'] as const;
export type FonteManodopera = (typeof FONTI_MANODOPERA)[number];

/** The highest incidence a row may carry: a share of the price. */
export const MAX_INCIDENZA = 100;

export interface LabourRow {
  id?: number;
  totale: number | null;
  incidenza_manodopera?: number | null;
  fonte_manodopera?: FonteManodopera | null;
  /** Set by the estimator (true or false); absent: the chapter decides. */
  sicurezza?: boolean | null;
  capitoli?: { supercategoria?: string; categoria?: string; sottocategoria?: string } | null;
  /** The priced article: its own incidence, kept beside the computo's. */
  price_source?: { incidenza_manodopera?: number } | null;
  /** The labour the computo itself prints for the voce (a `Mdo inc. %` / `Tot. mdo` column, XPWE IncMDO): kept as read. */
  incidenza_manodopera_dichiarata?: number | null;
  costo_manodopera_dichiarato?: number | null;
  /** What the file said, once the row was changed by hand: a printed labour cost is the printed amount's. */
  letto?: { totale: number | null } | null;
}

/**
 * How far the computo's declared labour cost may be from the one the price list gives (amount ×
 * the article's incidence) before the voce is flagged: 10% of the list's cost, and never less
 * than 1 €. A tender's labour cost is what the RUP checks an offer against (D.Lgs. 36/2023,
 * art. 41 c. 14; art. 110 on anomalous offers): a voce that states a tenth more or less labour
 * than its own price list's analysis is worth a look, while cents of rounding (a cost printed
 * from an incidence with fewer decimals) and the few euro of a small voce are not.
 */
export const LABOUR_MISMATCH_SHARE = 0.1;
export const LABOUR_MISMATCH_MIN_EURO = 1;

const isNum = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** The amount the row was read with: a printed labour cost belongs to it, not to an amount changed by hand. */
const asRead = (row: LabourRow): boolean => !row.letto || row.letto.totale === row.totale;

/** The incidence the computo states for the voce (rows read before the declared fields: the row's own, fonte 'documento'). */
export function declaredIncidence(row: LabourRow): number | null {
  if (isNum(row.incidenza_manodopera_dichiarata)) return row.incidenza_manodopera_dichiarata;
  return row.fonte_manodopera === 'documento' && isNum(row.incidenza_manodopera) ? row.incidenza_manodopera : null;
}

/** The labour cost the computo states for the voce: printed, or its amount × its printed incidence; null when it states none. */
export function declaredLabourCost(row: LabourRow): number | null {
  if (isNum(row.costo_manodopera_dichiarato) && asRead(row)) return row.costo_manodopera_dichiarato;
  return costoManodopera(row.totale, declaredIncidence(row));
}

/** The labour cost the price list gives the voce: its amount × the priced article's incidence. */
export const listLabourCost = (row: LabourRow): number | null => costoManodopera(row.totale, row.price_source?.incidenza_manodopera);

/** Why the computo's declared labour cost is not the list's (beyond LABOUR_MISMATCH_SHARE, at least LABOUR_MISMATCH_MIN_EURO), or null. */
export function labourMismatch(row: LabourRow): string | null {
  if (isSafety(row)) return null;
  const declared = declaredLabourCost(row);
  const list = listLabourCost(row);
  if (declared === null || list === null) return null;
  if (Math.abs(declared - list) <= Math.max(LABOUR_MISMATCH_MIN_EURO, Math.abs(list) * LABOUR_MISMATCH_SHARE) + 1e-9) return null;
  const pct = (n: number | null | undefined) => (isNum(n) ? ` (${n.toLocaleString('it-IT', { maximumFractionDigits: 2 })}%)` : '');
  const own = declaredIncidence(row);
  return `costo della manodopera dichiarato nel computo ${euro(fromNumber(declared))}${pct(own)} contro ${euro(fromNumber(list))}${pct(row.price_source?.incidenza_manodopera)} dal prezzario`;
}

const HUNDRED = parsePlain('100');
const HUNDREDTH = parsePlain('0.01');
/** Lower case, no accents. */
const fold = (t: string) => t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const dec = (n: number | null | undefined): Decimal | null => (typeof n === 'number' && Number.isFinite(n) ? fromNumber(n) : null);

/** € = amount × incidence / 100, half-up to the cent; null when either is missing. */
export function costoManodopera(totale: number | null | undefined, incidenza: number | null | undefined): number | null {
  const t = dec(totale);
  const i = dec(incidenza);
  if (!t || !i) return null;
  return toNumber(round(mul(mul(t, i), HUNDREDTH), 2));
}

/** A chapter of safety costs: its name says "sicurezza" ("Oneri della sicurezza", "SICUREZZA"). */
export function isSafetyChapter(capitoli: LabourRow['capitoli']): boolean {
  if (!capitoli) return false;
  return [capitoli.supercategoria, capitoli.categoria, capitoli.sottocategoria].some((t) => t !== undefined && /\bsicurezza\b/.test(fold(t)));
}

/** A safety-cost voce: marked so by the estimator, else by its chapter. */
export const isSafety = (row: LabourRow): boolean => row.sicurezza ?? isSafetyChapter(row.capitoli);

/**
 * The labour cost of a row: none for a safety voce; the cost the computo prints while the row is
 * as read and its incidence is the computo's; else amount × incidence.
 */
export function rowLabourCost(row: LabourRow): number | null {
  if (isSafety(row)) return null;
  if (row.fonte_manodopera === 'documento' && isNum(row.costo_manodopera_dichiarato) && asRead(row)) return row.costo_manodopera_dichiarato;
  return costoManodopera(row.totale, row.incidenza_manodopera);
}

/**
 * The labour fields every row is presented with (API, exports). A safety voce has no labour cost
 * of its own: it is counted whole among the oneri della sicurezza (quadroManodopera), so the
 * rows' labour costs always add up to the quadro's.
 */
export function labourFields(row: LabourRow): {
  incidenza_manodopera: number | null;
  costo_manodopera: number | null;
  fonte_manodopera: FonteManodopera | null;
  sicurezza: boolean;
  manodopera_diversa?: string;
} {
  const incidenza = row.incidenza_manodopera ?? null;
  const sicurezza = isSafety(row);
  const mismatch = labourMismatch(row);
  return {
    ...(mismatch ? { manodopera_diversa: mismatch } : {}),
    incidenza_manodopera: incidenza,
    costo_manodopera: rowLabourCost(row),
    fonte_manodopera: incidenza === null ? (row.fonte_manodopera === 'manuale' ? 'manuale' : null) : (row.fonte_manodopera ?? 'prezzario'),
    sicurezza,
  };
}

/** The quadro of a document: "Stima dei costi della manodopera e della sicurezza". */
export interface QuadroManodopera {
  /** The sum of the voci's amounts. */
  importo_totale: number;
  /** The labour cost of the voci (safety voci apart), each rounded to the cent, summed. */
  costo_manodopera: number;
  /** Its share of the total, in percent (2 decimals); null for an empty document. */
  incidenza_manodopera: number | null;
  /** Voci (not safety costs) with an amount and no incidence known. */
  voci_senza_manodopera: { count: number; row_ids: number[] };
  /** The amount of the safety voci. */
  oneri_sicurezza: number;
  voci_sicurezza: number;
  /** importo_totale − costo_manodopera − oneri_sicurezza. */
  importo_soggetto_a_ribasso: number;
}

/**
 * The quadro from the rows. A safety voce counts whole among the oneri della sicurezza and never
 * in the labour cost (subtracting both would count its labour twice); every other voce with an
 * amount adds its labour cost, or is listed among those without an incidence.
 */
export function quadroManodopera(rows: readonly LabourRow[]): QuadroManodopera {
  const total: Decimal[] = [];
  const labour: Decimal[] = [];
  const safety: Decimal[] = [];
  const without: number[] = [];
  for (const row of rows) {
    const t = dec(row.totale);
    if (!t) continue;
    total.push(t);
    if (isSafety(row)) {
      safety.push(t);
      continue;
    }
    const cost = rowLabourCost(row);
    if (cost === null) without.push(row.id ?? -1);
    else labour.push(fromNumber(cost));
  }
  const tot = round(sum(total), 2);
  const lab = sum(labour);
  const saf = round(sum(safety), 2);
  return {
    importo_totale: toNumber(tot),
    costo_manodopera: toNumber(lab),
    incidenza_manodopera: tot.units === 0n ? null : toNumber(div(mul(lab, HUNDRED), tot, 2)),
    voci_senza_manodopera: { count: without.length, row_ids: without },
    oneri_sicurezza: toNumber(saf),
    voci_sicurezza: safety.length,
    importo_soggetto_a_ribasso: toNumber(sub(sub(tot, lab), saf)),
  };
}

/** The quadro's title and labels, the same on the page, in the workbook and in the PDF. */
export const LABOUR_TITLE = 'Stima dei costi della manodopera e della sicurezza';
export const LABOUR_LABELS = {
  totale: 'Importo complessivo dei lavori',
  manodopera: 'Costi della manodopera',
  incidenza: 'Incidenza della manodopera sull\u2019importo',
  sicurezza: 'Oneri della sicurezza non soggetti a ribasso',
  soggetto: 'Importo soggetto a ribasso',
  senza: 'Voci senza incidenza della manodopera',
} as const;

/** The quadro as label, value and kind of value, in the order a tender states it. */
export function labourLines(q: QuadroManodopera): Array<[string, number, 'euro' | 'share' | 'count']> {
  return [
    [LABOUR_LABELS.totale, q.importo_totale, 'euro'],
    [LABOUR_LABELS.manodopera, q.costo_manodopera, 'euro'],
    [LABOUR_LABELS.incidenza, q.incidenza_manodopera ?? 0, 'share'],
    [LABOUR_LABELS.sicurezza, q.oneri_sicurezza, 'euro'],
    [LABOUR_LABELS.soggetto, q.importo_soggetto_a_ribasso, 'euro'],
    [LABOUR_LABELS.senza, q.voci_senza_manodopera.count, 'count'],
  ];
}

/**
 * The row fields of the labour a computo states for a voce (issue 39): the declared figures kept
 * as read, and the row's incidence the computo's own (fonte 'documento'; pricing keeps it, the
 * list's stays in price_source). A cost printed without an incidence gives the incidence it
 * implies (cost / amount, 2 decimals); nothing stated gives nothing.
 */
export function declaredLabourFields(declared: { incidenza?: number; costo?: number }, totale: number | null): {
  incidenza_manodopera?: number | null;
  fonte_manodopera?: FonteManodopera;
  incidenza_manodopera_dichiarata?: number;
  costo_manodopera_dichiarato?: number;
} {
  const { incidenza, costo } = declared;
  if (incidenza === undefined && costo === undefined) return {};
  const t = dec(totale);
  const implied = costo !== undefined && t && t.units !== 0n ? toNumber(div(mul(fromNumber(costo), HUNDRED), t, 2)) : null;
  const own = incidenza ?? (implied !== null && implied > 0 && implied <= MAX_INCIDENZA ? implied : null);
  return {
    incidenza_manodopera: own,
    fonte_manodopera: 'documento',
    ...(incidenza !== undefined ? { incidenza_manodopera_dichiarata: incidenza } : {}),
    ...(costo !== undefined ? { costo_manodopera_dichiarato: costo } : {}),
  };
}
