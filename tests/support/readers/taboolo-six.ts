/**
 * Taboolo's SIX import (frank1beans/Taboolo-nuxt, python-importer/importers/six/parser.py, class
 * SixParser, read at commit e4a86dd4e66cbd4aa9917598de92c36912c3c2ca), ported for what decides
 * which voci, chapters and money it finds. Method names are Taboolo's.
 *
 * - _classify_group: a gruppo whose tipo (lowercased) starts with "wbs 01".."wbs 05" is a spatial
 *   WBS of that level, containing "wbs 06" / "wbs 07" the product's category / sub-category;
 *   anything else "other" (never a chapter).
 * - _parse_units: a unit's label is simbolo, else udmId, else udmDescrizione breve.
 * - _parse_products: code = prdId or prodottoId; description estesa or breve; prices by price list
 *   (canonical list id from lqtDescrizione breve: lowercased, non-alphanumerics to "_"); wbs6/wbs7
 *   from prdGrpValore.
 * - _resolve_preventivo_id: with more than one preventivo the import stops and asks which one
 *   (PreventivoSelectionError); one preventivo is read at a time.
 * - parse: every prvRilevazione of the preventivo is a voce of its own (the aggregate key holds the
 *   rilevazione's index); its WBS levels are the spatial groups of its prvGrpValore plus the
 *   product's wbs6/wbs7, with a fallback wbs6 made from the product code when there is none;
 *   price = pick_price (the rilevazione's list, else the first); amount = quantity x price rounded
 *   half-up to the cent per rilevazione; the total their sum.
 * - _compute_quantity / _parse_misura_context: each prvMisura's cells summed by posizione (each
 *   value rounded to 0.01), the positions multiplied (0 if one is 0), rounded to 0.01; a measure
 *   with no cells is ignored; the sign "-" / "+" of operazione carries to the following measures;
 *   a measure whose prvCommento matches _reference_pattern ("voce n. 12", "#12", "[12]", "<12>",
 *   "→ 12") is a reference to another progressivo, not a measure (_collect_reference_entries).
 */
import { find, findall, parseRoot, type Element } from './element-tree.ts';

const REFERENCE = /(?:voce|rif\.?|riferimento|prog\.?|progressivo)\s*(?:n\.|nr\.?|num\.?)?\s*(\d+)|#(\d+)|→\s*(\d+)|\[(\d+)\]|<(\d+)>/gi;

interface GroupValue {
  code: string;
  description: string | null;
  kind: 'spatial' | 'wbs6' | 'wbs7' | 'other';
  level: number | null;
}

export interface TabooloVoce {
  code: string;
  description: string;
  unit: string | null;
  quantity: number;
  unitPrice: number;
  amount: number;
  wbs: Array<{ level: number; code: string; description: string | null }>;
  references: number;
}

export class PreventivoSelectionError extends Error {}

const cents = (x: number) => Math.round((x + Number.EPSILON * Math.sign(x)) * 100) / 100;

function classifyGroup(tipo: string): Pick<GroupValue, 'kind' | 'level'> {
  for (let n = 1; n <= 5; n++) if (tipo.startsWith(`wbs 0${n}`)) return { kind: 'spatial', level: n };
  if (tipo.includes('wbs 06')) return { kind: 'wbs6', level: 6 };
  if (tipo.includes('wbs 07')) return { kind: 'wbs7', level: 7 };
  return { kind: 'other', level: null };
}

const canonicalList = (label: string) => label.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'listino';

function misuraContext(misura: Element): { product: number | null; references: number } {
  const grouped = new Map<number, number>();
  for (const cella of findall(misura, 'prvCella')) {
    const raw = (cella.attrib.testo ?? '').replace(',', '.');
    if (!raw) continue;
    const value = cents(Number(raw));
    if (Number.isNaN(value)) continue;
    const position = Number.parseInt(cella.attrib.posizione ?? '0', 10) || 0;
    grouped.set(position, (grouped.get(position) ?? 0) + value);
  }
  let references = 0;
  for (const c of findall(misura, 'prvCommento')) references += [...(c.attrib.estesa ?? '').matchAll(REFERENCE)].length;
  if (!grouped.size) return { product: null, references };
  const values = [...grouped.values()];
  return { product: values.includes(0) ? 0 : cents(values.reduce((p, v) => p * v, 1)), references };
}

function computeQuantity(ril: Element): { quantity: number; references: number } {
  let total = 0;
  let sign = 1;
  let references = 0;
  for (const misura of findall(ril, 'prvMisura')) {
    const ctx = misuraContext(misura);
    references += ctx.references;
    if (ctx.references) continue;
    const op = (misura.attrib.operazione ?? '').trim();
    if (op === '-') sign = -1;
    else if (op === '+') sign = 1;
    if (ctx.product === null) continue;
    total += sign * ctx.product;
  }
  return { quantity: total, references };
}

export function tabooloParseSix(xml: string): { title: string | null; voci: TabooloVoce[]; total: number } {
  const root = parseRoot(xml);
  const groups = new Map<string, GroupValue>();
  for (const g of findall(root, './/gruppo')) {
    const kl = classifyGroup((g.attrib.tipo ?? '').trim().toLowerCase());
    for (const v of findall(g, 'grpValore')) groups.set(v.attrib.grpValoreId, { code: (v.attrib.vlrId ?? '').trim(), description: find(v, 'vlrDescrizione')?.attrib.breve ?? null, ...kl });
  }
  const lists = new Map(findall(root, './/listaQuotazione').map((l) => [l.attrib.listaQuotazioneId, canonicalList(find(l, 'lqtDescrizione')?.attrib.breve || l.attrib.lqtId || l.attrib.listaQuotazioneId)]));
  const units = new Map(findall(root, './/unitaDiMisura').map((u) => [u.attrib.unitaDiMisuraId, (u.attrib.simbolo || u.attrib.udmId || find(u, 'udmDescrizione')?.attrib.breve || u.attrib.unitaDiMisuraId).trim()]));
  const products = new Map(
    findall(root, './/prodotto').map((p) => {
      const d = find(p, 'prdDescrizione');
      const wbs = findall(p, 'prdGrpValore').map((g) => groups.get(g.attrib.grpValoreId)).filter((g): g is GroupValue => !!g);
      return [
        p.attrib.prodottoId,
        {
          code: (p.attrib.prdId || p.attrib.prodottoId).trim(),
          description: ((d?.attrib.estesa || d?.attrib.breve) ?? '').trim() || p.attrib.prdId,
          unit: p.attrib.unitaDiMisuraId ? (units.get(p.attrib.unitaDiMisuraId) ?? p.attrib.unitaDiMisuraId) : null,
          prices: new Map(findall(p, 'prdQuotazione').map((q) => [lists.get(q.attrib.listaQuotazioneId) ?? canonicalList(q.attrib.listaQuotazioneId), Number(q.attrib.valore)])),
          wbs6: wbs.find((g) => g.kind === 'wbs6'),
          wbs7: wbs.find((g) => g.kind === 'wbs7'),
        },
      ] as const;
    }),
  );
  const preventivi = findall(root, './/preventivo');
  if (!preventivi.length) throw new Error('Il file STR Vision non contiene preventivi importabili');
  if (preventivi.length > 1) throw new PreventivoSelectionError(`Seleziona un preventivo valido per l'import STR Vision. Disponibili: ${preventivi.length}`);
  const prv = preventivi[0];

  const voci: TabooloVoce[] = [];
  for (const ril of findall(prv, 'prvRilevazione')) {
    const product = products.get(ril.attrib.prodottoId);
    if (!product) continue;
    const { quantity, references } = computeQuantity(ril);
    const list = lists.get(ril.attrib.listaQuotazioneId);
    const unitPrice = (list !== undefined ? product.prices.get(list) : undefined) ?? product.prices.values().next().value ?? 0;
    const levels = new Map<number, TabooloVoce['wbs'][number]>();
    for (const g of findall(ril, 'prvGrpValore')) {
      const meta = groups.get(g.attrib.grpValoreId);
      if (meta?.kind === 'spatial' && meta.level) levels.set(meta.level, { level: meta.level, code: meta.code, description: meta.description });
    }
    if (product.wbs6) levels.set(6, { level: 6, code: product.wbs6.code, description: product.wbs6.description });
    if (product.wbs7) levels.set(7, { level: 7, code: product.wbs7.code, description: product.wbs7.description });
    if (!levels.has(6)) levels.set(6, { level: 6, code: product.code.replace(/[^A-Za-z0-9]/g, '').toUpperCase() || 'UNMAPPED', description: product.description });
    voci.push({
      code: product.code,
      description: product.description,
      unit: product.unit,
      quantity: cents(quantity),
      unitPrice,
      amount: cents(quantity * unitPrice),
      wbs: [...levels.values()].sort((a, b) => a.level - b.level),
      references,
    });
  }
  return { title: find(prv, 'prvDescrizione')?.attrib.breve ?? null, voci, total: cents(voci.reduce((s, v) => s + v.amount, 0)) };
}
