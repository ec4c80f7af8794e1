/**
 * Spreadsheet computi as contractors and offices write them, varied by seed (exceljs): a title
 * block above the table, headers in one or two rows with the words people use, columns in any
 * order, count columns ("N. parti", "Q.tà parziale") beside the quantity, chapters with a title
 * row and a subtotal row ("TOTALE SCAVI E RINTERRI", "Totale trattamento a calce"), voci with or
 * without codes, a percentage voce (unit %, the base as quantity, the rate as 19,23%), amounts
 * as numbers with a € format or as text ("€ 1.751,72", "17,74 €", "1'751,72"), empty spacer rows,
 * merged cells, a recap of the chapters and a grand total row that may or may not agree.
 * The truth is what the importer must read: every voce, and the declared grand total.
 *
 * `offerWorkbook(seed, { real: true })` adds, at random by seed, what real contractors' workbooks
 * do (tests/generator/offer-workbook-traits.ts): measurement-factor columns (UNITA', LUNGH.,
 * LARGH., SUPERFICIE, PESO / H, CUBO) with measurement rows under the voce, two QUANTITA' columns
 * (the first empty), a bare "U" unit header, "A EURO" as the price, multi-line headers, a labour
 * column beside the amount, accounting formats ("€ -" for zero), formulas whose cached amounts are
 * unrounded, a hidden column, "escluso"/"compreso" rows, OPZIONE rows, parent articles ending in
 * ":", chapter rows with codes ("E-1") and amount-only chapter totals, a declared total that
 * forgets a chapter, and below the grand total a discount, "Totale", "Concordato", the firm's name
 * and address: none of those is a voce.
 */
import ExcelJS from 'exceljs';
import { makeRng, mulRound2, roundDec, sum2, type Rng } from './core.ts';
import { realTraits, writeTail, parentRow, measurementRows, noteRow, optionRow, chapterTotalRow, labourValues, type RealTraits } from './offer-workbook-traits.ts';

export interface OfferVoce {
  tariffa: string;
  descrizione: string;
  unita_di_misura: string;
  quantita: number;
  unitario: number;
  totale: number;
}

export interface OfferTruth {
  seed: number;
  voci: OfferVoce[];
  /** The grand total the file prints (null: none), and whether it is the voci's sum. */
  declared: number | null;
  declaredAgrees: boolean;
  /** Labels of the subtotal and total rows, none of which may become a voce. */
  totalLabels: string[];
  percentVoci: number;
  /** Labels of rows that are never voci: measurement rows, notes, options, everything below the total. */
  neverVoci: string[];
  /** The real-workbook traits this seed has (empty for the classic offers). */
  traits: string[];
}

export type Col =
  | 'n'
  | 'codice'
  | 'descrizione'
  | 'um'
  | 'parti'
  | 'parziale'
  | 'quantita'
  | 'unitario'
  | 'totale'
  | 'f_unita'
  | 'f_lungh'
  | 'f_largh'
  | 'f_sup'
  | 'f_peso'
  | 'f_cubo'
  | 'quantita0'
  | 'mdo_inc'
  | 'mdo_tot'
  | 'nascosta';

const HEADERS: Partial<Record<Col, string[]>> = {
  n: ['N.', 'N. ord.', 'Num.', 'Nr.'],
  codice: ['Codice', 'Codice articolo', 'Tariffa', 'Art.', 'Cod. E.P.'],
  descrizione: ['Descrizione', 'Descrizione dei lavori', 'Designazione dei lavori', 'Lavorazione', 'DESCRIZIONE DELLE OPERE'],
  um: ['U.M.', 'Unità di misura', 'UM', 'U.d.M.', 'Unità'],
  parti: ['N. parti', 'Parti uguali', 'N.', 'Nr. elementi'],
  parziale: ['Q.tà parziale', 'Quantità parziale', 'Parziale'],
  quantita: ['Quantità', 'Q.tà', 'Quant.', 'Quantità totale', 'QUANTITA\''],
  unitario: ['Prezzo unitario', 'P.U.', 'Prezzo unit. €', 'Prezzo €', 'Prezzo unitario in euro'],
  totale: ['Importo', 'Importo totale', 'Totale €', 'Importo €', 'IMPORTO'],
};

const CHAPTERS = ['SCAVI E RINTERRI', 'Trattamento a calce', 'OPERE IN CEMENTO ARMATO', 'Pavimentazioni stradali', 'SEGNALETICA', 'Opere a verde', 'RETE DI SMALTIMENTO ACQUE', 'Demolizioni e rimozioni'];
const WORKS = [
  'Scavo di sbancamento eseguito con mezzi meccanici, compreso il carico sui mezzi di trasporto',
  'Rinterro con materiale proveniente dagli scavi, compattato a strati',
  'Fornitura e stesa di calce viva in ragione di kg 25 per m³',
  'Calcestruzzo per strutture in fondazione classe C25/30',
  'Acciaio in barre ad aderenza migliorata B450C',
  'Conglomerato bituminoso per strato di usura, spessore 3 cm',
  'Cordolo prefabbricato in calcestruzzo 12x25 cm',
  'Segnale stradale triangolare di pericolo, lato 90 cm',
  'Messa a dimora di alberi ad alto fusto, circonferenza 18-20 cm',
  'Tubazione in PVC SN8 diametro 315 mm posata in trincea',
  'Pozzetto prefabbricato 60x60 con chiusino in ghisa',
  'Demolizione di pavimentazione esistente e trasporto a discarica',
  'Noleggio di escavatore con operatore',
  'Trasporto a discarica autorizzata del materiale di risulta',
];
const UNITS = ['m²', 'mq', 'm³', 'mc', 'kg', 'cad', 'a corpo', 'h', 'ml', 't', 'm', 'n.', 'ql', 'cad.'];
const GRAND = ['TOTALE COMPLESSIVO APPALTO', 'TOTALE COMPLESSIVO', 'TOTALE GENERALE', 'IMPORTO COMPLESSIVO DEI LAVORI', 'Totale lavori', 'TOTALE OFFERTA'];

/** Amount as the file holds it: a number (formatted or not) or a text with €, in several styles. */
export function moneyCell(rng: Rng, style: number, v: number): { value: ExcelJS.CellValue; numFmt?: string } {
  const fixed = v.toFixed(2);
  const [i, d] = fixed.split('.');
  const group = (sep: string) => i.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  switch (style) {
    case 0:
      return { value: v, numFmt: '#,##0.00' };
    case 1:
      return { value: v, numFmt: '#,##0.00 "€"' };
    case 2:
      return { value: `€ ${group('.')},${d}` };
    case 3:
      return { value: `${group('.')},${d} €` };
    case 4:
      return { value: rng.chance(0.5) ? `${group('\u00a0')},${d}` : `${group("'")},${d}` };
    default:
      return { value: `${i},${d}` };
  }
}

export interface Layout {
  cols: Col[];
  headers: string[][];
  money: number;
  codes: boolean;
  merges: boolean;
  spacers: boolean;
  chapterTitles: boolean;
  recap: boolean;
  grand: string | null;
  grandOff: number;
  percentStyle: number;
  real: RealTraits | null;
}

function layoutOf(rng: Rng): Layout {
  const numeric: Col[] = rng.shuffle(['quantita', 'unitario', 'totale'] as Col[]);
  // Count columns sit before the quantity; the unit before or after the description.
  const counts: Col[] = rng.chance(0.6) ? (rng.chance(0.5) ? ['parti', 'parziale'] : [rng.pick(['parti', 'parziale'] as Col[])]) : [];
  const text: Col[] = rng.chance(0.8) ? ['codice', 'descrizione'] : ['descrizione', 'codice'];
  const um: Col[] = ['um'];
  const cols: Col[] = [...(rng.chance(0.6) ? (['n'] as Col[]) : []), ...text];
  const pos = rng.int(0, 2);
  if (pos === 0) cols.push(...um, ...counts, ...numeric);
  else if (pos === 1) cols.push(...counts, ...um, ...numeric);
  else cols.push(...counts, ...numeric.slice(0, 1), ...um, ...numeric.slice(1));
  const twoRows = rng.chance(0.3);
  const headers = cols.map((c) => {
    if (twoRows && c === 'unitario') return [rng.pick(['Prezzo', 'IMPORTI', 'Euro']), 'unitario'];
    if (twoRows && c === 'totale') return ['', rng.pick(['TOTALE', 'Importo'])];
    if (twoRows && c === 'parziale') return ['Quantità', 'parziale'];
    return [rng.pick(HEADERS[c]!), ''];
  });
  const grand = rng.chance(0.85) ? rng.pick(GRAND) : null;
  return {
    cols,
    headers,
    money: rng.int(0, 5),
    codes: rng.chance(0.7),
    merges: rng.chance(0.6),
    spacers: rng.chance(0.6),
    chapterTitles: rng.chance(0.7),
    recap: rng.chance(0.35),
    grand,
    grandOff: grand && rng.chance(0.2) ? rng.pick([100, -250.5, 1234.56]) : 0,
    percentStyle: rng.int(0, 2),
    real: null,
  };
}

export function makeVoce(rng: Rng, chapter: number, k: number, codes: boolean): OfferVoce {
  const unit = rng.pick(UNITS);
  const q = unit === 'a corpo' ? 1 : rng.real(0.5, 800, rng.pick([0, 2, 2, 3]));
  const p = rng.real(0.8, 2500, 2);
  return {
    tariffa: codes ? `${rng.pick(['TOS25_', 'A.', 'B', 'E.'])}${String(chapter + 1).padStart(2, '0')}.${String(k + 1).padStart(3, '0')}${rng.chance(0.3) ? '.a' : ''}` : '',
    descrizione: rng.pick(WORKS) + (rng.chance(0.5) ? ` (${k + 1})` : ''),
    unita_di_misura: unit,
    quantita: q,
    unitario: p,
    totale: mulRound2([q, p]),
  };
}

/** A percentage voce: the chapter's amount so far as quantity, a rate with two decimals. */
function percentVoce(rng: Rng, base: number, codes: boolean): OfferVoce & { rate: number } {
  const rate = rng.real(1, 25, 2);
  const fraction = roundDec(rate / 100, 4);
  return {
    tariffa: codes ? 'SIC.01' : '',
    descrizione: `Oneri per la sicurezza e spese generali, in percentuale sull'importo dei lavori`,
    unita_di_misura: '%',
    quantita: base,
    unitario: fraction,
    totale: roundDec(base * fraction, 2),
    rate,
  };
}

export type CellSpec = { value: ExcelJS.CellValue; numFmt?: string };

export class Writer {
  row = 1;
  constructor(
    readonly ws: ExcelJS.Worksheet,
    readonly layout: Layout,
    readonly rng: Rng,
  ) {}

  put(values: Partial<Record<Col, CellSpec>>): number {
    this.layout.cols.forEach((c, i) => {
      const v = values[c];
      if (!v) return;
      const cell = this.ws.getCell(this.row, i + 1);
      cell.value = v.value;
      if (v.numFmt) cell.numFmt = v.numFmt;
    });
    return this.row++;
  }

  /** A label in the description column, or merged across the text columns from the first one. */
  label(text: string, amount?: number): void {
    const cols = this.layout.cols;
    const amountAt = cols.indexOf('totale');
    const descAt = cols.indexOf('descrizione');
    if (this.layout.merges && descAt < amountAt && this.rng.chance(0.6)) {
      this.ws.getCell(this.row, 1).value = text;
      const end = Math.max(1, Math.min(amountAt, descAt + 1));
      if (end > 1) this.ws.mergeCells(this.row, 1, this.row, end);
    } else this.ws.getCell(this.row, descAt + 1).value = text;
    if (amount !== undefined) {
      const m = moneyCell(this.rng, this.layout.money, amount);
      const cell = this.ws.getCell(this.row, amountAt + 1);
      cell.value = m.value;
      if (m.numFmt) cell.numFmt = m.numFmt;
    }
    this.row++;
  }

  spacer(): void {
    if (this.layout.spacers && this.rng.chance(0.4)) this.row++;
  }
}

/** Writes the voce (its own description cell: `cell`, when a parent article gives the rest); returns the labels of the measurement rows under it. */
function writeVoce(w: Writer, v: OfferVoce & { rate?: number }, n: number, cell = v.descrizione): string[] {
  const { rng, layout } = w;
  const money = (x: number) => moneyCell(rng, layout.money, x);
  const partsN = rng.int(1, 6);
  const values: Partial<Record<Col, CellSpec>> = {
    n: { value: n },
    codice: v.tariffa ? { value: v.tariffa } : undefined,
    descrizione: { value: cell },
    um: { value: v.unita_di_misura },
    parti: { value: partsN },
    parziale: { value: roundDec(v.quantita / partsN, 2) },
    quantita: layout.money >= 2 && rng.chance(0.3) ? { value: String(v.quantita).replace('.', ',') } : { value: v.quantita, numFmt: '#,##0.00' },
    unitario: money(v.unitario),
    totale: money(v.totale),
  };
  if (v.rate !== undefined) {
    values.parti = undefined;
    values.parziale = undefined;
    values.quantita = money(v.quantita);
    values.unitario = [{ value: v.unitario, numFmt: '0.00%' }, { value: `${v.rate.toFixed(2).replace('.', ',')}%` }, { value: `${v.rate.toFixed(2).replace('.', ',')} %` }][layout.percentStyle];
  }
  if (layout.real) Object.assign(values, labourValues(w, v));
  // Long descriptions wrap in the cell; some files put a code-less continuation on a row of its own.
  w.put(values);
  return layout.real ? measurementRows(w, v) : [];
}

/** The workbook and its truth, for `seed` (`real`: with the traits of real contractors' workbooks; `voci`: about that many). */
export async function offerWorkbook(seed: number, options: { real?: boolean; voci?: number } = {}): Promise<{ bytes: Uint8Array; truth: OfferTruth }> {
  const rng = makeRng(seed * 7919 + 17);
  const layout = layoutOf(rng);
  if (options.real) realTraits(layout, makeRng(seed * 104729 + 5), HEADERS);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(rng.pick(['Offerta', 'Computo', 'Foglio1', 'COMPUTO METRICO']));
  const w = new Writer(ws, layout, rng);
  w.ws.getCell(w.row++, 1).value = rng.pick(['OFFERTA ECONOMICA', 'COMPUTO METRICO ESTIMATIVO', 'Lavori di sistemazione della strada comunale']);
  if (rng.chance(0.5)) w.ws.getCell(w.row++, 1).value = 'Impresa Costruzioni Rossi S.r.l. - Lucca';
  w.row++;
  const twoRows = layout.headers.some((h) => h[1]);
  for (let line = 0; line < (twoRows ? 2 : 1); line++) {
    layout.headers.forEach((h, i) => (ws.getCell(w.row, i + 1).value = h[line] || null));
    w.row++;
  }
  // A hidden column: nobody reading the sheet sees it.
  if (layout.real?.hidden) ws.getColumn(layout.cols.indexOf('nascosta') + 1).hidden = true;
  const voci: OfferVoce[] = [];
  const totalLabels: string[] = [];
  const neverVoci: string[] = [];
  const real = layout.real;
  const chapters = rng.sample(CHAPTERS, rng.int(2, 5));
  const subtotals: Array<{ title: string; amount: number }> = [];
  let percentVoci = 0;
  let n = 0;
  for (const [c, title] of chapters.entries()) {
    const code = `${real?.chapterLetter ?? 'E'}-${c + 1}`;
    if (real?.repeatHeader && c > 0) {
      layout.headers.forEach((h, i) => (ws.getCell(w.row, i + 1).value = h[0] || null));
      w.row++;
    }
    if (real?.chapterCodes) {
      if (layout.cols.includes('codice')) w.put({ codice: { value: code }, descrizione: { value: title.toUpperCase() } });
      else w.label(`${code} ${title.toUpperCase()}`);
    } else if (layout.chapterTitles) w.label(rng.chance(0.5) ? `${c + 1} ${title}` : title);
    const mine: OfferVoce[] = [];
    // `voci`: about that many in all (a bench's workbook), else one to six per chapter.
    for (let k = 0, count = options.voci ? Math.ceil(options.voci / chapters.length) : rng.int(1, 6); k < count; k++) {
      if (real && real.rng.chance(real.notes)) neverVoci.push(noteRow(w));
      if (real && real.rng.chance(real.options)) neverVoci.push(optionRow(w));
      const v = makeVoce(rng, c, k, layout.codes);
      if (real && layout.codes && real.rng.chance(real.parents)) {
        for (const child of parentRow(w, v)) {
          neverVoci.push(...writeVoce(w, child.voce, ++n, child.cell));
          mine.push(child.voce);
        }
      } else {
        neverVoci.push(...writeVoce(w, v, ++n));
        mine.push(v);
      }
      w.spacer();
    }
    if (rng.chance(0.3)) {
      const v = percentVoce(rng, sum2(mine.map((x) => x.totale)), layout.codes);
      neverVoci.push(...writeVoce(w, v, ++n));
      mine.push(v);
      percentVoci++;
    }
    voci.push(...mine);
    const amount = sum2(mine.map((x) => x.totale));
    if (real?.chapterCodes) chapterTotalRow(w, code, amount);
    else {
      const label = rng.pick([`TOTALE ${title.toUpperCase()}`, `Totale ${title.toLowerCase()}`, `SUBTOTALE ${title}`, `Sommano ${title}`, `Totale capitolo ${c + 1}`]);
      w.label(label, amount);
      totalLabels.push(label);
    }
    subtotals.push({ title, amount });
    w.spacer();
  }
  if (layout.recap) {
    w.label('RIEPILOGO');
    for (const s of subtotals) w.label(s.title, s.amount);
  }
  const sum = sum2(voci.map((v) => v.totale));
  // A real grand total may forget a chapter's cell: declared as the file states it, never the sum.
  const forgotten = real && subtotals.length > 1 && real.rng.chance(real.forget) ? real.rng.pick(subtotals).amount : 0;
  const declared = layout.grand ? roundDec(sum + layout.grandOff - forgotten, 2) : null;
  if (layout.grand) {
    w.row++;
    w.label(layout.grand, declared!);
    totalLabels.push(layout.grand);
    if (real) neverVoci.push(...writeTail(w, declared!));
  }
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  return { bytes, truth: { seed, voci, declared, declaredAgrees: layout.grandOff === 0 && forgotten === 0, totalLabels, percentVoci, neverVoci, traits: real?.names ?? [] } };
}
