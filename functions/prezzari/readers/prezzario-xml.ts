import { cellAmount, cellYear, optionalText } from './cells.ts';
import { describeLevels } from './describe.ts';
import { localName, parseXml, XmlSyntaxError } from './xml.ts';
import { missingFields, PRICE_FIELDS, PriceFileError, tooManyRows, type PriceField, type PriceRow, type ReadResult } from './types.ts';

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

export function readPrezzarioXml(text: string, maxRows: number): ReadResult {
  const rows: PriceRow[] = [];
  const frames: Frame[] = [];
  const nodes: Node[] = []; // open elements inside the current article
  const sources = new Map<PriceField, Set<string>>();
  const found = (field: PriceField, source: string) => {
    const s = sources.get(field) ?? new Set<string>();
    s.add(source);
    sources.set(field, s);
  };
  const ctx: { anno: number | null; area: string | null; annoFrom: string; areaFrom: string } = { anno: null, area: null, annoFrom: '', areaFrom: '' };
  let rootPrefix = '';
  let sawLevels = false;
  let skipped = 0;
  let withoutPrice = 0;
  let invalid = 0;
  let doctype = false;
  let articlesTag = 'articolo';

  /** Year and area of the whole list, from the first element that states them. */
  const captureContext = (where: string, values: Map<string, string>, sep: string) => {
    const anno = values.get('anno');
    if (anno && ctx.anno === null) {
      ctx.anno = cellYear(anno.trim());
      ctx.annoFrom = `${where}${sep}anno`;
    }
    for (const k of ['provincia', 'area']) {
      const area = values.get(k);
      if (area?.trim() && ctx.area === null) {
        ctx.area = area.trim();
        ctx.areaFrom = `${where}${sep}${k}`;
      }
    }
  };

  const emit = (node: Node) => {
    const own = get(node, CODE_KEYS);
    const ancestors = frames.filter((f) => frameGet(f, CODE_KEYS) !== null);
    const prefixCodes = ancestors.map((f) => frameGet(f, CODE_KEYS)!.replace(/\s+/g, ''));
    let codice = (own?.value ?? '').replace(/\s+/g, ' ').trim();
    if (!codice) {
      skipped++;
      return;
    }
    // A full code ("TOS22_01.A03.001.001") is kept; a local one ("001") gets its ancestors' codes.
    const alreadyFull = codice.startsWith(prefixCodes[0] ?? '\u0000') || codice.split('.').length > prefixCodes.length;
    if (prefixCodes.length && !alreadyFull) codice = [...prefixCodes, codice].join('.');
    found('codice', prefixCodes.length ? `${ancestors.map((f) => f.name).join('/')}/${articlesTag}@codice` : `${articlesTag}${own!.source.startsWith('@') ? '' : '/'}${own!.source}`);

    let descrizione: string;
    const levels = node.children
      .map((c) => ({ c, m: /^livello(\d+)$/.exec(c.name) }))
      .filter((x) => x.m)
      .sort((a, b) => Number(a.m![1]) - Number(b.m![1]));
    if (levels.length) {
      sawLevels = true;
      descrizione = describeLevels(levels.map((l) => l.c.text));
      found('descrizione', levels.map((l) => l.c.name).join(' + '));
    } else {
      const ownDesc = get(node, DESC_KEYS);
      const chain = ancestors.map((f) => frameGet(f, DESC_KEYS));
      descrizione = describeLevels([...chain, ownDesc?.value]);
      if (descrizione) found('descrizione', ownDesc ? `${articlesTag}/${ownDesc.source.replace(/^@/, '')}` : 'descrizione (livelli superiori)');
    }

    const um = get(node, UM_KEYS);
    if (um) found('unita_di_misura', um.source.replace(/^@/, ''));
    const analisi = node.children.find((c) => c.name === 'analisi');

    const amount = (v: { value: string } | null) => {
      if (!v) return null;
      const bad = { invalid: false };
      const x = cellAmount(v.value, bad);
      if (bad.invalid) invalid++;
      return x;
    };
    let p = get(node, PRICE_KEYS);
    if (!p && analisi) p = get(analisi, ['prezzo']);
    const prezzo = amount(p);
    if (p) found('prezzo', p.source.replace(/^@/, ''));
    let net = get(node, NET_KEYS);
    if (net) found('prezzo_senza_sg', net.source.replace(/^@/, ''));
    else if (analisi) {
      net = get(analisi, ['totaleparziale']);
      if (net) found('prezzo_senza_sg', 'Analisi/totaleparziale');
    }
    const prezzo_senza_sg = amount(net);
    if (prezzo === null && prezzo_senza_sg === null) withoutPrice++;

    let anno = cellYear(node.attrs.get('anno') ?? '') ?? ctx.anno;
    if (anno !== null) found('anno', node.attrs.has('anno') ? `${articlesTag}@anno` : ctx.annoFrom);
    else {
      anno = yearFromCode(codice);
      if (anno !== null) found('anno', 'prefisso del codice');
    }
    const area = node.attrs.get('provincia') ?? ctx.area;
    const provincia = provinceFromArea(area);
    if (provincia) found('provincia', node.attrs.has('provincia') ? `${articlesTag}@provincia` : ctx.areaFrom);

    if (rows.length >= maxRows) throw tooManyRows(maxRows);
    rows.push({
      codice,
      descrizione,
      unita_di_misura: um ? optionalText(um.value) : null,
      prezzo,
      prezzo_senza_sg,
      anno,
      provincia,
      tipologia: null,
      scostamento_perc_senza_sg_2024: null,
      scostamento_perc_su_anno_2024: null,
    });
  };

  try {
    parseXml(text, {
      doctype: () => {
        doctype = true;
      },
      open(name, attrs) {
        const local = key(name);
        if (!frames.length && !nodes.length) rootPrefix = name.includes(':') ? name.slice(0, name.indexOf(':')).toLowerCase() : '';
        if (nodes.length) {
          const node: Node = { name: local, attrs: attrMap(attrs), children: [], text: '' };
          nodes[nodes.length - 1].children.push(node);
          nodes.push(node);
          return;
        }
        if (local === 'articolo') {
          articlesTag = name.replace(/^.*:/, '');
          if (frames.length) frames[frames.length - 1].hasChildren = true;
          nodes.push({ name: local, attrs: attrMap(attrs), children: [], text: '' });
          return;
        }
        if (frames.length) frames[frames.length - 1].hasChildren = true;
        const f: Frame = { name: localName(name), attrs: attrMap(attrs), fields: new Map(), text: '', hasChildren: false };
        captureContext(f.name, f.attrs, '@');
        frames.push(f);
      },
      text(t) {
        if (nodes.length) {
          const node = nodes[nodes.length - 1];
          if (node.text.length < MAX_TEXT) node.text += t;
        } else if (frames.length) {
          const f = frames[frames.length - 1];
          if (f.text.length < MAX_TEXT) f.text += t;
        }
      },
      close() {
        if (nodes.length) {
          const node = nodes.pop()!;
          if (!nodes.length) emit(node);
          return;
        }
        const f = frames.pop();
        if (!f) return;
        const parent = frames[frames.length - 1];
        const k = key(f.name);
        if (parent && !f.hasChildren && f.text.trim() && !parent.fields.has(k)) parent.fields.set(k, f.text);
        if (!f.hasChildren && (k === 'anno' || k === 'area' || k === 'provincia')) {
          captureContext(parent ? parent.name : '', new Map([[k, f.text]]), '/');
        }
      },
    });
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new PriceFileError(`Il file XML non è valido (riga ${e.line}: ${e.message}).`);
    throw e;
  }

  if (!rows.length) {
    throw new PriceFileError(
      'Il file XML non contiene voci di prezzario riconoscibili: sono supportati i formati della Regione Toscana (EASY e PRT), con elementi Articolo.',
    );
  }

  const warnings: string[] = [];
  if (withoutPrice) warnings.push(`${withoutPrice} ${withoutPrice === 1 ? 'voce senza prezzo: importata' : 'voci senza prezzo: importate'} con prezzo vuoto.`);
  if (invalid) warnings.push(`${invalid} ${invalid === 1 ? 'valore numerico non riconosciuto, lasciato vuoto' : 'valori numerici non riconosciuti, lasciati vuoti'}.`);
  if (skipped) warnings.push(`${skipped} ${skipped === 1 ? 'articolo senza codice ignorato' : 'articoli senza codice ignorati'}.`);
  if (doctype) warnings.push('La dichiarazione DOCTYPE del file è stata ignorata.');
  if (ctx.area && !provinceFromArea(ctx.area)) warnings.push(`Area "${ctx.area}" non riconosciuta come provincia.`);

  const recognised = PRICE_FIELDS.filter((f) => sources.has(f)).map((field) => ({ field, column: [...sources.get(field)!].join(' / ') }));
  return {
    rows,
    format: rootPrefix === 'easy' || sawLevels ? 'xml-easy' : 'xml-prt',
    recognised,
    missing: missingFields(sources.keys()),
    skipped,
    warnings,
  };
}
