/**
 * The "Verifica del computo" as a printed report (issue 24): A4, the header on every page
 * (document, province, lists searched, date), the score and its formula, then one section per
 * check: its title and outcome, the sentence, and the rows concerned numbered as in the document.
 * Built on the generic table report the stampa of a computo uses.
 */
import type { VerificationReport } from '../../shared/domain/verification/index.ts';
import { formatNumber } from '../../shared/format.ts';
import { buildTableReport, type ReportColumn, type ReportLine } from './pdf-report.ts';

const COLUMNS: ReportColumn[] = [
  { header: 'N.', width: 30, align: 'right' },
  { header: 'Codice', width: 95 },
  { header: 'Descrizione', width: 230, wrap: true },
  { header: 'U.M.', width: 34 },
  { header: 'Quantità', width: 58, align: 'right' },
  { header: 'Prezzo (€)', width: 60, align: 'right' },
  { header: 'Importo (€)', width: 70, align: 'right' },
];

const SEMAFORO_TEXT = { verde: 'verde', giallo: 'giallo', rosso: 'rosso' } as const;
const number = (n: number | null) => (n === null ? '' : formatNumber(n));

/** The report's table: a heading and its sentence per check, then the rows it concerns. */
function sectionLines(report: VerificationReport): ReportLine[] {
  return report.sezioni.flatMap((s): ReportLine[] => [
    { kind: 'heading', text: `${s.titolo}: ${s.esito_label}` },
    { kind: 'row', cells: ['', '', s.messaggio, '', '', '', ''], marked: s.esito === 'errore' },
    ...s.righe.map((r): ReportLine => ({
      kind: 'row',
      cells: [String(r.numero), r.tariffa, r.descrizione, r.unita_di_misura, number(r.quantita), number(r.unitario), number(r.totale)],
    })),
  ]);
}

export async function buildVerificationPdf(report: VerificationReport, now: Date, signal?: AbortSignal): Promise<Uint8Array> {
  const h = report.intestazione;
  return buildTableReport({
    title: report.titolo,
    headerLines: [
      ...(h ? [`Documento: ${h.documento}`, `Provincia: ${h.provincia || 'non indicata'}`, `Prezzari consultati: ${h.prezzari.join(', ') || 'nessuno'}`, `Data della verifica: ${h.data}`] : []),
      `Punteggio: ${report.punteggio} / 100 · semaforo ${SEMAFORO_TEXT[report.semaforo]} · soglia di scostamento ${report.soglia.toLocaleString('it-IT')} %`,
    ],
    columns: COLUMNS,
    lines: sectionLines(report),
    closing: [report.formula, 'N.: numero della voce nel documento. Ogni controllo elenca le voci che lo riguardano.'],
    subject: h?.documento ?? report.titolo,
    author: 'Computa',
    now,
    signal,
  });
}
