import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { XmlSyntaxError } from '../../errors.ts';

/**
 * XML for the price-list readers, on fast-xml-parser (validator for well-formedness with line
 * numbers, parser in document order), replayed as open / text / close events.
 *
 * Safety: entity processing is off, so entities declared in a DOCTYPE are never expanded (no
 * "billion laughs", no external entity access); only the five predefined entities and numeric
 * character references are decoded, here, after parsing. Nesting is limited to MAX_XML_DEPTH.
 */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
  /** The document has a DOCTYPE (ignored). */
  doctype?(): void;
}

export { XmlSyntaxError };

const MAX_XML_DEPTH = 256;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five predefined entities and numeric references, nothing else (no DTD entities ever). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][\w.-]*);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

const TEXT = '#text';
const CDATA = '#cdata';
const ATTRS = ':@';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: CDATA,
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
});

/** The validator's English reasons, in Italian for the import page. */
function reason(msg: string): string {
  let m = /^Unclosed tag '([^']+)'/.exec(msg);
  if (m) return `elemento <${m[1]}> non chiuso (file troncato?)`;
  // Tags still open at the end of the file: "Invalid '["a", "c"]' found."
  const open = /^Invalid '\[([\s\S]*)\]' found/.exec(msg)?.[1].match(/"[^"]+"/g);
  if (open?.length) return `elemento <${open[open.length - 1].slice(1, -1)}> non chiuso (file troncato?)`;
  m = /^Expected closing tag '([^']+)'.*instead of closing tag '([^']+)'/.exec(msg);
  if (m) return `atteso </${m[1]}>, trovato </${m[2]}>`;
  m = /^Closing tag '([^']+)' has not been opened/.exec(msg);
  if (m) return `</${m[1]}> senza apertura`;
  if (/multiple root|Extra text at the end/i.test(msg)) return 'contenuto dopo la fine del documento';
  if (/attribute/i.test(msg)) return 'attributo non valido';
  return 'sintassi non valida';
}

type OrderedNode = Record<string, unknown>;

function replay(nodes: OrderedNode[], h: XmlHandler, depth: number): void {
  for (const node of nodes) {
    if (TEXT in node) {
      if (depth > 0) h.text(decodeEntities(String(node[TEXT])));
      continue;
    }
    if (CDATA in node) {
      for (const part of node[CDATA] as OrderedNode[]) h.text(String(part[TEXT] ?? ''));
      continue;
    }
    const name = Object.keys(node).find((k) => k !== ATTRS);
    if (!name) continue;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries((node[ATTRS] as Record<string, unknown> | undefined) ?? {})) attrs[k] = decodeEntities(String(v));
    h.open(name, attrs);
    replay(node[name] as OrderedNode[], h, depth + 1);
    h.close(name);
  }
}

const PROLOG_DOCTYPE = /^(\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*)*)<!DOCTYPE/i;

/** Index just past a DOCTYPE declaration, internal subset included (-1 if it never ends). */
function doctypeEnd(text: string, from: number): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (ch === '>' && depth <= 0) return i + 1;
  }
  return -1;
}

/** The document without its DOCTYPE (blanked, line breaks kept so line numbers hold), and whether it had one. */
function withoutDoctype(text: string): { text: string; doctype: boolean } {
  const m = PROLOG_DOCTYPE.exec(text);
  if (!m) return { text, doctype: false };
  const start = m[1].length;
  const end = doctypeEnd(text, start + 9);
  if (end < 0) throw new XmlSyntaxError('DOCTYPE non chiuso', text.slice(0, start).split('\n').length);
  return { text: text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end), doctype: true };
}

export function parseXml(source: string, h: XmlHandler): void {
  // The DOCTYPE never reaches the parser: its entities are neither read nor expanded.
  const { text, doctype } = withoutDoctype(source);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlSyntaxError(reason(valid.err.msg), valid.err.line);
  let tree: OrderedNode[];
  try {
    tree = parser.parse(text) as OrderedNode[];
  } catch (err) {
    const msg = (err as Error).message;
    throw new XmlSyntaxError(/nest/i.test(msg) ? 'annidamento troppo profondo' : reason(msg), Number(/:(\d+):\d+$/.exec(msg)?.[1] ?? 1));
  }
  if (doctype) h.doctype?.();
  replay(tree, h, 0);
}

/** "EASY:Articolo" → "articolo". */
export function localName(name: string): string {
  const c = name.indexOf(':');
  return (c >= 0 ? name.slice(c + 1) : name).toLowerCase();
}
