/**
 * The part of Python's xml.etree.ElementTree the third-party readers ported in this folder use:
 * elements with tag, attributes, text and ordered children; find/findall by child tag; `.//tag`
 * search in all descendants. A namespace ({six.xsd}) is dropped from the tags, which is what the
 * ported readers do with their detected `ns` prefix.
 */
import { XMLParser } from 'fast-xml-parser';

export interface Element {
  tag: string;
  attrib: Record<string, string>;
  text: string | null;
  children: Element[];
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function toElement(node: Ordered): Element | null {
  const tag = Object.keys(node).find((k) => k !== ':@');
  if (!tag || tag === '#text' || tag.startsWith('?')) return null;
  const kids = (node[tag] as Ordered[]) ?? [];
  const texts = kids.filter((k) => '#text' in k).map((k) => String(k['#text']));
  return {
    tag,
    attrib: node[':@'] ?? {},
    text: texts.length ? texts.join('') : null,
    children: kids.map(toElement).filter((e): e is Element => e !== null),
  };
}

/** ElementTree.parse(...).getroot(). */
export function parseRoot(xml: string): Element {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false, trimValues: false, ignoreDeclaration: true, ignorePiTags: true });
  const nodes = parser.parse(xml) as Ordered[];
  const root = nodes.map(toElement).find((e) => e !== null);
  if (!root) throw new Error('no root element');
  return root;
}

/** element.find(tag): the first child with that tag (a `.//tag` path: the first descendant). */
export function find(el: Element | null | undefined, path: string): Element | null {
  if (!el) return null;
  if (path.startsWith('.//')) return findall(el, path)[0] ?? null;
  return el.children.find((c) => c.tag === path) ?? null;
}

/** element.findall(tag), or `.//tag` for every descendant in document order. */
export function findall(el: Element | null | undefined, path: string): Element[] {
  if (!el) return [];
  if (!path.startsWith('.//')) return el.children.filter((c) => c.tag === path);
  const tag = path.slice(3);
  const out: Element[] = [];
  const walk = (e: Element) => {
    for (const c of e.children) {
      if (c.tag === tag) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}
