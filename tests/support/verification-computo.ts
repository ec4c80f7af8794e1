/**
 * The computo of the verification tests (issue 24): an .xlsx laid out like a real one (chapters,
 * printed subtotals, a grand total) with one planted defect per rule, or none (`clean`), and the
 * Lucca 2025 price-list articles its codes are priced against.
 */
import ExcelJS from 'exceljs';
import type { Regola } from '../../shared/domain/verification/index.ts';

interface Voce {
  code: string;
  text: string;
  um: string;
  q: number;
  p: number;
  /** The printed amount (null: the cell is empty); q × p unless planted otherwise. */
  t?: number | null;
}

/** Codes of the voci that carry each rule's planted defect. */
export const PLANTED: Record<Regola, string[]> = {
  aritmetica: ['C.03'],
  totale: ['V.01'],
  duplicati: ['M.01', 'M.01'],
  unita: ['M.02'],
  scostamento_prezzo: ['F.01'],
  codice_non_in_prezzario: ['ZZ.99'],
  nuovi_prezzi: ['NP.01'],
  quantita: ['F.02'],
  lettura: ['F.03'],
  // Not in the list, so no labour incidence (issue 39).
  manodopera: ['ZZ.99', 'NP.01'],
};

/** The list articles: every code but ZZ.99 and NP.01, at the computo's prices (F.01 at 10,00 against 13,00), with a labour incidence. */
export const VERIFICATION_LIST = [
  { codice: 'C.01', descrizione: 'Scavo di sbancamento', um: 'm³', prezzo: 10, manodopera: 30 },
  { codice: 'C.02', descrizione: 'Rinterro con materiale di scavo', um: 'mq', prezzo: 8, manodopera: 30 },
  { codice: 'C.03', descrizione: 'Trasporto a discarica', um: 't', prezzo: 15, manodopera: 30 },
  { codice: 'M.01', descrizione: 'Muratura in blocchi di laterizio', um: 'm²', prezzo: 40, manodopera: 30 },
  { codice: 'M.02', descrizione: 'Intonaco civile per interni', um: 'm³', prezzo: 20, manodopera: 30 },
  { codice: 'M.03', descrizione: 'Tramezzo in cartongesso', um: 'm²', prezzo: 35, manodopera: 30 },
  { codice: 'F.01', descrizione: 'Pittura lavabile', um: 'm²', prezzo: 10, manodopera: 30 },
  { codice: 'F.02', descrizione: 'Zoccolino in legno', um: 'm', prezzo: 5, manodopera: 30 },
  { codice: 'F.03', descrizione: 'Battiscopa in gres', um: 'm', prezzo: 6, manodopera: 30 },
  { codice: 'V.01', descrizione: 'Pulizia finale del cantiere', um: 'cad', prezzo: 500, manodopera: 30 },
];

function chapters(clean: boolean): Array<{ title: string; voci: Voce[]; subtotalDelta?: number }> {
  return [
    {
      title: 'SCAVI',
      voci: [
        { code: 'C.01', text: 'Scavo di sbancamento', um: 'mc', q: 100, p: 10 },
        { code: 'C.02', text: 'Rinterro con materiale di scavo', um: 'm²', q: 50, p: 8 },
        { code: 'C.03', text: 'Trasporto a discarica', um: 't', q: 20, p: 15, t: clean ? 300 : 310 },
      ],
    },
    {
      title: 'MURATURE',
      voci: [
        { code: 'M.01', text: 'Muratura in blocchi di laterizio', um: 'm²', q: 30, p: 40 },
        clean ? { code: 'M.03', text: 'Tramezzo in cartongesso', um: 'm²', q: 30, p: 35 } : { code: 'M.01', text: 'Muratura in blocchi di laterizio', um: 'm²', q: 30, p: 40 },
        { code: 'M.02', text: 'Intonaco civile per interni', um: clean ? 'm³' : 'm²', q: 60, p: 20 },
      ],
    },
    {
      title: 'FINITURE',
      voci: [
        { code: 'F.01', text: 'Pittura lavabile', um: 'm²', q: 100, p: clean ? 10 : 13 },
        ...(clean
          ? []
          : [
              { code: 'ZZ.99', text: 'Opera speciale fuori prezzario', um: 'cad', q: 2, p: 50 },
              { code: 'NP.01', text: 'Nuovo prezzo: controsoffitto fonoassorbente', um: 'm²', q: 10, p: 30 },
            ]),
        { code: 'F.02', text: 'Zoccolino in legno', um: 'm', q: clean ? 12 : 0, p: 5 },
        { code: 'F.03', text: 'Battiscopa in gres', um: 'm', q: 10, p: 6, t: clean ? 60 : null },
      ],
    },
    { title: 'VARIE', voci: [{ code: 'V.01', text: 'Pulizia finale del cantiere', um: 'cad', q: 1, p: 500 }], subtotalDelta: clean ? 0 : 50 },
  ];
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The workbook and the total the voci add up to (what it prints as TOTALE COMPLESSIVO). */
export async function verificationComputo(clean = false): Promise<{ file: Buffer; total: number }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Computo');
  ws.addRow(['COMPUTO METRICO ESTIMATIVO']);
  ws.addRow(['Ristrutturazione della palestra comunale']);
  ws.addRow([]);
  ws.addRow(['N.', 'Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo']);
  let n = 0;
  let total = 0;
  chapters(clean).forEach((chapter, c) => {
    ws.addRow([null, String(c + 1), chapter.title]);
    let subtotal = 0;
    for (const v of chapter.voci) {
      const amount = v.t === undefined ? cents(v.q * v.p) : v.t;
      subtotal = cents(subtotal + (amount ?? 0));
      ws.addRow([++n, v.code, v.text, v.um, v.q, v.p, amount]);
    }
    total = cents(total + subtotal);
    ws.addRow([null, null, `Totale ${chapter.title.toLowerCase()}`, null, null, null, cents(subtotal + (chapter.subtotalDelta ?? 0))]);
  });
  ws.addRow([null, null, 'TOTALE COMPLESSIVO', null, null, null, total]);
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), total };
}
