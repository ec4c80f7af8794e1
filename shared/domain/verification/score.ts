/**
 * The score 0–100 of a review: errors weigh more than warnings, and a check that could not run
 * costs like a warning (it never passes for lack of data). `nuovi_prezzi` is informational.
 */
import type { Controllo, Esito, Regola } from './types.ts';

export const WEIGHTS: Record<Esito, number> = { superato: 0, errore: 20, avviso: 5, non_verificabile: 5 };
export const INFORMATIONAL: ReadonlySet<Regola> = new Set(['nuovi_prezzi', 'manodopera']);

export const FORMULA =
  'Punteggio = 100 − 20 × controlli in errore − 5 × controlli con avviso − 5 × controlli non verificabili (minimo 0). «Nuovi prezzi» e «Costi della manodopera» sono informativi e non contano.';

export function punteggio(controlli: readonly Controllo[]): number {
  const lost = controlli.filter((c) => !INFORMATIONAL.has(c.regola)).reduce((n, c) => n + WEIGHTS[c.esito], 0);
  return Math.max(0, 100 - lost);
}

export type Semaforo = 'verde' | 'giallo' | 'rosso';

/** Red with any error; yellow with a warning or a check that could not run; green otherwise. */
export function semaforo(controlli: readonly Controllo[]): Semaforo {
  const counted = controlli.filter((c) => !INFORMATIONAL.has(c.regola));
  if (counted.some((c) => c.esito === 'errore')) return 'rosso';
  if (counted.some((c) => c.esito !== 'superato')) return 'giallo';
  return 'verde';
}
