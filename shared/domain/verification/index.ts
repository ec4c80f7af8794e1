/**
 * The review of a computo: every rule over the same input, the score, and the report a PDF or a
 * spreadsheet renders (sections with title, outcome, sentence and rows). Pure: the service reads
 * the rows and looks the codes up in the lists, then calls `verify`.
 */
import { readingNote } from '../row-edits.ts';
import type { ReadValues } from '../row-edits.ts';
import { voci } from './words.ts';
import { aritmetica, quantita, totale } from './amounts.ts';
import { duplicati } from './duplicates.ts';
import { codiceNonInPrezzario, nuoviPrezzi, scostamentoPrezzo, unita } from './price-list.ts';
import { lettura } from './reading.ts';
import { manodopera } from './labour.ts';
import { FORMULA, punteggio, semaforo, type Semaforo } from './score.ts';
import { ESITO_LABELS, MAX_SOGLIA, REGOLA_TITLES, type Controllo, type Esito, type Regola, type VerificationInput, type VerificationRow } from './types.ts';

export * from './types.ts';
export { FORMULA, punteggio, semaforo, type Semaforo } from './score.ts';
export { isNewPrice, deviationPercent } from './price-list.ts';

export interface Verification {
  punteggio: number;
  semaforo: Semaforo;
  formula: string;
  soglia: number;
  controlli: Controllo[];
}

/** Every check, in the order of REGOLE. */
export function verify(input: VerificationInput): Verification {
  const { rows, lists, soglia } = input;
  const controlli = [
    aritmetica(rows),
    totale(rows, input.documentTotal),
    duplicati(rows),
    unita(rows, lists),
    scostamentoPrezzo(rows, lists, soglia),
    codiceNonInPrezzario(rows, lists),
    nuoviPrezzi(rows),
    quantita(rows),
    lettura(rows),
    manodopera(rows),
  ];
  return { punteggio: punteggio(controlli), semaforo: semaforo(controlli), formula: FORMULA, soglia, controlli };
}

/** A threshold as sent (number or text, "20" or "12,5"): a percentage in (0, 1000], else null. */
export function parseSoglia(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value.trim().replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0 || n > MAX_SOGLIA) return null;
  return Math.round(n * 100) / 100;
}

/** A row of a report section: what a reader of the printed report needs to find the voce. */
export interface ReportRow extends ReadValues {
  id: number;
  numero: number;
}

export interface ReportSection {
  /** A rule, or the report-only list of rows changed by hand. */
  regola: Regola | typeof EDITED_SECTION;
  titolo: string;
  esito: Esito;
  esito_label: string;
  messaggio: string;
  righe: ReportRow[];
}

/** The report's header: which document, where, against which lists, when. */
export interface ReportHeader {
  documento: string;
  provincia: string;
  prezzari: string[];
  /** When the review was made, as shown ("25/11/2026 19:24"). */
  data: string;
}

export interface VerificationReport {
  titolo: string;
  intestazione: ReportHeader | null;
  punteggio: number;
  semaforo: Semaforo;
  formula: string;
  soglia: number;
  sezioni: ReportSection[];
}

/** A report-only section (no rule, no score): the rows changed by hand, with what the file said. */
export const EDITED_SECTION = 'modifiche';

/**
 * The review as a document: one section per check with its rows (numbered as in the document),
 * for the PDF report and the spreadsheet sheet, and a last section listing the rows changed by
 * hand, when there are any. Descriptions are cut to `maxDescription`; an edited row's carries
 * what the file said, in every section that lists it.
 */
export function verificationReport(result: Verification, rows: readonly VerificationRow[], header: ReportHeader | null = null, maxDescription = 120): VerificationReport {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const order = new Map([...rows].sort((a, b) => a.row_index - b.row_index).map((r, i) => [r.id, i + 1]));
  const reportRow = (r: VerificationRow): ReportRow => {
    const d = r.descrizione.replace(/\s+/g, ' ').trim();
    const cut = d.length > maxDescription ? `${d.slice(0, maxDescription - 1)}…` : d;
    const edited = readingNote(r);
    const descrizione = edited ? `${cut} [${edited}]` : cut;
    return { id: r.id, numero: order.get(r.id)!, tariffa: r.tariffa, descrizione, unita_di_misura: r.unita_di_misura, quantita: r.quantita, unitario: r.unitario, totale: r.totale };
  };
  const edited = [...rows].sort((a, b) => a.row_index - b.row_index).filter((r) => readingNote(r));
  const editedSection: ReportSection[] = edited.length
    ? [
        {
          regola: EDITED_SECTION,
          titolo: 'Voci modificate a mano',
          esito: 'avviso',
          esito_label: ESITO_LABELS.avviso,
          messaggio: `${voci(edited.length)} ${edited.length === 1 ? 'modificata' : 'modificate'} a mano dopo la lettura: tra parentesi quadre i valori letti dal file.`,
          righe: edited.map(reportRow),
        },
      ]
    : [];
  return {
    titolo: 'Verifica del computo',
    intestazione: header,
    punteggio: result.punteggio,
    semaforo: result.semaforo,
    formula: result.formula,
    soglia: result.soglia,
    sezioni: [
      ...result.controlli.map((c) => ({
        regola: c.regola,
        titolo: REGOLA_TITLES[c.regola],
        esito: c.esito,
        esito_label: ESITO_LABELS[c.esito],
        messaggio: c.messaggio,
        righe: c.righe.flatMap((id) => {
          const r = byId.get(id);
          return r ? [reportRow(r)] : [];
        }),
      })),
      ...editedSection,
    ],
  };
}
