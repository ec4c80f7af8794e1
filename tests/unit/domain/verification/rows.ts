/** Rows for the verification rule tests: a clean voce by default, fields overridden per test. */
import type { RowListInfo, VerificationRow } from '../../../../shared/domain/verification/index.ts';

let next = 1;
export function row(fields: Partial<VerificationRow> = {}): VerificationRow {
  const id = fields.id ?? next++;
  return { id, row_index: fields.row_index ?? id, tariffa: `TOS25_01.A03.${String(id).padStart(3, '0')}`, descrizione: `Voce ${id}`, unita_di_misura: 'm²', quantita: 10, unitario: 12.5, totale: 125, verifica: [], ...fields };
}

export const found = (unit: string, prezzo: number | null, code = 'X'): RowListInfo => ({ article: { code, unita_di_misura: unit, prezzo, list: 'Toscana LUCCA 2025' }, searched: ['Toscana LUCCA 2025'] });
export const notFound: RowListInfo = { article: null, searched: ['Toscana LUCCA 2025'] };
export const noList: RowListInfo = { article: null, searched: [] };
