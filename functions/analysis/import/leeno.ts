/**
 * LeenO computi (.ods): the COMPUTO sheet. Each voce is a block: a first row with the progressive
 * number, the code (tariffa) and the description; measurement rows; and a closing row whose cell
 * reads "SOMMANO <unità>" followed, to its right, by the quantity, the unit price and the amount.
 * Rows between one voce and the next that carry only a title are chapters (supercategorie,
 * categorie, sottocategorie: by the depth of their number, "1", "1.2", "1.2.3"); their amounts
 * are subtotals and are not voci. Measurements are not re-added: the SOMMANO quantity is the
 * file's. A "TOTALE" row gives the grand total.
 */
import { compare, fromNumber, round, sum, toNumber, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import { productHolds } from '../parser/checks.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { fileNumber, finish, ImportError, makeVoce, type ImportResult } from './common.ts';
import { cellString, type Cell, type Sheet } from './workbook.ts';

export const LEENO_NO_VOCI = 'Il foglio COMPUTO del file LeenO non contiene voci (nessuna riga SOMMANO con quantità, prezzo e importo).';

const SOMMANO = /^sommano\b\s*\[?\s*(.*?)\s*\]?\s*$/i;
const TOTAL = /^t\s*o\s*t\s*a\s*l\s*e\b/i;
const LEVELS: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];

export function computoSheet(sheets: Sheet[]): Sheet | undefined {
  const s = sheets.find((x) => x.name.trim().toUpperCase() === 'COMPUTO');
  return s && s.rows.some((r) => r?.some((c) => typeof c === 'string' && SOMMANO.test(c.trim()))) ? s : undefined;
}

const num = (c: Cell | undefined): Decimal | null => (typeof c === 'number' ? (Number.isFinite(c) ? fromNumber(c) : null) : typeof c === 'string' ? fileNumber(c) : null);
const isNumbering = (s: string) => /^\d+(?:\.\d+)*\.?$/.test(s);

export function importLeeno(sheet: Sheet): ImportResult {
  const rows = sheet.rows;
  const voci: ParsedVoce[] = [];
  const chapters: Capitoli = {};
  let blockStart = 0;
  let grand: Decimal | null = null;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const sc = row.findIndex((c) => typeof c === 'string' && SOMMANO.test(c.trim()));
    if (sc < 0) {
      const first = row.findIndex((c) => cellString(c) !== '');
      if (first >= 0 && TOTAL.test(cellString(row[first]))) {
        const amounts = row.slice(first + 1).map(num).filter((d): d is Decimal => d !== null);
        if (amounts.length) grand = amounts[amounts.length - 1];
      }
      continue;
    }
    // The voce's first row: the last row of the block with a code next to a description.
    let start = -1;
    for (let k = r - 1; k >= blockStart; k--) {
      const cells = (rows[k] ?? []).slice(0, sc).map(cellString);
      if (cells[1] && cells[2] && !isNumbering(cells[1])) {
        start = k;
        break;
      }
    }
    // Rows of the block before the voce: chapter titles.
    for (let k = blockStart; k < (start < 0 ? r : start); k++) {
      const cells = (rows[k] ?? []).slice(0, sc).map(cellString);
      const title = cells[2] || cells[1];
      if (!title || TOTAL.test(title) || /designazione|^articolo$|^tariffa$/i.test(title) || /^(?:articolo|tariffa)$/i.test(cells[1])) continue;
      const code = cells[1] || cells[0];
      const depth = isNumbering(code) ? code.replace(/\.$/, '').split('.').length : 2;
      const level = LEVELS[Math.min(depth, 3) - 1];
      chapters[level] = title;
      for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) delete chapters[lower];
    }
    const head = start >= 0 ? (rows[start] ?? []).map(cellString) : [];
    const unit = SOMMANO.exec(cellString(row[sc]))![1] || cellString(row[sc + 1]);
    const numbers = row.slice(sc + 1).map(num).filter((d): d is Decimal => d !== null);
    const quantita = numbers[0] ?? ZERO;
    // Price and amount: the first pair after the quantity for which q × p = amount; else the next and the last number.
    let unitario = numbers[1] ?? ZERO;
    let totale = numbers[numbers.length - 1] ?? ZERO;
    outer: for (let i = 1; i < numbers.length; i++) {
      for (let j = i + 1; j < numbers.length; j++) {
        if (productHolds(quantita, numbers[i], numbers[j])) {
          unitario = numbers[i];
          totale = numbers[j];
          break outer;
        }
      }
    }
    voci.push(makeVoce({ tariffa: head[1] ?? '', descrizione: head[2] ?? '', unita_di_misura: unit, quantita, unitario, totale, capitoli: { ...chapters } }, voci.length + 1));
    blockStart = r + 1;
  }
  if (!voci.length) throw new ImportError(LEENO_NO_VOCI);
  const got = round(sum(voci.map((v) => fromNumber(v.totale))), 2);
  const total = grand && compare(round(grand, 2), ZERO) !== 0 ? toNumber(round(grand, 2)) : null;
  void got;
  return finish({ layout: 'leeno', voci, document_total: total, warnings: [] });
}
