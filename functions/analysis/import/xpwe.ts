/**
 * ACCA PriMus XPWE (XML interchange): the price list (PweElencoPrezzi/EPItem: Tariffa, DesRidotta,
 * DesEstesa, UnMisura, Prezzo1) and the measured voci (PweVociComputo/VCItem: IDEP, Quantita,
 * IDSpCat/IDCat/IDSbCat, PweVCMisure/RGItem measurement rows). The voce's quantity is the file's
 * Quantita; the measurement rows are only read to check it ("da verificare" when they disagree).
 * XPWE holds no amounts: the amount is quantità × prezzo rounded to cents, as PriMus prints it.
 */
import { abs, add, compare, dec, mul, neg, sub, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { amountOf, fileNumber, finish, ImportError, labourIncidence, makeVoce, R_MISURE, type ImportResult } from './common.ts';
import { evalMeasure } from './expr.ts';
import { originalCode } from '../../../shared/domain/export-formats.ts';
import { attr, child, children, parseXml, text, type XmlNode } from './xml.ts';

export const XPWE_NO_VOCI = 'Il file XPWE non contiene voci di computo (PweVociComputo vuoto): è forse solo un elenco prezzi?';
export const XPWE_NOT_XPWE = 'Il file non è un computo PriMus XPWE: manca l\u2019elemento PweDocumento.';

const ARRAYS = new Set([
  'EPItem',
  'VCItem',
  'RGItem',
  'DGSuperCategorieItem',
  'DGCategorieItem',
  'DGSubCategorieItem',
  'DGSuperCapitoliItem',
  'DGCapitoliItem',
  'DGSubCapitoliItem',
]);

/** One cent of tolerance between the measured sum and the stated quantity (PriMus rounds each row). */
const TOLERANCE = dec(1n, 2);

function names(cc: XmlNode | undefined, list: string, item: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const el of children(child(cc, list), item)) {
    const name = text(el, 'DesSintetica').trim() || text(el, 'DesEstesa').trim();
    if (name) out.set(attr(el, 'ID'), name);
  }
  return out;
}

export function importXpwe(bytes: Uint8Array): ImportResult {
  const root = child(parseXml(bytes, ARRAYS), 'PweDocumento');
  if (!root) throw new ImportError(XPWE_NOT_XPWE);
  const cc = child(child(root, 'PweDatiGenerali'), 'PweDGCapitoliCategorie');
  const superCat = names(cc, 'PweDGSuperCategorie', 'DGSuperCategorieItem');
  const cat = names(cc, 'PweDGCategorie', 'DGCategorieItem');
  const subCat = names(cc, 'PweDGSubCategorie', 'DGSubCategorieItem');
  // Capitoli of the price list: the voce's chapters when the computo has no categories.
  const superCap = names(cc, 'PweDGSuperCapitoli', 'DGSuperCapitoliItem');
  const cap = names(cc, 'PweDGCapitoli', 'DGCapitoliItem');
  const subCap = names(cc, 'PweDGSubCapitoli', 'DGSubCapitoliItem');
  const mis = child(root, 'PweMisurazioni');
  const prices = new Map<string, XmlNode>();
  for (const ep of children(child(mis, 'PweElencoPrezzi'), 'EPItem')) prices.set(attr(ep, 'ID'), ep);
  const vcItems = children(child(mis, 'PweVociComputo'), 'VCItem');
  if (!vcItems.length) throw new ImportError(XPWE_NO_VOCI);

  const stated = new Map<string, Decimal>();
  for (const vc of vcItems) {
    const q = fileNumber(text(vc, 'Quantita'));
    if (q) stated.set(attr(vc, 'ID'), q);
  }

  const warnings: string[] = [];
  const voci: ParsedVoce[] = [];
  let missing = 0;
  for (const vc of vcItems) {
    const ep = prices.get(text(vc, 'IDEP').trim());
    if (!ep) {
      missing++;
      continue;
    }
    const measured = measuredQuantity(vc, stated);
    const quantita = stated.get(attr(vc, 'ID')) ?? measured ?? ZERO;
    const unitario = fileNumber(text(ep, 'Prezzo1')) ?? ZERO;
    const verifica: string[] = [];
    if (measured && stated.has(attr(vc, 'ID')) && compare(abs(sub(measured, quantita)), TOLERANCE) > 0) verifica.push(R_MISURE);
    let capitoli: Capitoli = {
      supercategoria: superCat.get(text(vc, 'IDSpCat').trim()),
      categoria: cat.get(text(vc, 'IDCat').trim()),
      sottocategoria: subCat.get(text(vc, 'IDSbCat').trim()),
    };
    if (!capitoli.supercategoria && !capitoli.categoria && !capitoli.sottocategoria) {
      capitoli = { supercategoria: superCap.get(text(ep, 'IDSpCap').trim()), categoria: cap.get(text(ep, 'IDCap').trim()), sottocategoria: subCap.get(text(ep, 'IDSbCap').trim()) };
    }
    const incidenza = labourIncidence(text(ep, 'IncMDO'));
    const estesa = text(ep, 'DesEstesa').trim();
    const ridotta = text(ep, 'DesRidotta').trim();
    voci.push(
      makeVoce(
        {
          tariffa: ownCode(vc, text(ep, 'Tariffa')),
          descrizione: estesa || ridotta,
          unita_di_misura: text(ep, 'UnMisura'),
          quantita,
          unitario,
          totale: amountOf(quantita, unitario),
          capitoli,
          verifica,
        },
        voci.length + 1,
        { incidenza },
      ),
    );
  }
  if (missing) warnings.push(`${missing} ${missing === 1 ? 'voce rimanda' : 'voci rimandano'} a un articolo assente dall\u2019elenco prezzi del file: non ${missing === 1 ? 'è stata importata' : 'sono state importate'}.`);
  if (!voci.length) throw new ImportError(XPWE_NO_VOCI);
  return finish({ layout: 'xpwe', voci, document_total: null, warnings });
}


/**
 * The sum of the measurement rows: each row with factors (parti uguali, lunghezza, larghezza,
 * H/peso) is their product, negative when the row's quantity is; a "vedi voce" row (IDVV > 0)
 * takes the quantity of the voce it names. Rows with neither (notes, printed partial subtotals)
 * are not counted. Null when no row measures anything.
 */
function measuredQuantity(vc: XmlNode, stated: ReadonlyMap<string, Decimal>): Decimal | null {
  let total: Decimal | null = null;
  for (const rg of children(child(vc, 'PweVCMisure'), 'RGItem')) {
    const factors = ['PartiUguali', 'Lunghezza', 'Larghezza', 'HPeso'].map((f) => text(rg, f).trim()).filter(Boolean);
    const values = factors.map((f) => evalMeasure(f));
    if (values.some((v) => v === null)) return null; // a factor we cannot read: no check
    const idvv = Number(text(rg, 'IDVV'));
    const ref = idvv > 0 ? stated.get(String(idvv)) : undefined;
    if (!values.length && !ref) continue;
    let partial = values.reduce<Decimal>((p, v) => mul(p, v!), ref ?? dec(1n));
    const rowQ = fileNumber(text(rg, 'Quantita'));
    if (rowQ && rowQ.units < 0n && partial.units > 0n) partial = neg(partial);
    total = add(total ?? ZERO, partial);
  }
  return total;
}

/** The voce's own code: the article's, unless a note line states that the export assigned it (exportCodeNote). */
function ownCode(vc: XmlNode, tariffa: string): string {
  for (const rg of children(child(vc, 'PweVCMisure'), 'RGItem')) {
    const own = originalCode(text(rg, 'Descrizione'), tariffa);
    if (own !== null) return own;
  }
  return tariffa;
}
