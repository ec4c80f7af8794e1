/**
 * The two real workbooks of issue 38, rebuilt from their description (the originals are not ours
 * to ship), with exceljs as their authors' Excel saved them:
 *
 * - `offerta-impresa.xlsx`, a contractor's offer for earthworks and sewers: 91 voci without codes
 *   in four chapters (rows "C-1 MOVIMENTI TERRA" … and their totals), voci summing to 912.330,61 €;
 *   columns N. | DESCRIZIONE | U | UNITA' | LUNGH. | LARGH. | SUPERFICIE | PESO / H | CUBO |
 *   QUANTITA' (always empty) | QUANTITA' | PREZZO UNITARIO | (hidden COSTO) | IMPORTO, accounting
 *   formats ("€ -" for zero), measurement rows under the voci, amounts as formulas whose cached
 *   values are unrounded, "escluso"/"compreso" rows, an OPZIONE row; its `TOTALE COMPLESSIVO
 *   APPALTO` is 547.544,73 € (the author's formula forgets the cell of chapter C-2), and below it
 *   "Sconto -8,00%", "Totale", "Concordato", the firm's name and town, a sum of two offers.
 * - `preventivo-percentuale.xlsx`, an estimate on Lombardia 2024 and DEI prices: 27 voci, columns
 *   CATEGORIA | CODICE ARTICOLO | DESCRIZIONE DETTAGLIATA | U.M. | Q.TA' | A EURO | Mdo inc. % |
 *   Tot . mdo | TOTALE, parent rows (a code and a description ending in ":" without numbers) above
 *   their voci, a % voce (U.M. "%", the base amount as quantity, 19,23% as price), TOTALE 29.992,29 €.
 *
 * `npx tsx tests/generator/real-workbooks.ts` writes both, with their truth, to tests/fixtures/computi.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { makeRng, mulRound2, roundDec, sum2, type Rng } from './core.ts';
import { ACCOUNTING } from './offer-workbook-traits.ts';
import type { OfferVoce } from './offer-workbook.ts';

export interface RealTruth {
  name: string;
  voci: OfferVoce[];
  declared: number;
  sum: number;
  /** Labels of rows that must never become voci. */
  neverVoci: string[];
}

/** n voci whose amounts add up to `target` exactly: the last one "a corpo" takes the rest. */
function vociSumming(rng: Rng, n: number, target: number, make: (rng: Rng, i: number) => Pick<OfferVoce, 'tariffa' | 'descrizione'>, units: string[]): OfferVoce[] {
  const out: OfferVoce[] = [];
  const share = target / n;
  for (let i = 0; i < n - 1; i++) {
    const unit = rng.pick(units);
    const q = unit === 'a corpo' ? 1 : rng.real(1, 400, rng.pick([0, 2, 2, 3]));
    const p = Math.max(0.5, roundDec((share * rng.real(0.3, 1.4, 2)) / q, 2));
    out.push({ ...make(rng, i), unita_di_misura: unit, quantita: q, unitario: p, totale: mulRound2([q, p]) });
  }
  const rest = roundDec(target - sum2(out.map((v) => v.totale)), 2);
  if (rest <= 0) throw new Error(`target ${target} overshot`);
  out.push({ ...make(rng, n - 1), unita_di_misura: 'a corpo', quantita: 1, unitario: rest, totale: rest });
  return out;
}

const OFFER_COLS = ['N.', 'DESCRIZIONE', 'U', "UNITA'", 'LUNGH.', 'LARGH.', 'SUPERFICIE', 'PESO / H', 'CUBO', "QUANTITA'", "QUANTITA'", 'PREZZO\nUNITARIO', 'COSTO', 'IMPORTO'];
const C = { n: 1, descr: 2, u: 3, unita: 4, lungh: 5, largh: 6, sup: 7, peso: 8, cubo: 9, q0: 10, q: 11, p: 12, cost: 13, t: 14 };
const CHAPTERS: Array<{ code: string; title: string; n: number; target: number; works: string[] }> = [
  { code: 'C-1', title: 'MOVIMENTI TERRA', n: 25, target: 210_318.42, works: ['Scavo di sbancamento con mezzi meccanici', 'Scavo a sezione obbligata fino a 3 m', 'Rinterro con materiale di scavo', 'Trasporto a discarica autorizzata', 'Fornitura di misto granulare stabilizzato', 'Compattazione del piano di posa'] },
  { code: 'C-2', title: 'FOGNATURA ACQUE NERE', n: 30, target: 364_785.88, works: ['Tubazione in PVC SN8 DN 315', 'Tubazione in gres DN 250', 'Pozzetto di ispezione prefabbricato 100x100', 'Chiusino in ghisa sferoidale D400', 'Allaccio fognario privato', 'Letto e rinfianco in sabbia'] },
  { code: 'C-3', title: 'FOGNATURA ACQUE BIANCHE', n: 22, target: 249_871.05, works: ['Tubazione in PEAD corrugato DN 400', 'Caditoia stradale in ghisa', 'Pozzetto sifonato 50x50', 'Canaletta grigliata carrabile', 'Bauletto in calcestruzzo C20/25'] },
  { code: 'C-4', title: 'RIPRISTINI STRADALI', n: 14, target: 87_355.26, works: ['Fresatura di pavimentazione bituminosa', 'Binder in conglomerato bituminoso sp. 7 cm', 'Tappeto di usura sp. 3 cm', 'Segnaletica orizzontale', 'Cordolo in calcestruzzo'] },
];
const OFFER_UNITS = ['mc', 'mq', 'ml', 'cad', 'kg', 'h', 't', 'a corpo'];

class OfferSheet {
  row = 1;
  readonly neverVoci: string[] = [];
  constructor(
    readonly ws: ExcelJS.Worksheet,
    readonly rng: Rng,
  ) {}

  put(cells: Record<number, ExcelJS.CellValue>, fmt: Record<number, string> = {}): void {
    for (const [c, v] of Object.entries(cells)) {
      const cell = this.ws.getCell(this.row, Number(c));
      cell.value = v;
      if (fmt[Number(c)]) cell.numFmt = fmt[Number(c)];
    }
    this.row++;
  }

  voce(v: OfferVoce, n: number): void {
    const { rng } = this;
    const product = v.quantita * v.unitario;
    const amount: ExcelJS.CellValue = rng.chance(0.6) ? ({ formula: `K${this.row}*L${this.row}`, result: product } as ExcelJS.CellFormulaValue) : v.totale;
    this.put({ [C.n]: n, [C.descr]: v.descrizione, [C.u]: v.unita_di_misura, [C.unita]: rng.chance(0.5) ? rng.int(1, 3) : null, [C.q]: v.quantita, [C.p]: v.unitario, [C.cost]: roundDec(v.unitario * 0.72, 2), [C.t]: amount }, { [C.p]: ACCOUNTING, [C.t]: ACCOUNTING, [C.q]: '#,##0.00' });
    if (v.unita_di_misura === 'a corpo' || !rng.chance(0.4)) return;
    for (let k = rng.int(1, 3); k > 0; k--) {
      const label = rng.pick(['via Roma', 'via Garibaldi tratto 1', 'piazza del Comune', 'strada provinciale', 'lato monte', 'allacci civici 1-12']);
      const [l, w, h] = [rng.real(2, 60, 2), rng.real(0.6, 2.5, 2), rng.real(0.8, 3, 2)];
      const zero = rng.chance(0.5) ? { v: 0, f: ACCOUNTING } : { v: '€ -', f: '' };
      this.put({ [C.descr]: label, [C.unita]: 1, [C.lungh]: l, [C.largh]: w, [C.sup]: roundDec(l * w, 2), [C.peso]: h, [C.cubo]: roundDec(l * w * h, 2), [C.q]: roundDec(l * w * h, 2), [C.t]: zero.v }, zero.f ? { [C.t]: zero.f } : {});
      this.neverVoci.push(label);
    }
  }

  note(): void {
    const label = this.rng.pick(['Oneri di conferimento a discarica', 'Tracciamenti e picchettamenti', 'Assistenza agli allacci degli enti gestori']);
    this.put({ [C.descr]: label, [C.u]: 'a corpo', [C.p]: this.rng.pick(['escluso', 'compreso']) });
    this.neverVoci.push(label);
  }
}

function offerTail(s: OfferSheet, declared: number): void {
  const discount = -mulRound2([declared, 0.08]);
  const rows: Array<[string, number | null]> = [
    ['Sconto -8,00%', discount],
    ['Totale', roundDec(declared + discount, 2)],
    ['Concordato', 500_000],
    ['', null],
    ['MOVITER COSTRUZIONI S.R.L.', null],
    ['Castelfranco di Sotto (PI)', null],
    ['Offerta fognature + offerta strade', 612_480.5],
  ];
  for (const [label, amount] of rows) {
    if (label) s.neverVoci.push(label);
    s.put({ [C.descr]: label || null, [C.t]: amount }, { [C.t]: ACCOUNTING });
  }
}

/** The contractor's offer: 91 voci, no codes, voci 912.330,61 €, declared 547.544,73 €. */
export async function contractorOffer(): Promise<{ bytes: Uint8Array; truth: RealTruth }> {
  const rng = makeRng(3801);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('OFFERTA');
  const s = new OfferSheet(ws, rng);
  s.put({ 1: 'MOVITER COSTRUZIONI S.R.L.' });
  s.put({ 1: 'OFFERTA ECONOMICA - Lavori di realizzazione della rete fognaria e movimenti terra' });
  s.row++;
  s.put(Object.fromEntries(OFFER_COLS.map((h, i) => [i + 1, h])));
  ws.getColumn(C.cost).hidden = true;
  const voci: OfferVoce[] = [];
  const chapterTotals: number[] = [];
  let n = 0;
  for (const ch of CHAPTERS) {
    s.put({ [C.n]: ch.code, [C.descr]: ch.title });
    const mine = vociSumming(rng, ch.n, ch.target, (r, i) => ({ tariffa: '', descrizione: `${r.pick(ch.works)} - ${ch.title.toLowerCase()} ${i + 1}` }), OFFER_UNITS);
    mine.forEach((v, i) => {
      if (i === 5 || i === 17) s.note();
      s.voce(v, ++n);
    });
    if (ch.code === 'C-2') {
      s.put({ [C.descr]: 'OPZIONE: pozzetti in calcestruzzo gettato in opera in luogo dei prefabbricati', [C.u]: 'cad', [C.q]: 12, [C.p]: 1450, [C.t]: 17400 }, { [C.p]: ACCOUNTING, [C.t]: ACCOUNTING });
      s.neverVoci.push('OPZIONE: pozzetti in calcestruzzo gettato in opera in luogo dei prefabbricati');
    }
    const total = sum2(mine.map((v) => v.totale));
    chapterTotals.push(total);
    s.put({ [C.descr]: ch.code === 'C-3' ? null : `TOTALE ${ch.code} ${ch.title}`, [C.t]: total }, { [C.t]: ACCOUNTING });
    s.row++;
    voci.push(...mine);
  }
  // The author's formula: =T(C-1)+T(C-3)+T(C-4), the cell of C-2 forgotten (and the option left out).
  const declared = sum2([chapterTotals[0], chapterTotals[2], chapterTotals[3]]);
  s.put({ [C.descr]: 'TOTALE COMPLESSIVO APPALTO', [C.t]: declared }, { [C.t]: ACCOUNTING });
  s.neverVoci.push('TOTALE COMPLESSIVO APPALTO');
  s.row++;
  offerTail(s, declared);
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  return { bytes, truth: { name: 'offerta-impresa.xlsx', voci, declared, sum: sum2(voci.map((v) => v.totale)), neverVoci: s.neverVoci } };
}

const ESTIMATE_COLS = ['CATEGORIA', 'CODICE ARTICOLO', 'DESCRIZIONE DETTAGLIATA', 'U.M.', "Q.TA'", 'A EURO', 'Mdo inc. %', 'Tot . mdo', 'TOTALE'];
/** Parent articles (Lombardia 2024) and the voci under each; DEI voci stand alone. */
const ESTIMATE_GROUPS: Array<{ category: string; parent?: [string, string]; children: Array<[string, string, string]> }> = [
  { category: 'DEMOLIZIONI', parent: ['1C.01.050', 'Demolizione di pavimenti e rivestimenti, compreso il carico e trasporto alle discariche:'], children: [['1C.01.050.0010', 'pavimenti in ceramica', 'm²'], ['1C.01.050.0020', 'rivestimenti in ceramica', 'm²'], ['1C.01.050.0030', 'sottofondi in cls fino a 8 cm', 'm²']] },
  { category: 'DEMOLIZIONI', children: [['1C.01.090.0010', 'Rimozione di apparecchi sanitari, compreso il carico', 'cad'], ['1C.01.120.0010', 'Demolizione di tramezze in laterizio forato', 'm²']] },
  { category: 'OPERE MURARIE', parent: ['1C.06.100', 'Tavolati in laterizio forato, posati con malta bastarda:'], children: [['1C.06.100.0010', 'spessore 8 cm', 'm²'], ['1C.06.100.0020', 'spessore 12 cm', 'm²']] },
  { category: 'OPERE MURARIE', parent: ['1C.10.050', 'Intonaco civile per interni su pareti verticali:'], children: [['1C.10.050.0010', 'rinzaffo e arriccio', 'm²'], ['1C.10.050.0020', 'finitura a stucco', 'm²'], ['1C.10.050.0030', 'rasatura a gesso', 'm²']] },
  { category: 'SOTTOFONDI E PAVIMENTI', parent: ['1C.16.050', 'Sottofondo per pavimenti in calcestruzzo alleggerito:'], children: [['1C.16.050.0010', 'spessore fino a 6 cm', 'm²'], ['1C.16.050.0020', 'per ogni cm in più', 'm²']] },
  { category: 'SOTTOFONDI E PAVIMENTI', children: [['1C.18.200.0030', 'Pavimento in gres porcellanato 60x60, posato a colla', 'm²'], ['1C.18.350.0010', 'Zoccolino battiscopa in gres', 'm']] },
  { category: 'IMPIANTI', children: [['A25093', 'Punto acqua calda e fredda per apparecchio sanitario (DEI 2024)', 'cad'], ['A25135b', 'Punto di scarico in polipropilene (DEI 2024)', 'cad'], ['B05012', 'Vaso igienico sospeso in vitreous china (DEI 2024)', 'cad'], ['B05044', 'Lavabo in ceramica con colonna (DEI 2024)', 'cad'], ['B05120a', 'Piatto doccia in ceramica 80x80 (DEI 2024)', 'cad'], ['E15020', 'Punto luce interrotto (DEI 2024)', 'cad'], ['E15031', 'Presa di corrente 2P+T 16A (DEI 2024)', 'cad'], ['E15040', 'Punto presa TV e dati (DEI 2024)', 'cad']] },
  { category: 'FINITURE', parent: ['1C.24.120', 'Tinteggiatura con idropittura traspirante, due mani:'], children: [['1C.24.120.0010', 'su pareti', 'm²'], ['1C.24.120.0020', 'su soffitti', 'm²']] },
  { category: 'FINITURE', children: [['1C.22.100.0040', 'Porta interna in legno tamburato, battente 80x210', 'cad'], ['1C.26.060.0010', 'Pulizia finale di cantiere', 'a corpo']] },
];

/** round-half-up(amount × rate, 2), exactly: amount with 2 decimals, rate with 4. */
export function rateAmount(amount: number, rate: number): number {
  const p = BigInt(Math.round(amount * 100)) * BigInt(Math.round(rate * 10_000));
  return Number((p + 5_000n) / 10_000n) / 100;
}

/** Sum S of the 26 voci such that S + round(S × 19,23%) = 29.992,29 €. */
function baseFor(total: number, rate: number): number {
  for (let cents = Math.floor((total * 100) / (1 + rate)) - 50; ; cents++) {
    const s = cents / 100;
    if (sum2([s, rateAmount(s, rate)]) === total) return s;
  }
}

/** The estimate with a % voce: 27 voci, Lombardia 2024 and DEI codes, total 29.992,29 €. */
export async function percentEstimate(): Promise<{ bytes: Uint8Array; truth: RealTruth }> {
  const rng = makeRng(3802);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Preventivo');
  const rate = 0.1923;
  const base = baseFor(29_992.29, rate);
  const children = ESTIMATE_GROUPS.flatMap((g) => g.children.map(([code, text, unit]) => ({ g, code, text, unit })));
  const amounts = vociSumming(rng, children.length, base, () => ({ tariffa: '', descrizione: '' }), ['m²']);
  let row = 1;
  const put = (cells: ExcelJS.CellValue[], fmt: Record<number, string> = {}) => {
    cells.forEach((v, i) => {
      const cell = ws.getCell(row, i + 1);
      cell.value = v ?? null;
      if (fmt[i]) cell.numFmt = fmt[i];
    });
    row++;
  };
  put(['PREVENTIVO DI SPESA - Ristrutturazione appartamento, via Manzoni 8, Milano']);
  put(['Prezzi: Listino Regione Lombardia 2024 e DEI 2024']);
  row++;
  put(ESTIMATE_COLS);
  const voci: OfferVoce[] = [];
  let k = 0;
  let lastGroup: (typeof ESTIMATE_GROUPS)[number] | null = null;
  for (const c of children) {
    if (c.g !== lastGroup && c.g.parent) put([c.g.category, c.g.parent[0], c.g.parent[1]]);
    lastGroup = c.g;
    const a = amounts[k++];
    const q = c.unit === 'a corpo' ? 1 : c.unit === 'cad' ? rng.int(1, 6) : a.quantita;
    const p = c.unit === 'cad' ? roundDec(a.totale / q, 2) : a.unitario;
    const v: OfferVoce = { tariffa: c.code, descrizione: c.g.parent ? `${c.g.parent[1]} ${c.text}` : c.text, unita_di_misura: c.unit, quantita: q, unitario: p, totale: mulRound2([q, p]) };
    voci.push(v);
    const inc = rng.real(0.15, 0.65, 2);
    put([c.g.category, c.code, c.text, c.unit, q, p, inc, mulRound2([v.totale, inc]), { formula: `E${row}*F${row}`, result: q * p } as ExcelJS.CellFormulaValue], { 5: '#,##0.00', 6: '0%', 7: '#,##0.00', 8: '#,##0.00' });
  }
  // The last "a corpo" voce closes the base exactly; cad voci rounded their price, so the base is the voci's sum.
  const sumBefore = sum2(voci.map((v) => v.totale));
  const last = voci[voci.length - 1];
  last.unitario = roundDec(last.unitario + (base - sumBefore), 2);
  last.totale = last.unitario;
  ws.getCell(row - 1, 6).value = last.unitario;
  ws.getCell(row - 1, 9).value = { formula: `E${row - 1}*F${row - 1}`, result: last.unitario } as ExcelJS.CellFormulaValue;
  const pct: OfferVoce = { tariffa: 'SG.01', descrizione: "Spese generali e utile d'impresa sull'importo dei lavori", unita_di_misura: '%', quantita: base, unitario: rate, totale: rateAmount(base, rate) };
  voci.push(pct);
  put(['ONERI', 'SG.01', pct.descrizione, '%', base, rate, null, null, { formula: `E${row}*F${row}`, result: base * rate } as ExcelJS.CellFormulaValue], { 4: '#,##0.00', 5: '0.00%', 8: '#,##0.00' });
  row++;
  const declared = sum2(voci.map((v) => v.totale));
  put([null, null, 'TOTALE', null, null, null, null, null, declared], { 8: '#,##0.00' });
  put([null, null, 'IVA 10%', null, null, null, null, null, mulRound2([declared, 0.1])], { 8: '#,##0.00' });
  put([null, null, 'TOTALE IVA COMPRESA', null, null, null, null, null, roundDec(declared * 1.1, 2)], { 8: '#,##0.00' });
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  return { bytes, truth: { name: 'preventivo-percentuale.xlsx', voci, declared, sum: declared, neverVoci: ['TOTALE', 'IVA 10%', 'TOTALE IVA COMPRESA', ...ESTIMATE_GROUPS.flatMap((g) => (g.parent ? [g.parent[1]] : []))] } };
}

async function main(): Promise<void> {
  const out = path.resolve(import.meta.dirname, '../fixtures/computi');
  for (const make of [contractorOffer, percentEstimate]) {
    const { bytes, truth } = await make();
    writeFileSync(path.join(out, truth.name), bytes);
    writeFileSync(path.join(out, truth.name.replace(/\.xlsx$/, '.truth.json')), `${JSON.stringify(truth, null, 1)}\n`);
    console.log(truth.name, truth.voci.length, 'voci', truth.sum, 'declared', truth.declared);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await main();
