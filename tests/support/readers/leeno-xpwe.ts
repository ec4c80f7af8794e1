/**
 * LeenO's XPWE import (giuserpe/leeno, src/Ultimus.oxt/python/pythonpath/LeenoImport_XPWE.py, read
 * at commit 01422fdae5b57f73ccd20ce197c654cb2f8f5198), ported for what decides the money: which
 * articles reach LeenO's "Elenco Prezzi", which price each voce of the COMPUTO gets, its quantity,
 * its amount and the chapters inserted. Function names are LeenO's.
 *
 * - leggiCapitoliCategorie / leggiSuperCategorie...: `PweDGCapitoliCategorie` children by ID,
 *   DesSintetica.
 * - leggiElencoPrezzi: `list(misurazioni)[0]` (the first child of PweMisurazioni, by position),
 *   every EPItem by its ID into DizionarioArticoli; Flags 134217728 prefixes the code with "VDS_";
 *   Prezzo1 '' when empty or '0'; each article a row (tariffa, destestesa, unmisura, IncSIC, prezzo1...).
 * - riempiBloccoElencoPrezzi: a row whose code is empty is skipped (`if not riga or not riga[0]:
 *   continue`); codes lowercased (case_sensitive=False) and only the first row of a code is kept
 *   (`seen_new_codes`).
 * - leggiMisurazioni: `list(misurazioni)[1]` (the second child), each VCItem's IDEP, IDSpCat, IDCat,
 *   IDSbCat and its measurement rows from `list(elem)[-1]` (its LAST child); clean_value turns
 *   "2(1,5)" into "2*(1,5)" and drops a value containing two spaces or equal to "0.00".
 * - compilaComputo: a chapter row is inserted when a voce's super-category/category/sub-category id
 *   is not 0 and differs from the previous voce's, with the DesSintetica of that id; the voce's code
 *   (column B) is DizionarioArticoli[IDEP].tariffa; each measurement row writes PartiUguali,
 *   Lunghezza, Larghezza, HPeso as numbers (or formulas) in columns F..I; handle_negatives makes the
 *   factors positive and inverts the row's sign when its Quantita contains '-'.
 * - The COMPUTO sheet then computes (LeenO's template rows, copied from sheet S5 by
 *   LeenoComputo.insertVoceComputoGrezza): a measurement row's quantity is the product of its
 *   non-empty factor cells, the voce's quantity their sum, its price the Elenco Prezzi price of its
 *   code (looked up by code: no row for the code, no price), and its amount
 *   `=IF(ISERROR(FIND("%";I));J*L;J*L/100)` (the formula LeenoComputo.salva_senza_prezzi rewrites):
 *   quantity x price, divided by 100 when the unit holds "%".
 */
import { evalMeasure } from '../../../functions/analysis/import/expr.ts';
import { toNumber } from '../../../shared/domain/money.ts';
import { find, findall, parseRoot, type Element } from './element-tree.ts';

const getXmlText = (el: Element | null, path: string, dflt = ''): string => {
  const found = find(el, path);
  return found ? (found.text ?? dflt) : dflt;
};

interface Article {
  tariffa: string;
  destestesa: string;
  unmisura: string;
  prezzo1: number | '';
}

export interface LeenoVoce {
  tariffa: string;
  quantita: number;
  prezzo: number;
  unita: string;
  importo: number;
}

export interface LeenoComputo {
  /** The rows of LeenO's Elenco Prezzi: code -> article (lowercased code, first wins). */
  elencoPrezzi: Map<string, Article>;
  /** The COMPUTO sheet in order: chapter rows and voci. */
  sheet: Array<{ chapter: string; level: 'super' | 'cat' | 'sub' } | { voce: LeenoVoce }>;
  voci: LeenoVoce[];
  /** The COMPUTO's total: the sum of the voci's amounts. */
  total: number;
}

function capitoli(dati: Element | null, section: string): Map<string, string> {
  const found = find(find(dati, 'PweDGCapitoliCategorie'), section);
  return new Map((found?.children ?? []).map((el) => [el.attrib.ID, getXmlText(el, 'DesSintetica')]));
}

function leggiElencoPrezzi(misurazioni: Element | null) {
  const dizionario = new Map<string, Article>();
  const lista: Article[] = [];
  if (!misurazioni || !misurazioni.children.length) return { dizionario, lista };
  for (const elem of findall(misurazioni.children[0], 'EPItem')) {
    const id = elem.attrib.ID;
    if (!id) continue;
    let tariffa = getXmlText(elem, 'Tariffa');
    if (getXmlText(elem, 'Flags') === '134217728') tariffa = `VDS_${tariffa}`;
    const text = getXmlText(elem, 'Prezzo1');
    const prezzo1 = !text || text === '0' ? '' : Number(text.replace(',', '.'));
    const a: Article = { tariffa, destestesa: getXmlText(elem, 'DesEstesa'), unmisura: getXmlText(elem, 'UnMisura'), prezzo1: Number.isNaN(prezzo1) ? '' : prezzo1 };
    dizionario.set(id, a);
    lista.push(a);
  }
  return { dizionario, lista };
}

/** riempiBloccoElencoPrezzi into an empty sheet. */
function riempiBloccoElencoPrezzi(lista: Article[]): Map<string, Article> {
  const out = new Map<string, Article>();
  for (const riga of lista) {
    if (!riga.tariffa) continue;
    const codice = riga.tariffa.trim().toLowerCase();
    if (!out.has(codice)) out.set(codice, riga);
  }
  return out;
}

function cleanValue(el: Element, tag: string): string | null {
  let value = getXmlText(el, tag);
  if (!value) return value;
  value = value.replace(/(\d+)(\()/g, '$1*$2');
  if (value.includes('  ') || value === '0.00') return null;
  return value;
}

/** A factor cell as LeenO writes it (set_num_or_formula): a number, or a formula of + - * / ( ). */
function cellValue(v: string | null): number | null {
  if (v === null || v.trim() === '') return null;
  const t = v.trim().replace(/,/g, '.');
  if (/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(t)) return Number(t);
  const formula = evalMeasure(t);
  return formula ? toNumber(formula) : null;
}

function misuraQuantity(rg: Element): number | null {
  const factors = ['PartiUguali', 'Lunghezza', 'Larghezza', 'HPeso'].map((f) => cellValue(cleanValue(rg, f))).filter((v): v is number => v !== null);
  if (!factors.length) return null;
  const negative = getXmlText(rg, 'Quantita').includes('-');
  const q = factors.reduce((p, v) => p * (negative ? Math.abs(v) : v), 1);
  return negative ? -q : q;
}

export function leenoImportXpwe(xml: string): LeenoComputo {
  const root = parseRoot(xml);
  const dati = find(root, 'PweDatiGenerali');
  const maps = { super: capitoli(dati, 'PweDGSuperCategorie'), cat: capitoli(dati, 'PweDGCategorie'), sub: capitoli(dati, 'PweDGSubCategorie') };
  const misurazioni = find(root, 'PweMisurazioni');
  const { dizionario, lista } = leggiElencoPrezzi(misurazioni);
  const elencoPrezzi = riempiBloccoElencoPrezzi(lista);

  const sheet: LeenoComputo['sheet'] = [];
  const voci: LeenoVoce[] = [];
  const test = { super: '0', cat: '0', sub: '0' };
  const vociComputo = misurazioni && misurazioni.children.length >= 2 ? misurazioni.children[1] : null;
  for (const elem of findall(vociComputo, 'VCItem')) {
    const ids = { super: getXmlText(elem, 'IDSpCat'), cat: getXmlText(elem, 'IDCat'), sub: getXmlText(elem, 'IDSbCat') };
    for (const level of ['super', 'cat', 'sub'] as const) {
      const idcorr = ids[level];
      if (idcorr && idcorr !== '0' && idcorr !== test[level]) {
        const des = maps[level].get(idcorr);
        if (des) sheet.push({ chapter: des, level });
      }
      test[level] = idcorr;
    }
    const tariffa = dizionario.get(getXmlText(elem, 'IDEP'))?.tariffa ?? '';
    const righi = elem.children.at(-1);
    const quantities = findall(righi, 'RGItem').map(misuraQuantity).filter((q): q is number => q !== null);
    const quantita = quantities.reduce((s, q) => s + q, 0);
    const article = tariffa ? elencoPrezzi.get(tariffa.trim().toLowerCase()) : undefined;
    const prezzo = typeof article?.prezzo1 === 'number' ? article.prezzo1 : 0;
    const unita = article?.unmisura ?? '';
    const importo = unita.includes('%') ? (quantita * prezzo) / 100 : quantita * prezzo;
    const voce = { tariffa, quantita, prezzo, unita, importo };
    sheet.push({ voce });
    voci.push(voce);
  }
  return { elencoPrezzi, sheet, voci, total: voci.reduce((s, v) => s + v.importo, 0) };
}
