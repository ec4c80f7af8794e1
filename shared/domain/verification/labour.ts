/**
 * `manodopera` (issue 39): the voci without a labour incidence, so the labour cost the tender
 * states (D.Lgs. 36/2023, art. 41 c. 13-14) is known to be short of them. Informational: it does
 * not lower the score (score.ts), a computo is not wrong for lacking the list's analysis.
 */
import { fromNumber } from '../money.ts';
import { isSafety, quadroManodopera } from '../manodopera.ts';
import { type Controllo, type VerificationRow } from './types.ts';
import { euro, idsInOrder, voci } from './words.ts';

const share = (n: number | null) => (n === null ? '' : ` (${n.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}% dell\u2019importo)`);

export function manodopera(rows: readonly VerificationRow[]): Controllo {
  const priced = rows.filter((r) => r.totale !== null);
  if (!priced.length) return { regola: 'manodopera', esito: 'non_verificabile', messaggio: 'Il documento non ha voci con importo.', righe: [] };
  const q = quadroManodopera(priced);
  const cost = `${euro(fromNumber(q.costo_manodopera))}${share(q.incidenza_manodopera)}`;
  const safety = q.oneri_sicurezza ? `; oneri della sicurezza ${euro(fromNumber(q.oneri_sicurezza))}` : '';
  const labourRows = priced.filter((r) => !isSafety(r));
  const missing = new Set(q.voci_senza_manodopera.row_ids);
  if (!missing.size) return { regola: 'manodopera', esito: 'superato', messaggio: `Tutte le voci hanno l\u2019incidenza della manodopera: costo della manodopera ${cost}${safety}.`, righe: [] };
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
    messaggio: `${voci(n)} senza incidenza della manodopera: il costo della manodopera è stimato per difetto in ${cost}${safety}.`,
    righe: idsInOrder(priced.filter((r) => missing.has(r.id))),
  };
}
