/**
 * `duplicati`: the same code, description and quantity twice (a likely double count), and the same
 * code at two different unit prices in one document.
 */
import { compare, fromNumber } from '../money.ts';
import { normalizeCode } from '../pricing.ts';
import { fold } from '../fold.ts';
import type { Controllo, VerificationRow } from './types.ts';
import { idsInOrder, voci } from './words.ts';

const words = (s: string) => fold(s).replace(/\s+/g, ' ').trim();

function groups<K>(rows: readonly VerificationRow[], key: (r: VerificationRow) => K | null): VerificationRow[][] {
  const out = new Map<K, VerificationRow[]>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return [...out.values()];
}

export function duplicati(rows: readonly VerificationRow[]): Controllo {
  if (!rows.length) return { regola: 'duplicati', esito: 'non_verificabile', messaggio: 'Il documento non ha voci.', righe: [] };
  // A voce with neither code nor description says nothing to compare.
  const twice = groups(rows, (r) => (r.tariffa.trim() || r.descrizione.trim() ? `${normalizeCode(r.tariffa)}\u0000${words(r.descrizione)}\u0000${r.quantita ?? ''}` : null)).filter((g) => g.length > 1);
  const prices = groups(rows, (r) => (r.tariffa.trim() && r.unitario !== null ? normalizeCode(r.tariffa) : null)).filter((g) =>
    g.some((r) => compare(fromNumber(r.unitario!), fromNumber(g[0].unitario!)) !== 0),
  );
  const concerned = new Set([...twice.flat(), ...prices.flat()]);
  if (!concerned.size) return { regola: 'duplicati', esito: 'superato', messaggio: 'Nessuna voce ripetuta con lo stesso codice, descrizione e quantità; ogni codice ha un solo prezzo unitario.', righe: [] };
  const parts: string[] = [];
  if (twice.length) parts.push(`${voci(twice.flat().length)} ripetute con lo stesso codice, descrizione e quantità (${twice.length === 1 ? 'un gruppo' : `${twice.length} gruppi`}): probabile doppio conteggio`);
  if (prices.length) {
    const codes = prices.map((g) => normalizeCode(g[0].tariffa));
    parts.push(`${codes.length === 1 ? 'il codice' : 'i codici'} ${codes.join(', ')} ${codes.length === 1 ? 'compare' : 'compaiono'} con prezzi unitari diversi`);
  }
  return { regola: 'duplicati', esito: 'avviso', messaggio: `${parts.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()), righe: idsInOrder([...concerned]) };
}
