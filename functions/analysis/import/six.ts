/**
 * SIX (UNI 11337 interchange XML, e.g. STR Vision): the price lists (prezzario/prodotto with
 * prdId, prdDescrizione breve/estesa, unità di misura, prdQuotazione per lista) and the computi
 * (progetto/preventivo with prvRilevazione rows: a product, a price list, and prvMisura rows of
 * prvCella factors, "-" for deductions). One voce per product of each preventivo, in the order
 * the file measures them: quantity = Σ measurements (each the product of its cells), price =
 * the product's quotation in the rilevazione's list. SIX holds no amounts and no totals: the
 * amount is quantità × prezzo rounded to cents. Chapters: supercategoria = the preventivo,
 * categoria and sottocategoria = the product's first two WBS groups (e.g. "Categorie
 * merceologiche" and "Subcategorie merceologiche").
 */
import { add, mul, neg, round, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import { originalCode, SIX_AUTHOR, SIX_CHAPTER_GROUPS } from '../../../shared/domain/export-formats.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { amountOf, fileNumber, finish, ImportError, labourIncidence, makeVoce, type ImportResult } from './common.ts';
import { evalMeasure, ONE } from './expr.ts';
import { attr, child, children, parseXml, text, type XmlNode } from './xml.ts';

export const SIX_NOT_SIX = 'Il file XML non è un computo SIX (UNI 11337) né un PriMus XPWE.';
export const SIX_NO_VOCI = 'Il file SIX non contiene voci di computo misurate (nessuna prvRilevazione): è forse solo un prezzario?';

const ARRAYS = new Set([
  'prezzario',
  'prodotto',
  'prdDescrizione',
  'prdGrpValore',
  'prdQuotazione',
  'unitaDiMisura',
  'gruppo',
  'grpValore',
  'vlrDescrizione',
  'progetto',
  'preventivo',
  'prvDescrizione',
  'prvRilevazione',
  'prvGrpValore',
  'prvMisura',
  'prvCella',
  'prvCommento',
]);

const italian = (list: XmlNode[]): XmlNode | undefined => list.find((d) => !attr(d, 'lingua') || attr(d, 'lingua') === 'it') ?? list[0];

interface Product {
  code: string;
  title: string;
  description: string;
  unit: string;
  prices: Map<string, Decimal>;
  groups: string[];
  /** The labour incidence the file states for the product (incidenzaManodopera, percent; issue 39). */
  incidenza?: number;
}

interface Pending {
  product: Product;
  quantity: Decimal;
  list: string;
  preventivo: string;
  /** Our own exports: the voce's own code and chapters, from its rilevazione. */
  own?: { code: string; capitoli: Capitoli | null };
}

/** A file we wrote (SIX_AUTHOR): one voce per rilevazione, its chapters from the rilevazione's groups. */
interface OwnExport {
  chapterOf: Map<string, { level: keyof Capitoli; name: string }>;
  /** From versione 2 the chapters are the rilevazioni's groups (versione 1 put them on the products and preventivi). */
  placed: boolean;
}

/** What a read noticed and could not import: measurements of unknown products, unreadable measures. */
interface Skipped {
  unknown: number;
  unreadable: number;
}

export function importSix(bytes: Uint8Array): ImportResult {
  const root = child(parseXml(bytes, ARRAYS), 'Documento');
  if (!root) throw new ImportError(SIX_NOT_SIX);
  const products = productsOf(root, groupNamesOf(root));
  const own = attr(child(root, 'intestazione'), 'autore') === SIX_AUTHOR ? ownExportOf(root) : null;
  const voci: ParsedVoce[] = [];
  const skipped: Skipped = { unknown: 0, unreadable: 0 };
  for (const prg of children(root, 'progetto')) {
    for (const prv of children(prg, 'preventivo')) {
      for (const p of pendingOf(prv, products, skipped, own)) voci.push(voceOf(p, voci.length + 1));
    }
  }
  const warnings: string[] = [];
  if (skipped.unknown) warnings.push(`${skipped.unknown} righe di misura rimandano a un prodotto assente dal file: non sono state importate.`);
  if (skipped.unreadable) warnings.push(`${skipped.unreadable} righe di misura con valori non numerici non sono state sommate: verifica le quantità.`);
  if (!voci.length) throw new ImportError(SIX_NO_VOCI);
  return finish({ layout: 'six', voci, document_total: null, warnings });
}

/** The names of the groups' values (grpValoreId -> short description), for the voci's chapters. */
function groupNamesOf(root: XmlNode): Map<string, string> {
  const groupNames = new Map<string, string>();
  for (const g of children(root, 'gruppo')) {
    for (const v of children(g, 'grpValore')) {
      const d = italian(children(v, 'vlrDescrizione'));
      groupNames.set(attr(v, 'grpValoreId'), (d && attr(d, 'breve')) || attr(v, 'vlrId'));
    }
  }
  return groupNames;
}

/** Every product of the file's price lists, by prodottoId. */
function productsOf(root: XmlNode, groupNames: Map<string, string>): Map<string, Product> {
  const products = new Map<string, Product>();
  for (const prz of children(root, 'prezzario')) {
    const units = new Map(children(prz, 'unitaDiMisura').map((u) => [attr(u, 'unitaDiMisuraId'), attr(u, 'simbolo') || attr(u, 'udmId')]));
    for (const p of children(prz, 'prodotto')) {
      const d = italian(children(p, 'prdDescrizione'));
      products.set(attr(p, 'prodottoId'), {
        code: attr(p, 'prdId'),
        title: d ? attr(d, 'breve') : '',
        description: d ? attr(d, 'estesa') : '',
        unit: units.get(attr(p, 'unitaDiMisuraId')) ?? '',
        prices: new Map(children(p, 'prdQuotazione').map((q) => [attr(q, 'listaQuotazioneId'), fileNumber(attr(q, 'valore')) ?? ZERO])),
        groups: children(p, 'prdGrpValore').map((g) => groupNames.get(attr(g, 'grpValoreId')) ?? '').filter(Boolean),
        // Our exports write it as an element of the prodotto; an attribute is read too.
        incidenza: labourIncidence(text(p, 'incidenzaManodopera') || attr(p, 'incidenzaManodopera')),
      });
    }
  }
  return products;
}

/** One voce per product of the preventivo, in the order of its first measurement, quantities summed. */
function pendingOf(prv: XmlNode, products: Map<string, Product>, skipped: Skipped, own: OwnExport | null): Pending[] {
  const d = italian(children(prv, 'prvDescrizione'));
  const title = (d && attr(d, 'breve')) || attr(prv, 'prvId');
  const byProduct = new Map<string, Pending>();
  for (const r of children(prv, 'prvRilevazione')) {
    const product = products.get(attr(r, 'prodottoId'));
    if (!product) {
      skipped.unknown++;
      continue;
    }
    const q = quantityOf(r, skipped);
    const key = own ? attr(r, 'prvRilevazioneId') : attr(r, 'prodottoId');
    const pending = byProduct.get(key);
    if (pending) pending.quantity = add(pending.quantity, q);
    else byProduct.set(key, { product, quantity: q, list: attr(r, 'listaQuotazioneId'), preventivo: title, ...(own ? { own: ownVoce(r, product, own) } : {}) });
  }
  return [...byProduct.values()];
}

/** A rilevazione's quantity: its measures (cells multiplied, `-` subtracted), or the quantity it states. */
function quantityOf(r: XmlNode, skipped: Skipped): Decimal {
  let q = ZERO;
  // A rilevazione may state its quantity instead of measuring it.
  const stated = fileNumber(attr(r, 'quantita'));
  if (stated && !children(r, 'prvMisura').length) q = stated;
  for (const m of children(r, 'prvMisura')) {
    const cells = children(m, 'prvCella');
    if (!cells.length) continue;
    let partial: Decimal = ONE;
    let ok = true;
    for (const c of cells) {
      const v = evalMeasure(attr(c, 'testo') || attr(c, 'valore'));
      if (!v) ok = false;
      else partial = mul(partial, v);
    }
    if (!ok) {
      skipped.unreadable++;
      continue;
    }
    q = add(q, attr(m, 'operazione') === '-' ? neg(partial) : partial);
  }
  return q;
}

function voceOf(p: Pending, index: number): ParsedVoce {
  // Quantities to 2 decimals, as STR Vision prints them and computes the amount.
  p.quantity = round(p.quantity, 2);
  const prices = p.product.prices;
  const unitario = prices.get(p.list) ?? prices.values().next().value ?? ZERO;
  const desc = p.product.description.trim();
  const head = p.product.title.trim();
  return makeVoce(
    {
      tariffa: p.own?.code ?? p.product.code,
      descrizione: head && !desc.startsWith(head) ? `${head} ${desc}` : desc || head,
      unita_di_misura: p.product.unit,
      quantita: p.quantity,
      unitario,
      totale: amountOf(p.quantity, unitario),
      capitoli: p.own?.capitoli ?? { supercategoria: p.preventivo, categoria: p.product.groups[0], sottocategoria: p.product.groups[1] },
    },
    index,
    { incidenza: p.product.incidenza },
  );
}

/** The chapter groups of a file we wrote: each group value's level and name. */
function ownExportOf(root: XmlNode): OwnExport {
  const levels = new Map<string, keyof Capitoli>(Object.entries(SIX_CHAPTER_GROUPS).map(([level, tipo]) => [tipo, level as keyof Capitoli]));
  const chapterOf = new Map<string, { level: keyof Capitoli; name: string }>();
  for (const g of children(root, 'gruppo')) {
    const level = levels.get(attr(g, 'tipo'));
    if (!level) continue;
    for (const v of children(g, 'grpValore')) {
      const d = italian(children(v, 'vlrDescrizione'));
      chapterOf.set(attr(v, 'grpValoreId'), { level, name: (d && attr(d, 'breve')) || attr(v, 'vlrId') });
    }
  }
  return { chapterOf, placed: attr(child(root, 'intestazione'), 'versione') !== '1' };
}

/**
 * A rilevazione of our own export: the voce's code (the product's, unless a comment states that the
 * export assigned it) and its chapters (null when it is in none: the older exports put them on the products).
 */
function ownVoce(r: XmlNode, product: Product, own: OwnExport): { code: string; capitoli: Capitoli | null } {
  let code = product.code;
  for (const m of children(r, 'prvMisura')) {
    for (const c of children(m, 'prvCommento')) {
      const found = originalCode(attr(c, 'estesa'), product.code);
      if (found !== null) code = found;
    }
  }
  const capitoli: Capitoli = {};
  for (const g of children(r, 'prvGrpValore')) {
    const ch = own.chapterOf.get(attr(g, 'grpValoreId'));
    if (ch) capitoli[ch.level] = ch.name;
  }
  return { code, capitoli: own.placed ? capitoli : null };
}
