/**
 * `manodopera` (issue 39): the voci without a labour incidence, so the labour cost the tender
 * states (D.Lgs. 36/2023, art. 41 c. 13-14) is known to be short of them, and the voci whose
 * labour cost declared by the computo is far from the one their price list gives (beyond
 * LABOUR_MISMATCH_SHARE, shared/domain/manodopera.ts). Informational: it does not lower the score
 * (score.ts), a computo is not wrong for lacking the list's analysis.
 */
import { fromNumber } from '../money.ts';
import { declaredLabourCost, isSafety, LABOUR_MISMATCH_MIN_EURO, LABOUR_MISMATCH_SHARE, labourMismatch, listLabourCost, quadroManodopera } from '../manodopera.ts';
import { type Controllo, type VerificationRow } from './types.ts';
import { euro, idsInOrder, voci } from './words.ts';

const share = (n: number | null) => (n === null ? '' : ` (${n.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}% dell\u2019importo)`);
const sumOf = (ns: number[]) => fromNumber(ns.reduce((a, b) => a + Math.round(b * 100), 0) / 100);

/** "2 voci con un costo della manodopera dichiarato lontano da quello del prezzario (…): …". */
function mismatchSentence(rows: readonly VerificationRow[]): string {
  const declared = sumOf(rows.map((r) => declaredLabourCost(r) ?? 0));
  const list = sumOf(rows.map((r) => listLabourCost(r) ?? 0));
  const limit = `oltre il ${LABOUR_MISMATCH_SHARE * 100}%, almeno ${LABOUR_MISMATCH_MIN_EURO} \u20ac`;
  return `${voci(rows.length)} con un costo della manodopera dichiarato nel computo diverso da quello del prezzario (${limit}): ${euro(declared)} dichiarati contro ${euro(list)} dal prezzario.`;
}

export function manodopera(rows: readonly VerificationRow[]): Controllo {
  const priced = rows.filter((r) => r.totale !== null);
  if (!priced.length) return { regola: 'manodopera', esito: 'non_verificabile', messaggio: 'Il documento non ha voci con importo.', righe: [] };
  const q = quadroManodopera(priced);
  const cost = `${euro(fromNumber(q.costo_manodopera))}${share(q.incidenza_manodopera)}`;
  const safety = q.oneri_sicurezza ? `; oneri della sicurezza ${euro(fromNumber(q.oneri_sicurezza))}` : '';
  const labourRows = priced.filter((r) => !isSafety(r));
  const missing = new Set(q.voci_senza_manodopera.row_ids);
  const differing = priced.filter((r) => labourMismatch(r) !== null);
  const different = differing.length ? ` ${mismatchSentence(differing)}` : '';
  if (!missing.size && !differing.length) return { regola: 'manodopera', esito: 'superato', messaggio: `Tutte le voci hanno l\u2019incidenza della manodopera: costo della manodopera ${cost}${safety}.`, righe: [] };
  if (!missing.size) {
    return { regola: 'manodopera', esito: 'avviso', messaggio: `Costo della manodopera ${cost}${safety}.${different}`, righe: idsInOrder(differing) };
  }
  if (missing.size === labourRows.length) {
    return {
      regola: 'manodopera',
      esito: 'non_verificabile',
      messaggio: 'Nessuna voce ha l\u2019incidenza della manodopera: carica un prezzario che la riporti (come quello della Regione Toscana) o inseriscila nella voce.',
      righe: idsInOrder(priced.filter((r) => missing.has(r.id))),
    };
  }
  const n = missing.size;
  return {
    regola: 'manodopera',
    esito: 'avviso',
    messaggio: `${voci(n)} senza incidenza della manodopera: il costo della manodopera è stimato per difetto in ${cost}${safety}.${different}`,
    righe: idsInOrder(priced.filter((r) => missing.has(r.id) || differing.includes(r))),
  };
}
