/**
 * The traits of real contractors' workbooks, added to the offers of offer-workbook.ts when asked
 * (`offerWorkbook(seed, { real: true })`), each at random by seed: see that file's header. The
 * truth never changes with them: the voci are the same, the declared total is what the file states.
 */
import type ExcelJS from 'exceljs';
import { mulRound2, roundDec, type Rng } from './core.ts';
import { fromNumber, mul, round, toNumber } from '../../shared/domain/money.ts';
import { UNIT_PRICE_DECIMALS } from '../../shared/domain/amounts.ts';
import { moneyCell, type CellSpec, type Col, type Layout, type OfferVoce, type Writer } from './offer-workbook.ts';

/** Excel's accounting format: "€" at the cell's left edge, "€ -" for zero. */
export const ACCOUNTING = '_-€ * #,##0.00_-;-€ * #,##0.00_-;_-€ * "-"??_-;_-@_-';

export interface RealTraits {
  rng: Rng;
  names: string[];
  factors: Col[];
  /** Chance that a voce has measurement rows under it. */
  measurements: number;
  labour: boolean;
  formulas: boolean;
  accounting: boolean;
  hidden: 'importo' | 'listino' | null;
  notes: number;
  /** Chance that an "a corpo" voce leaves its quantity (one) blank. */
  corpoBlank: number;
  /** Chance that a voce without a code has its description on the row above its numbers. */
  descAbove: number;
  options: number;
  parents: number;
  forget: number;
  chapterCodes: boolean;
  chapterLetter: string;
  /** The header written again at the start of each chapter (as on each printed page). */
  repeatHeader: boolean;
  tail: boolean;
}

const FINAL = ['TOTALE COMPLESSIVO APPALTO', 'TOTALE COMPLESSIVO', 'TOTALE GENERALE', 'IMPORTO COMPLESSIVO DEI LAVORI', 'TOTALE OFFERTA'];
const FACTORS: Array<[Col, string]> = [
  ['f_unita', "UNITA'"],
  ['f_lungh', 'LUNGH.'],
  ['f_largh', 'LARGH.'],
  ['f_sup', 'SUPERFICIE'],
  ['f_peso', 'PESO / H'],
  ['f_cubo', 'CUBO'],
];
const PLACES = ['via Roma', 'tratto A-B', 'tratto B-C', 'pozzetto P3', 'sezione 2', 'lato nord', 'incrocio via Verdi', 'allaccio n. 4'];
const NOTES = ['Oneri di accesso alla discarica', 'Trasporto in cantiere dei materiali', 'Allacciamenti provvisori di cantiere', 'Pulizia finale del cantiere'];
const PARENTS = ['Scavo a sezione obbligata eseguito con mezzi meccanici', 'Fornitura e posa di tubazioni in PVC SN8', 'Conglomerato cementizio per opere di fondazione', 'Demolizione di murature di qualsiasi genere'];
const CHILDREN = ['in terreno di qualsiasi natura', 'in roccia tenera', 'fino a 2 m di profondità', 'diametro 250 mm', 'diametro 400 mm', 'classe C25/30', 'in mattoni pieni'];

function insertBefore(cols: Col[], at: Col, add: Col[]): void {
  const i = cols.indexOf(at);
  cols.splice(i < 0 ? cols.length : i, 0, ...add);
}

/** Adds the real traits to `layout`, drawn from `rng` (its own stream: the classic offer stays the same). */
export function realTraits(layout: Layout, rng: Rng, headers: Partial<Record<Col, string[]>>): void {
  const names: string[] = [];
  const trait = (name: string, p: number) => rng.chance(p) && names.push(name) > 0;
  const at = (c: Col) => layout.cols.indexOf(c);
  const factors = trait('fattori', 0.5) ? FACTORS.filter((_, i) => i === 0 || rng.chance(0.5)).map(([c]) => c) : [];
  if (factors.length) {
    layout.cols = layout.cols.filter((c) => c !== 'parti' && c !== 'parziale');
    insertBefore(layout.cols, 'quantita', factors);
  }
  const twoQuantities = trait('due quantità', 0.4);
  if (twoQuantities) insertBefore(layout.cols, 'quantita', ['quantita0']);
  const labour = trait('manodopera', 0.35);
  if (labour) layout.cols.splice(at('totale') + (rng.chance(0.5) ? 1 : 0), 0, 'mdo_inc', 'mdo_tot');
  const hidden = trait('colonna nascosta', 0.3) ? rng.pick(['importo', 'listino'] as const) : null;
  if (hidden) layout.cols.splice(at('totale') + (rng.chance(0.5) ? 1 : 0), 0, 'nascosta');
  const head = (c: Col): string[] => {
    const label = FACTORS.find(([f]) => f === c)?.[1];
    if (label) return [label, ''];
    if (c === 'quantita0' || (c === 'quantita' && twoQuantities)) return ["QUANTITA'", ''];
    if (c === 'mdo_inc') return ['Mdo inc. %', ''];
    if (c === 'mdo_tot') return ['Tot . mdo', ''];
    if (c === 'nascosta') return [hidden === 'importo' ? 'IMPORTO' : 'PREZZO LISTINO', ''];
    return [rng.pick(headers[c]!), ''];
  };
  layout.headers = layout.cols.map(head);
  if (trait('U', 0.5)) layout.headers[at('um')] = ['U', ''];
  if (trait('A EURO', 0.3)) layout.headers[at('unitario')] = ['A EURO', ''];
  else if (trait('intestazioni su più righe', 0.3)) layout.headers[at('unitario')] = ['PREZZO\nUNITARIO', ''];
  if (rng.chance(0.3)) layout.headers[at('totale')] = ['IMPORTO\nTOTALE', ''];
  const formulas = trait('formule non arrotondate', 0.5);
  const accounting = trait('formato contabile', 0.4);
  if (formulas || accounting) layout.money = rng.pick([0, 1]);
  const tail = trait('righe sotto il totale', 0.7);
  if (tail || rng.chance(0.8)) layout.grand = rng.pick(FINAL);
  const chapterCodes = trait('capitoli con codice', 0.4);
  layout.real = {
    rng,
    names,
    factors,
    measurements: factors.length ? 0.5 : 0,
    labour,
    formulas,
    accounting,
    hidden,
    notes: trait('escluso/compreso', 0.5) ? 0.15 : 0,
    descAbove: trait('descrizione sopra i numeri', 0.3) ? 0.4 : 0,
    corpoBlank: trait('a corpo senza quantità', 0.4) ? 0.7 : 0,
    repeatHeader: trait('intestazione ripetuta', 0.3),
    options: trait('opzioni', 0.4) ? 0.1 : 0,
    parents: trait('articoli padre', 0.5) ? 0.3 : 0,
    forget: trait('totale che dimentica un capitolo', 0.3) ? 1 : 0,
    chapterCodes,
    chapterLetter: rng.pick(['E', 'C', 'OS']),
    tail,
  };
}

const letter = (w: Writer, c: Col) => String.fromCharCode(65 + w.layout.cols.indexOf(c));

/** The voce row's cells the real traits add or change: factors, labour, a hidden column, formulas, accounting formats. */
export function labourValues(w: Writer, v: OfferVoce & { rate?: number }): Partial<Record<Col, CellSpec>> {
  const real = w.layout.real!;
  const { rng } = real;
  const out: Partial<Record<Col, CellSpec>> = {};
  const fmt = real.accounting ? ACCOUNTING : '#,##0.00';
  // A price computed by a formula (a list price less a discount), cached unrounded.
  const discounted = real.formulas && v.rate === undefined && rng.chance(0.3) ? discountedPrice(v, rng.pick([0.0735, 0.125, 0.0333])) : null;
  // What a formula caches: the product in floating point, unrounded.
  const product = v.quantita * (discounted?.full ?? v.unitario);
  if (real.factors.length && v.rate === undefined && rng.chance(0.5)) out.f_unita = { value: 1 };
  if (!v.tariffa && v.rate === undefined && rng.chance(real.descAbove)) {
    // The description on a row of its own, the numbers on the next one.
    w.put({ descrizione: { value: v.descrizione } });
    out.descrizione = undefined;
  }
  if (real.formulas) out.totale = { value: { formula: `${letter(w, 'quantita')}${w.row}*${letter(w, 'unitario')}${w.row}`, result: product } as ExcelJS.CellFormulaValue, numFmt: fmt };
  else if (real.accounting) out.totale = { value: v.totale, numFmt: ACCOUNTING };
  if (real.accounting && v.rate === undefined) out.unitario = { value: v.unitario, numFmt: ACCOUNTING };
  if (discounted) {
    out.unitario = discounted.cell;
    // The truth from here on: what the cells say, read by the shared rule.
    v.unitario = discounted.stored;
    v.totale = discounted.totale;
  }
  // "a corpo" written with its price and amount only: the quantity one is understood.
  if (v.unita_di_misura === 'a corpo' && v.quantita === 1 && rng.chance(real.corpoBlank)) out.quantita = undefined;
  if (real.labour) {
    const inc = rng.real(0.1, 0.6, 2);
    out.mdo_inc = rng.chance(0.5) ? { value: inc, numFmt: '0.00%' } : { value: roundDec(inc * 100, 0) };
    out.mdo_tot = { value: mulRound2([v.totale, inc]), numFmt: fmt };
  }
  if (real.hidden === 'importo') out.nascosta = { value: product };
  if (real.hidden === 'listino') out.nascosta = { value: roundDec(v.unitario * 1.1 + 0.37, 2), numFmt: '#,##0.00' };
  return out;
}

/**
 * A price computed by a formula, its list price less `discount`, as Excel caches it (a float with
 * many decimals): the cell's value, and the truth as a reader of the cells has it (the price kept to
 * the unit-price decimals of shared/domain/amounts.ts, the amount round(q × p) of the cells' values, half-up to the cent).
 */
function discountedPrice(v: OfferVoce, discount: number): { cell: CellSpec; full: number; stored: number; totale: number } {
  const full = v.unitario * (1 - discount);
  const exact = fromNumber(full);
  return {
    cell: { value: { formula: `${v.unitario}*(1-${discount})`, result: full } as ExcelJS.CellFormulaValue, numFmt: '#,##0.00' },
    full,
    stored: toNumber(round(exact, UNIT_PRICE_DECIMALS)),
    totale: toNumber(round(mul(fromNumber(v.quantita), exact), 2)),
  };
}

/** Measurement rows under a voce: place, factors and a partial quantity, no price, no amount (or "€ -"). */
export function measurementRows(w: Writer, v: OfferVoce & { rate?: number }): string[] {
  const real = w.layout.real!;
  const { rng } = real;
  if (v.rate !== undefined || !real.factors.length || !rng.chance(real.measurements)) return [];
  const labels: string[] = [];
  const k = rng.int(1, 3);
  const part = roundDec(v.quantita / (k + 1), 2);
  for (let i = 0; i < k; i++) {
    const label = rng.pick(PLACES);
    const zero: CellSpec | undefined = real.accounting ? (rng.chance(0.5) ? { value: 0, numFmt: ACCOUNTING } : { value: '€ -' }) : undefined;
    w.put({ descrizione: { value: label }, f_unita: { value: rng.int(1, 4) }, f_lungh: { value: rng.real(1, 40, 2) }, f_largh: { value: rng.real(0.5, 3, 2) }, quantita: { value: part }, totale: zero });
    labels.push(label);
  }
  return labels;
}

/** A row with "escluso" / "compreso" where the price goes: not a voce. */
export function noteRow(w: Writer): string {
  const { rng } = w.layout.real!;
  const label = rng.pick(NOTES);
  w.put({ descrizione: { value: label }, um: rng.chance(0.5) ? { value: 'a corpo' } : undefined, unitario: { value: rng.pick(['escluso', 'compreso', 'ESCLUSO', 'compreso nel prezzo', 'Escluso']) } });
  return label;
}

/** An option ("OPZIONE: ..."), with or without its amount: not a voce, not in the total. */
export function optionRow(w: Writer): string {
  const { rng } = w.layout.real!;
  const label = `OPZIONE: ${rng.pick(['fornitura di chiusini in ghisa sferoidale classe D400', 'pavimentazione in autobloccanti in luogo del conglomerato', 'smaltimento in discarica del materiale di scavo'])}`;
  const q = rng.real(1, 50, 0);
  const p = rng.real(10, 900, 2);
  const money = (x: number) => moneyCell(rng, w.layout.money, x);
  const style = rng.pick(['full', 'full', 'amount', 'none'] as const);
  if (style === 'full') w.put({ descrizione: { value: label }, um: { value: 'cad' }, quantita: { value: q }, unitario: money(p), totale: money(mulRound2([q, p])) });
  else if (style === 'amount') w.put({ descrizione: { value: label }, totale: money(mulRound2([q, p])) });
  else w.put({ descrizione: { value: label } });
  return label;
}

/** A parent article (code, description ending in ":", no numbers) and the one or two voci it heads, with the words of their own cells. */
export function parentRow(w: Writer, v: OfferVoce): Array<{ voce: OfferVoce; cell: string }> {
  const { rng } = w.layout.real!;
  const text = `${rng.pick(PARENTS)}:`;
  w.put({ codice: { value: v.tariffa }, descrizione: { value: text } });
  return Array.from({ length: rng.int(1, 2) }, (_, i) => {
    const cell = rng.pick(CHILDREN);
    const unitario = i === 0 ? v.unitario : roundDec(v.unitario * 1.25, 2);
    // The truth reads the parent's words before the voce's own.
    return { voce: { ...v, tariffa: `${v.tariffa}.${String((i + 1) * 10).padStart(4, '0')}`, descrizione: `${text} ${cell}`, unitario, totale: mulRound2([v.quantita, unitario]) }, cell };
  });
}

/** A chapter's total without total words: the amount alone, beside the chapter's code or nothing. */
export function chapterTotalRow(w: Writer, code: string, amount: number): void {
  const { rng } = w.layout.real!;
  const money = moneyCell(rng, w.layout.money, amount);
  w.put({ codice: w.layout.cols.includes('codice') && rng.chance(0.5) ? { value: code } : undefined, totale: w.layout.real!.accounting ? { value: amount, numFmt: ACCOUNTING } : money });
}

/** Below the grand total: a discount, the discounted total, the agreed price, the firm's name and address, a sum of two offers. */
export function writeTail(w: Writer, declared: number): string[] {
  const { rng } = w.layout.real!;
  const real = w.layout.real!;
  if (!real.tail) return [];
  const money = (x: number) => (real.accounting ? { value: x, numFmt: ACCOUNTING } : moneyCell(rng, w.layout.money, x));
  const rate = rng.pick([3, 5, 8, 10, 12.5]);
  const discount = -mulRound2([declared, rate / 100]);
  const labels: string[] = [];
  const line = (label: string, values: Partial<Record<Col, CellSpec>>) => {
    w.put({ descrizione: { value: label }, ...values });
    labels.push(label);
  };
  const pct = `-${rate.toFixed(2).replace('.', ',')}%`;
  line(`Sconto ${pct}`, { totale: money(discount), ...(rng.chance(0.5) ? { unitario: { value: pct } } : {}) });
  line('Totale', { totale: money(roundDec(declared + discount, 2)) });
  if (rng.chance(0.7)) line('Concordato', { totale: money(Math.floor((declared + discount) / 1000) * 1000) });
  w.row++;
  line('Impresa Edile Bianchi S.r.l.', {});
  line('Via dei Mille 12 - 55100 Lucca (LU)', {});
  if (rng.chance(0.5)) line('Offerta lotto 1 + lotto 2', { um: { value: 'a corpo' }, quantita: { value: 1 }, unitario: money(roundDec(declared * 1.5, 2)), totale: money(roundDec(declared * 1.5, 2)) });
  return labels;
}
