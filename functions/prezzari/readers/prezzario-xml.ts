import { cellAmount, cellYear, optionalText } from './cells.ts';
import { describeLevels } from './describe.ts';
import { localName, parseXml, XmlSyntaxError, type XmlHandler } from './xml.ts';
import { INCIDENCE_FIELDS, missingFields, PRICE_FIELDS, PriceFileError, tooManyRows, type PriceField, type PriceRow, type ReadResult } from './types.ts';

/**
 * Price lists in XML, as Regione Toscana publishes them:
 *
 * - "EASY" (2019 onwards; `<EASY:Prezzario>`): `<EASY:Articolo codice="TOS25_01.A03.001.001">`
 *   with children livello1..4 (work type, chapter, item, article descriptions), um, prezzo, and
 *   either prezzosenzasgutil or an `<Analisi>` whose totaleparziale@valore is the price without
 *   spese generali and utile. Year and area come from `<intestazione><dettaglio anno area>`.
 * - "PRT" (older editions): nested tipo / capitolo / voce / articolo elements, each with its own
 *   code and description; the article's full code is the ancestors' codes joined with '.'
 *   ("TOS22_01" + "A03" + "001" + "001" → "TOS22_01.A03.001.001") unless the article already
 *   carries the full code.
 *
 * Both are read the same, tolerantly: any namespace prefix, any letter case, values as
 * attributes or as child elements (text or CDATA). Every element named "articolo" is an item.
 */

interface Node {
  name: string; // local, lower case
  attrs: Map<string, string>; // local, lower case, punctuation removed
  children: Node[];
  text: string;
}

interface Frame {
  name: string;
  attrs: Map<string, string>;
  fields: Map<string, string>;
  text: string;
  hasChildren: boolean;
}

const key = (name: string) => localName(name).replace(/[^a-z0-9]/g, '');

const CODE_KEYS = ['codice', 'code', 'cod', 'tariffa', 'codicearticolo', 'codicevoce'];
const DESC_KEYS = ['descrizioneestesa', 'declaratoria', 'descrizione', 'desc', 'testo', 'descrizionebreve', 'titolo'];
const UM_KEYS = ['um', 'udm', 'unitadimisura', 'unitamisura', 'unita', 'unitmisura', 'misura'];
const PRICE_KEYS = ['prezzo', 'prezzounitario', 'prezzo1', 'importo'];
const NET_KEYS = ['prezzosenzasgutil', 'prezzosenzasgeui', 'prezzosenzasg', 'prezzosenzaspesegenerali', 'prezzonetto'];
const MAX_TEXT = 1 << 20;

function attrMap(attrs: Record<string, string>): Map<string, string> {
  const m = new Map<string, string>();
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    m.set(key(k), v);
  }
  return m;
}

/** Attribute, or a direct child's text, or a direct child's valore/value attribute. */
function get(node: Node, keys: readonly string[]): { value: string; source: string } | null {
  for (const k of keys) {
    const a = node.attrs.get(k);
    if (a !== undefined && a.trim()) return { value: a, source: `@${k}` };
    const child = node.children.find((c) => c.name === k);
    if (child) {
      if (child.text.trim()) return { value: child.text, source: k };
      const v = child.attrs.get('valore') ?? child.attrs.get('value');
      if (v !== undefined && v.trim()) return { value: v, source: `${k}@valore` };
    }
  }
  return null;
}

function frameGet(f: Frame, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = f.attrs.get(k) ?? f.fields.get(k);
    if (v !== undefined && v.trim()) return v.trim();
  }
  return null;
}

/** "Provincia di Firenze" → "FIRENZE"; "Massa Carrara" stays as given, upper case. */
function provinceFromArea(area: string | null): string | null {
  if (!area) return null;
  const t = area.replace(/\s+/g, ' ').trim();
  const m = /^provincia\s+(?:di|del|della|dell['’]\s*|d['’]\s*)\s*(.+)$/i.exec(t);
  if (m) return m[1].trim().toUpperCase();
  if (/^(regione|comune|citta|città)\b/i.test(t)) return null;
  return t.toUpperCase();
}

/** "TOS25_01.A03…" → 2025 (Toscana codes carry the edition year). */
function yearFromCode(code: string): number | null {
  const m = /^[A-Z]{2,5}(\d{2})_/i.exec(code);
  return m ? 2000 + Number(m[1]) : null;
}

/** Where each field was found, for the preview ("Articolo@codice", "livello1 + livello2", …). */
class FieldSources {
  readonly map = new Map<PriceField, Set<string>>();

  found(field: PriceField, source: string) {
    const s = this.map.get(field) ?? new Set<string>();
    s.add(source);
    this.map.set(field, s);
  }
}

/** Year and area of the whole list, from the first element that states them. */
class ListContext {
  anno: number | null = null;
  area: string | null = null;
  annoFrom = '';
  areaFrom = '';

  capture(where: string, values: Map<string, string>, sep: string) {
    const anno = values.get('anno');
    if (anno && this.anno === null) {
      this.anno = cellYear(anno.trim());
      this.annoFrom = `${where}${sep}anno`;
    }
    for (const k of ['provincia', 'area']) {
      const area = values.get(k);
      if (area?.trim() && this.area === null) {
        this.area = area.trim();
        this.areaFrom = `${where}${sep}${k}`;
      }
    }
  }
}

/** The XML events of one price list, turned into rows: frames above the articles, a small tree inside each. */
class PrezzarioXmlReader implements XmlHandler {
  readonly rows: PriceRow[] = [];
  readonly sources = new FieldSources();
  readonly list = new ListContext();
  private readonly frames: Frame[] = [];
  private readonly nodes: Node[] = []; // open elements inside the current article
  rootPrefix = '';
  sawLevels = false;
  skipped = 0;
  withoutPrice = 0;
  invalid = 0;
  sawDoctype = false;
  private articlesTag = 'articolo';

  constructor(private readonly maxRows: number) {}

  doctype() {
    this.sawDoctype = true;
  }

  open(name: string, attrs: Record<string, string>) {
    const { frames, nodes } = this;
    const local = key(name);
    if (!frames.length && !nodes.length) this.rootPrefix = name.includes(':') ? name.slice(0, name.indexOf(':')).toLowerCase() : '';
    if (nodes.length) {
      const node: Node = { name: local, attrs: attrMap(attrs), children: [], text: '' };
      nodes[nodes.length - 1].children.push(node);
      nodes.push(node);
      return;
    }
    if (frames.length) frames[frames.length - 1].hasChildren = true;
    if (local === 'articolo') {
      this.articlesTag = name.replace(/^.*:/, '');
      nodes.push({ name: local, attrs: attrMap(attrs), children: [], text: '' });
      return;
    }
    const f: Frame = { name: localName(name), attrs: attrMap(attrs), fields: new Map(), text: '', hasChildren: false };
    this.list.capture(f.name, f.attrs, '@');
    frames.push(f);
  }

  text(t: string) {
    const target = this.nodes.length ? this.nodes[this.nodes.length - 1] : this.frames[this.frames.length - 1];
    if (target && target.text.length < MAX_TEXT) target.text += t;
  }

  close() {
    const { frames, nodes } = this;
    if (nodes.length) {
      const node = nodes.pop()!;
      if (!nodes.length) this.emit(node);
      return;
    }
    const f = frames.pop();
    if (!f) return;
    const parent = frames[frames.length - 1];
    const k = key(f.name);
    if (parent && !f.hasChildren && f.text.trim() && !parent.fields.has(k)) parent.fields.set(k, f.text);
    if (!f.hasChildren && (k === 'anno' || k === 'area' || k === 'provincia')) {
      this.list.capture(parent ? parent.name : '', new Map([[k, f.text]]), '/');
    }
  }

  /** One article: its code (with the ancestors' codes when local), description, unit, prices, year and province. */
  private emit(node: Node) {
    const codice = this.codeOf(node);
    if (!codice) {
      this.skipped++;
      return;
    }
    const um = get(node, UM_KEYS);
    if (um) this.sources.found('unita_di_misura', um.source.replace(/^@/, ''));
    const { prezzo, prezzo_senza_sg } = this.pricesOf(node);
    if (this.rows.length >= this.maxRows) throw tooManyRows(this.maxRows);
    const titoli = this.titlesOf(node);
    this.rows.push({
      ...(titoli.length ? { titoli } : {}),
      codice,
      descrizione: this.descriptionOf(node),
      unita_di_misura: um ? optionalText(um.value) : null,
      prezzo,
      prezzo_senza_sg,
      anno: this.yearOf(node, codice),
      provincia: this.provinceOf(node),
      tipologia: null,
      scostamento_perc_senza_sg_2024: null,
      scostamento_perc_su_anno_2024: null,
      ...this.incidencesOf(node),
    });
  }

  /**
   * The labour and safety incidences of the article's analysis (EASY: `<Analisi>`
   * `<incidenzamanodopera percentuale="40.36" valore="5.50138"/>` `<incidenzasicurezza percentuale="0.56"/>`;
   * PRT: the same elements or attributes on the article), in percent. Absent when the file has none.
   */
  private incidencesOf(node: Node): Partial<Pick<PriceRow, 'incidenza_manodopera' | 'incidenza_sicurezza'>> {
    const out: Partial<Pick<PriceRow, 'incidenza_manodopera' | 'incidenza_sicurezza'>> = {};
    const analisi = node.children.find((c) => c.name === 'analisi');
    for (const [field, k] of [['incidenza_manodopera', 'incidenzamanodopera'], ['incidenza_sicurezza', 'incidenzasicurezza']] as const) {
      const holder = [analisi, node].find((n) => n && (n.attrs.has(k) || n.children.some((c) => c.name === k)));
      if (!holder) continue;
      const el = holder.children.find((c) => c.name === k);
      const raw = el ? (el.attrs.get('percentuale') ?? el.attrs.get('perc') ?? (el.text.trim() || undefined)) : holder.attrs.get(k);
      out[field] = this.amount(raw === undefined ? null : { value: raw });
      this.sources.found(field, el ? `${holder === analisi ? 'Analisi/' : ''}${k}@percentuale` : `@${k}`);
    }
    return out;
  }

  private codedAncestors() {
    return this.frames.filter((f) => frameGet(f, CODE_KEYS) !== null);
  }

  private codeOf(node: Node): string {
    const own = get(node, CODE_KEYS);
    const ancestors = this.codedAncestors();
    const prefixCodes = ancestors.map((f) => frameGet(f, CODE_KEYS)!.replace(/\s+/g, ''));
    let codice = (own?.value ?? '').replace(/\s+/g, ' ').trim();
    if (!codice) return '';
    // A full code ("TOS22_01.A03.001.001") is kept; a local one ("001") gets its ancestors' codes.
    const alreadyFull = codice.startsWith(prefixCodes[0] ?? '\u0000') || codice.split('.').length > prefixCodes.length;
    if (prefixCodes.length && !alreadyFull) codice = [...prefixCodes, codice].join('.');
    const tag = this.articlesTag;
    this.sources.found('codice', prefixCodes.length ? `${ancestors.map((f) => f.name).join('/')}/${tag}@codice` : `${tag}${own!.source.startsWith('@') ? '' : '/'}${own!.source}`);
    return codice;
  }

  /**
   * The titles above an article (livello1..3, or the coded ancestors' descriptions): the first
   * line of each, whitespace collapsed ("INDAGINI GEOGNOSTICHE", "SONDAGGI GEOGNOSTICI", …),
   * kept apart from the description so that search finds an article by its chapter, with less weight.
   */
  private titlesOf(node: Node): string[] {
    const levels = node.children
      .map((c) => ({ c, m: /^livello(\d+)$/.exec(c.name) }))
      .filter((x) => x.m)
      .sort((a, b) => Number(a.m![1]) - Number(b.m![1]))
      .map((l) => l.c.text);
    const chain = levels.length ? levels.slice(0, -1) : this.codedAncestors().map((f) => frameGet(f, DESC_KEYS) ?? '');
    return chain.map((t) => (t.trim().split(/\r?\n/)[0] ?? '').replace(/\s+/g, ' ').replace(/\.$/, '').trim()).filter((t) => t !== '');
  }

  private descriptionOf(node: Node): string {
    const levels = node.children
      .map((c) => ({ c, m: /^livello(\d+)$/.exec(c.name) }))
      .filter((x) => x.m)
      .sort((a, b) => Number(a.m![1]) - Number(b.m![1]));
    if (levels.length) {
      this.sawLevels = true;
      this.sources.found('descrizione', levels.map((l) => l.c.name).join(' + '));
      return describeLevels(levels.map((l) => l.c.text));
    }
    const ownDesc = get(node, DESC_KEYS);
    const chain = this.codedAncestors().map((f) => frameGet(f, DESC_KEYS));
    const descrizione = describeLevels([...chain, ownDesc?.value]);
    if (descrizione) this.sources.found('descrizione', ownDesc ? `${this.articlesTag}/${ownDesc.source.replace(/^@/, '')}` : 'descrizione (livelli superiori)');
    return descrizione;
  }

  private amount(v: { value: string } | null): number | null {
    if (!v) return null;
    const bad = { invalid: false };
    const x = cellAmount(v.value, bad);
    if (bad.invalid) this.invalid++;
    return x;
  }

  /** The price, and the price without spese generali and utile (from the article or its Analisi). */
  private pricesOf(node: Node): { prezzo: number | null; prezzo_senza_sg: number | null } {
    const analisi = node.children.find((c) => c.name === 'analisi');
    let p = get(node, PRICE_KEYS);
    if (!p && analisi) p = get(analisi, ['prezzo']);
    if (p) this.sources.found('prezzo', p.source.replace(/^@/, ''));
    let net = get(node, NET_KEYS);
    if (net) this.sources.found('prezzo_senza_sg', net.source.replace(/^@/, ''));
    else if (analisi) {
      net = get(analisi, ['totaleparziale']);
      if (net) this.sources.found('prezzo_senza_sg', 'Analisi/totaleparziale');
    }
    const prezzo = this.amount(p);
    const prezzo_senza_sg = this.amount(net);
    if (prezzo === null && prezzo_senza_sg === null) this.withoutPrice++;
    return { prezzo, prezzo_senza_sg };
  }

  private yearOf(node: Node, codice: string): number | null {
    const anno = cellYear(node.attrs.get('anno') ?? '') ?? this.list.anno;
    if (anno !== null) {
      this.sources.found('anno', node.attrs.has('anno') ? `${this.articlesTag}@anno` : this.list.annoFrom);
      return anno;
    }
    const fromCode = yearFromCode(codice);
    if (fromCode !== null) this.sources.found('anno', 'prefisso del codice');
    return fromCode;
  }

  private provinceOf(node: Node): string | null {
    const provincia = provinceFromArea(node.attrs.get('provincia') ?? this.list.area);
    if (provincia) this.sources.found('provincia', node.attrs.has('provincia') ? `${this.articlesTag}@provincia` : this.list.areaFrom);
    return provincia;
  }

  warnings(): string[] {
    const { withoutPrice, invalid, skipped } = this;
    const warnings: string[] = [];
    if (withoutPrice) warnings.push(`${withoutPrice} ${withoutPrice === 1 ? 'voce senza prezzo: importata' : 'voci senza prezzo: importate'} con prezzo vuoto.`);
    if (invalid) warnings.push(`${invalid} ${invalid === 1 ? 'valore numerico non riconosciuto, lasciato vuoto' : 'valori numerici non riconosciuti, lasciati vuoti'}.`);
    if (skipped) warnings.push(`${skipped} ${skipped === 1 ? 'articolo senza codice ignorato' : 'articoli senza codice ignorati'}.`);
    if (this.sawDoctype) warnings.push('La dichiarazione DOCTYPE del file è stata ignorata.');
    if (this.list.area && !provinceFromArea(this.list.area)) warnings.push(`Area "${this.list.area}" non riconosciuta come provincia.`);
    return warnings;
  }
}

export function readPrezzarioXml(text: string, maxRows: number): ReadResult {
  const reader = new PrezzarioXmlReader(maxRows);
  try {
    parseXml(text, reader);
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new PriceFileError(`Il file XML non è valido (riga ${e.line}: ${e.message}).`, { cause: e });
    throw e;
  }
  if (!reader.rows.length) {
    throw new PriceFileError(
      'Il file XML non contiene voci di prezzario riconoscibili: sono supportati i formati della Regione Toscana (EASY e PRT), con elementi Articolo.',
    );
  }
  const sources = reader.sources.map;
  const recognised = [...PRICE_FIELDS, ...INCIDENCE_FIELDS].filter((f) => sources.has(f)).map((field) => ({ field, column: [...sources.get(field)!].join(' / ') }));
  return {
    rows: reader.rows,
    format: reader.rootPrefix === 'easy' || reader.sawLevels ? 'xml-easy' : 'xml-prt',
    recognised,
    missing: missingFields(sources.keys()),
    skipped: reader.skipped,
    warnings: reader.warnings(),
  };
}
