/**
 * LeenO computi (.ods): the COMPUTO sheet. Each voce is a block: a first row with the progressive
 * number, the code (tariffa) and the description; measurement rows; and a closing row whose cell
 * reads "SOMMANO <unità>" followed, to its right, by the quantity, the unit price and the amount.
 * Rows between one voce and the next that carry only a title are chapters (supercategorie,
 * categorie, sottocategorie: by the depth of their number, "1", "1.2", "1.2.3"); their amounts
 * are subtotals and are not voci. Measurements are not re-added: the SOMMANO quantity is the
 * file's. A "TOTALE" row gives the grand total.
 */
import { compare, fromNumber, round, toNumber, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import { productHolds } from '../parser/checks.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { fileNumber, finish, ImportError, makeVoce, type ImportResult } from './common.ts';
import { cellString, type Cell, type Sheet } from './workbook.ts';

export const LEENO_NO_VOCI = 'Il foglio COMPUTO del file LeenO non contiene voci (nessuna riga SOMMANO con quantità, prezzo e importo).';

const SOMMANO = /^sommano\b\s*\[?\s*(.*?)\s*\]?\s*$/i;
const TOTAL = /^t\s*o\s*t\s*a\s*l\s*e\b/i;
const LEVELS: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];

const num = (c: Cell | undefined): Decimal | null => (typeof c === 'number' ? (Number.isFinite(c) ? fromNumber(c) : null) : typeof c === 'string' ? fileNumber(c) : null);

/** A SOMMANO row of a block: the SOMMANO cell followed by at least the quantity and the amount (a chapter's "Sommano" subtotal has one number). */
function isSommanoRow(r: Cell[] | undefined): boolean {
  const at = r?.findIndex((c) => typeof c === 'string' && SOMMANO.test(c.trim())) ?? -1;
  return at >= 0 && r!.slice(at + 1).filter((c) => num(c) !== null).length >= 2;
}

const sommanoCount = (s: Sheet) => s.rows.reduce((n, r) => n + (isSommanoRow(r) ? 1 : 0), 0);

/**
 * The sheet laid out in SOMMANO blocks: LeenO's COMPUTO, or any sheet with at least two
 * SOMMANO rows (the Excel prints of PriMus and other programs use the same blocks).
 */
export function computoSheet(sheets: Sheet[]): Sheet | undefined {
  const named = sheets.find((x) => x.name.trim().toUpperCase() === 'COMPUTO');
  if (named && sommanoCount(named) > 0) return named;
  return sheets.find((x) => sommanoCount(x) >= 2);
}

const isNumbering = (s: string) => /^\d+(?:\.\d+)*\.?$/.test(s);
/** A price-list code: letters, digits, dots, dashes, underscores, slashes; at least one digit; not a plain number. */
const isCode = (s: string) => s.length <= 60 && /\d/.test(s) && /^[A-Za-z0-9][\w.\-/]*$/.test(s) && !/^\d+(?:[.,]\d+)?$/.test(s) && !isNumbering(s);
const isTitle = (s: string) => s.length >= 3 && /\p{L}{2}/u.test(s);

/** Code and description of a voce's first row, or null when the row is not one. */
function voceHead(cells: string[]): { code: string; text: string } | null {
  const i = cells.findIndex(isCode);
  if (i < 0) return null;
  const text = cells.slice(i + 1).find(isTitle);
  return text ? { code: cells[i], text } : null;
}

export function importLeeno(sheet: Sheet, layout: ImportResult['layout'] = 'leeno'): ImportResult {
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
    let head: { code: string; text: string } | null = null;
    for (let k = r - 1; k >= blockStart; k--) {
      head = voceHead((rows[k] ?? []).map(cellString).filter((c) => !SOMMANO.test(c)));
      if (head) {
        start = k;
        break;
      }
    }
    // Rows of the block before the voce: chapter titles.
    for (let k = blockStart; k < (start < 0 ? r : start); k++) {
      // Text cells only (a chapter's subtotal is a number, not its numbering).
      const cells = (rows[k] ?? []).filter((c) => typeof c === 'string').map(cellString).filter(Boolean);
      const title = cells.find((c) => isTitle(c) && !isNumbering(c));
      if (!title || TOTAL.test(title) || cells.some((c) => /designazione|tariffa|^articolo$|^n(?:um)?\.?\s*ord|computo metrico/i.test(c))) continue;
      const code = cells.find(isNumbering) ?? '';
      const depth = isNumbering(code) ? code.replace(/\.$/, '').split('.').length : 2;
      const level = LEVELS[Math.min(depth, 3) - 1];
      chapters[level] = title;
      for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) delete chapters[lower];
    }
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
    voci.push(makeVoce({ tariffa: head?.code ?? '', descrizione: head?.text ?? '', unita_di_misura: unit, quantita, unitario, totale, capitoli: { ...chapters } }, voci.length + 1));
    blockStart = r + 1;
  }
  if (!voci.length) throw new ImportError(LEENO_NO_VOCI);
  const total = grand && compare(round(grand, 2), ZERO) !== 0 ? toNumber(round(grand, 2)) : null;
  return finish({ layout, voci, document_total: total, warnings: [] });
}
