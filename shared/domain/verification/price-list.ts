/**
 * Rules against the loaded price lists: `unita` (the row's unit against the matched article's,
 * spellings of one unit being the same unit), `scostamento_prezzo` (unit price away from the list
 * price by more than the threshold), `codice_non_in_prezzario` (a code in no loaded list of the
 * document's province/typology, and not a new price), `nuovi_prezzi` (the NP voci and their share
 * of the total: informational).
 */
import { abs, compare, div, formatItalian, fromNumber, mul, round, sub, sum, ZERO, type Decimal } from '../money.ts';
import { normalizeCode } from '../pricing.ts';
import { sameUnit } from '../units.ts';
import type { Controllo, RowListInfo, VerificationRow } from './types.ts';
import { euro, idsInOrder, voci } from './words.ts';

const dec = (n: number | null | undefined): Decimal | null => (typeof n === 'number' && Number.isFinite(n) ? fromNumber(n) : null);
const HUNDRED = fromNumber(100);

/** A new price (nuovo prezzo) as computi number them: NP.01, NP01, N.P. 3, NP-12, NP. */
export function isNewPrice(tariffa: string): boolean {
  return /^N\.?\s?P(?:$|[\s._\-/]*\d)|^N\.?\s?P[\s._\-/]/.test(normalizeCode(tariffa));
}

type Lists = ReadonlyMap<number, RowListInfo>;
const withArticle = (rows: readonly VerificationRow[], lists: Lists) =>
  rows.flatMap((r) => {
    const article = lists.get(r.id)?.article;
    return article ? [{ row: r, article }] : [];
  });

/** The row's unit against the matched article's. */
export function unita(rows: readonly VerificationRow[], lists: Lists): Controllo {
  const pairs = withArticle(rows, lists).filter((p) => sameUnit(p.row.unita_di_misura, p.article.unita_di_misura) !== null);
  if (!pairs.length) {
    return {
      regola: 'unita',
      esito: 'non_verificabile',
      messaggio: 'Nessuna voce è abbinata a un articolo di prezzario con unità di misura (nessun prezzario caricato, o nessun codice trovato): le unità non si possono confrontare.',
      righe: [],
    };
  }
  const wrong = pairs.filter((p) => !sameUnit(p.row.unita_di_misura, p.article.unita_di_misura));
  if (!wrong.length) return { regola: 'unita', esito: 'superato', messaggio: `Le ${voci(pairs.length)} abbinate al prezzario hanno la stessa unità di misura dell\u2019articolo (mq, m², m2 valgono uguale).`, righe: [] };
  const first = wrong[0];
  return {
    regola: 'unita',
    esito: 'errore',
    messaggio: `${voci(wrong.length)} su ${pairs.length.toLocaleString('it-IT')} ${wrong.length === 1 ? 'ha' : 'hanno'} un\u2019unità di misura diversa dall\u2019articolo del prezzario (es. ${normalizeCode(first.row.tariffa)}: ${first.row.unita_di_misura.trim()} invece di ${first.article.unita_di_misura?.trim()}).`,
    righe: idsInOrder(wrong.map((p) => p.row)),
  };
}

/** |unit price − list price| / list price × 100, half-up to 2 decimals; null without both prices. */
export function deviationPercent(unitario: number | null, prezzo: number | null): Decimal | null {
  const u = dec(unitario);
  const p = dec(prezzo);
  if (!u || !p || p.units === 0n) return null;
  return div(mul(abs(sub(u, p)), HUNDRED), abs(p), 2);
}

/**
 * What the deviation is computed on, said with its result: the list's price, while the rows
 * table's «Var. %» (the spec's variazione_percentuale) is computed on the computo's price, so
 * the same row reads +30 % here and −23 % there (issue 40).
 */
export const DEVIATION_BASE = 'Lo scostamento è calcolato sul prezzo del prezzario; la colonna «Var. %» delle voci è calcolata sul prezzo del computo.';

/** Unit price away from the list price by more than `soglia` percent. */
export function scostamentoPrezzo(rows: readonly VerificationRow[], lists: Lists, soglia: number): Controllo {
  const compared = withArticle(rows, lists).flatMap((p) => {
    const d = deviationPercent(p.row.unitario, p.article.prezzo);
    return d ? [{ ...p, d }] : [];
  });
  const limit = fromNumber(soglia);
  const label = `${soglia.toLocaleString('it-IT')} %`;
  if (!compared.length) {
    return {
      regola: 'scostamento_prezzo',
      esito: 'non_verificabile',
      messaggio: 'Nessuna voce ha un prezzo unitario e un articolo di prezzario con prezzo: lo scostamento non si può calcolare.',
      righe: [],
    };
  }
  const over = compared.filter((p) => compare(p.d, limit) > 0);
  if (!over.length) return { regola: 'scostamento_prezzo', esito: 'superato', messaggio: `I prezzi unitari delle ${voci(compared.length)} confrontate restano entro il ${label} dal prezzario. ${DEVIATION_BASE}`, righe: [] };
  const worst = over.reduce((a, b) => (compare(b.d, a.d) > 0 ? b : a));
  return {
    regola: 'scostamento_prezzo',
    esito: 'avviso',
    messaggio: `${voci(over.length)} su ${compared.length.toLocaleString('it-IT')} ${over.length === 1 ? 'si scosta' : 'si scostano'} dal prezzo del prezzario di oltre il ${label} (massimo ${formatPercent(worst.d)} su ${normalizeCode(worst.row.tariffa)}). ${DEVIATION_BASE}`,
    righe: idsInOrder(over.map((p) => p.row)),
  };
}

/** A code in none of the lists loaded for the document's province/typology, and not a new price. */
export function codiceNonInPrezzario(rows: readonly VerificationRow[], lists: Lists): Controllo {
  const coded = rows.filter((r) => r.tariffa.trim() && !isNewPrice(r.tariffa));
  const searchable = coded.filter((r) => (lists.get(r.id)?.searched.length ?? 0) > 0);
  if (!searchable.length) {
    return {
      regola: 'codice_non_in_prezzario',
      esito: 'non_verificabile',
      messaggio: coded.length
        ? 'Nessun prezzario è caricato per la provincia o la tipologia del documento: i codici non si possono cercare.'
        : 'Nessuna voce ha un codice (escluse quelle a nuovo prezzo): non c\u2019è nulla da cercare nel prezzario.',
      righe: [],
    };
  }
  const missing = searchable.filter((r) => !lists.get(r.id)?.article);
  const notSearched = coded.length - searchable.length;
  const note = notSearched ? ` ${voci(notSearched)} non ${notSearched === 1 ? 'è stata cercata' : 'sono state cercate'}: nessun prezzario caricato per la loro tipologia.` : '';
  const searched = [...new Set(searchable.flatMap((r) => lists.get(r.id)!.searched))].join(', ');
  if (!missing.length) return { regola: 'codice_non_in_prezzario', esito: 'superato', messaggio: `Tutti i codici delle ${voci(searchable.length)} sono nei prezzari caricati (${searched}).${note}`, righe: [] };
  const codes = [...new Set(missing.map((r) => normalizeCode(r.tariffa)))];
  return {
    regola: 'codice_non_in_prezzario',
    esito: 'avviso',
    messaggio: `${voci(missing.length)} ${missing.length === 1 ? 'ha un codice che non è' : 'hanno codici che non sono'} in nessun prezzario caricato (${searched}) e non ${missing.length === 1 ? 'è segnata' : 'sono segnate'} come nuovo prezzo: ${codes.slice(0, 5).join(', ')}${codes.length > 5 ? '…' : ''}.${note}`,
    righe: idsInOrder(missing),
  };
}

/** The NP voci and their share of the total: informational. */
export function nuoviPrezzi(rows: readonly VerificationRow[]): Controllo {
  const np = rows.filter((r) => isNewPrice(r.tariffa));
  if (!np.length) return { regola: 'nuovi_prezzi', esito: 'superato', messaggio: 'Nessuna voce a nuovo prezzo (NP).', righe: [] };
  const amount = (list: readonly VerificationRow[]) => round(sum(list.map((r) => dec(r.totale) ?? ZERO)));
  const part = amount(np);
  const whole = amount(rows);
  const share = whole.units !== 0n ? `, il ${formatPercent(div(mul(part, HUNDRED), whole, 2))} del totale (${euro(whole)})` : '';
  return {
    regola: 'nuovi_prezzi',
    esito: 'avviso',
    messaggio: `${voci(np.length)} a nuovo prezzo (NP) per ${euro(part)}${share}: ogni nuovo prezzo va giustificato con un\u2019analisi prezzi.`,
    righe: idsInOrder(np),
  };
}

/** "25,50 %". */
export const formatPercent = (d: Decimal): string => `${formatItalian(d, 2)} %`;
