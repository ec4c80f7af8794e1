/**
 * The computo model every office family prints: chapters and voci built by the shared generator
 * content (real SIX descriptions, units and prices; exact amounts, half-up to 2 decimals), plus the
 * voci spreadsheets carry and program prints do not: a percentage voce (unit `%`, the base amount
 * as quantity, a 4-decimal rate as unit price), an `a corpo` voce, voci without a code, and a
 * second amount column (`di cui manodopera`). `checkOffice` throws if any amount does not hold.
 */
import { type Rng, roundDec, sum2 } from '../core.ts';
import { type Chapter, type Misura, type Model, type ModelOptions, buildModel } from '../content.ts';

export type VoceKind = 'normal' | 'percent' | 'corpo';

export interface OfficeVoce {
  n: number;
  /** '' = no code printed (the description is the key). */
  tariffa: string;
  titolo: string;
  estesa: string;
  um: string;
  quantita: number;
  unitario: number;
  totale: number;
  kind: VoceKind;
  misure: Misura[];
  chapter: number;
  sub: number;
  /** Labour share of the amount (`di cui manodopera`), half-up to 2 decimals. */
  manodopera: number;
}

export interface OfficeChapter {
  num: number;
  title: string;
  subs: Array<{ num: number; title: string; voci: OfficeVoce[]; total: number }>;
  total: number;
}

/** The PDF generator's model (title block, total) with the office families' chapters and voci. */
export type OfficeModel = Omit<Model, 'chapters' | 'voci'> & {
  chapters: OfficeChapter[];
  voci: OfficeVoce[];
};

/** Decimals of `v` (at most 6). */
export function decimalsOf(v: number): number {
  for (let d = 0; d <= 6; d++) if (roundDec(v, d) === v) return d;
  throw new Error(`office generator: ${v} has more than 6 decimals`);
}

function scaled(v: number): { n: bigint; d: number } {
  const d = decimalsOf(v);
  const [i, f = ''] = Math.abs(v).toFixed(d).split('.');
  return { n: BigInt(i + f) * (v < 0 ? -1n : 1n), d };
}

/** round-half-up(a × b × …, 2) computed exactly, whatever the factors' decimals (≤ 6 each). */
export function mulExact(values: readonly number[]): number {
  let p = 1n;
  let scale = 0;
  for (const v of values) {
    const s = scaled(v);
    p *= s.n;
    scale += s.d;
  }
  const neg = p < 0n;
  if (neg) p = -p;
  if (scale <= 2) return ((neg ? -1 : 1) * Number(p * 10n ** BigInt(2 - scale))) / 100;
  const div = 10n ** BigInt(scale - 2);
  let q = p / div;
  if ((p % div) * 2n >= div) q += 1n;
  return ((neg ? -1 : 1) * Number(q)) / 100;
}

export interface OfficeOptions extends ModelOptions {
  /** Probability that a voce prints no code. */
  noCode?: number;
  /** Add one percentage voce at the end of a chapter (base = the chapter's amount so far). */
  percent?: boolean;
  /** Turn one voce into an `a corpo` voce (quantity 1). */
  corpo?: boolean;
}

const PERCENT_TITLES = [
  'Oneri per la sicurezza non soggetti a ribasso, in percentuale sui lavori del capitolo',
  'Spese generali di cantiere in percentuale sull\'importo delle opere precedenti',
  'Maggiorazione per lavori in quota in percentuale sulle voci precedenti',
  'Incremento per lavorazioni in orario notturno, percentuale sull\'importo del capitolo',
];
const CORPO_TITLES = [
  'Allestimento del cantiere, recinzione, baraccamenti e servizi igienici, compreso lo smontaggio a fine lavori',
  'Pratiche catastali, collaudi e certificazioni degli impianti',
  'Pulizia finale del cantiere e delle aree di lavoro con trasporto a discarica dei materiali di risulta',
];

function fromChapters(chapters: OfficeChapter[]): OfficeVoce[] {
  return chapters.flatMap(c => c.subs.flatMap(s => s.voci));
}

/** Builds a model with the office extras; numbers voci 1..N in print order and checks every amount. */
export function buildOfficeModel(rng: Rng, o: OfficeOptions): OfficeModel {
  const base: Model = buildModel(rng, o);
  const conv = (ch: Chapter): OfficeChapter => ({
    num: ch.num,
    title: ch.title,
    total: 0,
    subs: ch.subs.map(s => ({
      num: s.num,
      title: s.title,
      total: 0,
      voci: s.voci.map(v => ({
        n: v.n,
        tariffa: rng.chance(o.noCode ?? 0) ? '' : v.tariffa,
        titolo: v.titolo,
        estesa: v.estesa,
        um: v.um,
        quantita: v.quantita,
        unitario: v.unitario,
        totale: v.totale,
        kind: 'normal' as VoceKind,
        misure: v.misure,
        chapter: v.chapter,
        sub: v.sub,
        manodopera: 0,
      })),
    })),
  });
  const chapters = base.chapters.map(conv);
  if (o.corpo) {
    const all = fromChapters(chapters);
    const v = all[rng.int(0, all.length - 1)];
    v.kind = 'corpo';
    v.titolo = rng.pick(CORPO_TITLES);
    v.estesa = '';
    v.um = 'a corpo';
    v.misure = [];
    v.quantita = 1;
    v.unitario = roundDec(rng.int(8, 400) * 25, 2);
    v.totale = v.unitario;
  }
  if (o.percent) {
    const ch = chapters[rng.int(0, chapters.length - 1)];
    const sub = ch.subs[ch.subs.length - 1];
    const baseAmount = sum2(ch.subs.flatMap(s => s.voci).map(v => v.totale));
    const rate = roundDec(rng.int(150, 2500) / 10000, 4);
    sub.voci.push({
      n: 0,
      tariffa: rng.chance(0.5) ? '' : `NP.${String(rng.int(1, 20)).padStart(2, '0')}`,
      titolo: rng.pick(PERCENT_TITLES),
      estesa: '',
      um: '%',
      quantita: baseAmount,
      unitario: rate,
      totale: mulExact([baseAmount, rate]),
      kind: 'percent',
      misure: [],
      chapter: ch.num,
      sub: sub.num,
      manodopera: 0,
    });
  }
  let n = 0;
  for (const ch of chapters) {
    for (const s of ch.subs) {
      for (const v of s.voci) {
        v.n = ++n;
        v.manodopera = mulExact([v.totale, roundDec(rng.int(8, 55) / 100, 2)]);
      }
      s.total = sum2(s.voci.map(v => v.totale));
    }
    ch.total = sum2(ch.subs.map(s => s.total));
  }
  const voci = fromChapters(chapters);
  const m: OfficeModel = { chapters, voci, total: sum2(voci.map(v => v.totale)), ente: base.ente, oggetto: base.oggetto, luogo: base.luogo, tecnico: base.tecnico, date: base.date };
  checkOffice(m);
  return m;
}

/** Throws if an amount of the model does not hold exactly. */
export function checkOffice(m: OfficeModel): void {
  const fail = (msg: string): never => {
    throw new Error(`office generator invariant violated: ${msg}`);
  };
  for (const v of m.voci) {
    if (v.totale !== mulExact([v.quantita, v.unitario])) fail(`voce ${v.n}: ${v.quantita} × ${v.unitario} ≠ ${v.totale}`);
    if (v.misure.length && v.quantita !== sum2(v.misure.map(x => x.parziale))) fail(`voce ${v.n}: measurements do not add up`);
    for (const x of v.misure) if (x.parziale !== mulExact(x.dims.filter((d): d is number => d != null))) fail(`voce ${v.n}: partial ${x.parziale}`);
    if (!(v.quantita > 0) || !(v.unitario > 0)) fail(`voce ${v.n}: non-positive quantity or price`);
  }
  m.voci.forEach((v, i) => v.n !== i + 1 && fail(`voce numbering at ${i + 1}`));
  for (const c of m.chapters) {
    for (const s of c.subs) if (s.total !== sum2(s.voci.map(v => v.totale))) fail(`sub-chapter ${c.num}.${s.num} total`);
    if (c.total !== sum2(c.subs.map(s => s.total))) fail(`chapter ${c.num} total`);
  }
  if (m.total !== sum2(m.voci.map(v => v.totale))) fail('document total');
}

/** The designation as printed: title and description joined by one space. */
export const designation = (v: OfficeVoce): string => (v.estesa ? `${v.titolo} ${v.estesa}` : v.titolo);
