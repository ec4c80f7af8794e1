/** Field assignment: a voce's quantity and price (by the evidence in order.ts), description, code. */
import { dec, mul, round, toNumber } from '../../../shared/domain/money.ts';
import { MAX_INCIDENZA } from '../../../shared/domain/manodopera.ts';
import { QUANTITY_DECIMALS, UNIT_PRICE_DECIMALS } from '../../../shared/domain/amounts.ts';
import { R_PAGINE, R_PRODOTTO } from './checks.ts';
import { decideOrder, orderFromCurrency, orderFromPartials, type PartialNumber } from './order.ts';
import { boxOf, normalizeSpaces } from './lines.ts';
import type { ParsedVoce } from './types.ts';
import type { BLine, Model, Closing, Open } from './reading.ts';
import { FS } from './thresholds.ts';

const HUNDRED = dec(100n);

/** Numbers printed with decimals on the voce's measurement lines (a size in a description, `da 50 mm`, has none). */
function partialsOf(open: Open): PartialNumber[] {
  return open.measures.flatMap(l => {
    const nums = l.nums.filter(t => /,\d/.test(t.w.text));
    return nums.map((t, k) => ({ x1: t.w.x1, v: t.v, last: k === nums.length - 1 }));
  });
}

export function finish(open: Open, c: Closing, um: string, l: BLine, m: Model): ParsedVoce {
  const verifica: string[] = [];
  if (!c.holds) verifica.push(R_PRODOTTO);
  const left = { ...c.q.w, v: c.q.v };
  const right = { ...c.p.w, v: c.p.v };
  // A rate is the price of a percentage voce (the base amount is its quantity); then measurements, header, currency.
  const rate = c.q.aCorpo ? 'qp' : orderFromCurrency(!!c.q.pct, !!c.p.pct);
  const decision = decideOrder(rate, orderFromPartials(partialsOf(open), left, right, m.fs), c.order, orderFromCurrency(!!c.q.euro, !!c.p.euro));
  const [q, p] = decision.order === 'pq' ? [c.p, c.q] : [c.q, c.p];
  if (decision.reason && round(q.v, 2).units !== round(p.v, 2).units) verifica.push(decision.reason);
  // A code whose pieces were found on two pages was joined across the page break: doubtful.
  if (open.weakJoin) verifica.push(R_PAGINE);
  return {
    n: open.n,
    tariffa: open.code.join(''),
    descrizione: normalizeSpaces(descriptionLines(open, m).join(' ')),
    unita_di_misura: um,
    quantita: toNumber(round(q.v, QUANTITY_DECIMALS)),
    unitario: toNumber(round(p.v, p.pct ? UNIT_PRICE_DECIMALS : 2)),
    totale: toNumber(round(c.t.v, 2)),
    page: open.page,
    page_end: l.page,
    box: boxOf(open.words),
    verifica,
    ...labourOf(c),
  };
}

/** The labour the print states for the voce (issue 39): the incidence in percent (`40,36%` is the fraction 0,4036), the cost in €. */
function labourOf(c: Closing): Pick<ParsedVoce, 'incidenza_manodopera' | 'costo_manodopera'> {
  const inc = c.labour?.incidenza;
  const percent = inc ? toNumber(round(inc.pct ? mul(inc.v, HUNDRED) : inc.v, 2)) : undefined;
  const cost = c.labour?.costo ? toNumber(round(c.labour.costo.v, 2)) : undefined;
  return {
    ...(percent !== undefined && percent > 0 && percent <= MAX_INCIDENZA ? { incidenza_manodopera: percent } : {}),
    ...(cost !== undefined && cost !== 0 ? { costo_manodopera: cost } : {}),
  };
}

/**
 * The description lines of a voce. Without Cat/SbCat lines, a measurement group label (`Piano
 * terra`) can sit between the description and the first measurement: in a justified description,
 * trailing short lines are dropped when they follow a paragraph end and do not end a sentence
 * themselves (justified lines reach the column's margin; labels never do). Without justification
 * there is no safe clue, and the lines are kept.
 */
function descriptionLines(open: Open, m: Model): string[] {
  const lines = open.desc;
  if (open.catSeen || !open.measureSeen || m.justifyEdge === undefined) return lines;
  const edge = m.justifyEdge - FS.justifySlack * m.fs;
  let k = lines.length;
  while (k > 1) {
    if (open.descEnds[k - 1] >= edge || /[.;:,!?)]$/.test(lines[k - 1].trim())) break;
    if (open.descEnds[k - 2] >= edge) break;
    k--;
  }
  return lines.slice(0, k);
}
