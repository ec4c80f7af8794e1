/**
 * XML for computi (XPWE, SIX) through fast-xml-parser, safely: a DOCTYPE or ENTITY declaration
 * is refused before parsing (no entity expansion, no external entities: the "billion laughs"
 * and XXE attacks need one), entity processing is off in the parser and only the five
 * predefined entities and numeric character references are decoded, on values only.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeEntities } from '../../prezzari/readers/xml.ts';
import { FILE_TOO_LARGE, ImportError, MAX_COMPUTO_BYTES } from './common.ts';

export const XML_DOCTYPE_REFUSED = 'Il file XML contiene una dichiarazione DOCTYPE o ENTITY: per sicurezza non può essere importato.';
export const XML_INVALID = 'Il file XML non è valido o è danneggiato.';

export type XmlNode = Record<string, unknown>;

/** Text of an XML file: UTF-8 (BOM removed), or UTF-16 with its BOM. */
export function xmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const text = utf8.charCodeAt(0) === 0xfeff ? utf8.slice(1) : utf8;
  // Not UTF-8: a file saved in a Windows code page (older PriMus exports), declared or not.
  if (text.includes('\ufffd')) return new TextDecoder('windows-1252').decode(bytes);
  return text;
}

/** Parses `text`; `arrays` names the elements that may repeat (always given as arrays). */
export function parseXml(bytes: Uint8Array, arrays: ReadonlySet<string>): XmlNode {
  if (bytes.length > MAX_COMPUTO_BYTES) throw new ImportError(FILE_TOO_LARGE);
  const text = xmlText(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ImportError(XML_DOCTYPE_REFUSED);
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  } catch {
    // e.g. nesting deep enough to exhaust the stack
    throw new ImportError(XML_INVALID);
  }
  if (valid !== true) throw new ImportError(`${XML_INVALID.slice(0, -1)} (errore alla riga ${valid.err.line}).`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => arrays.has(name),
    tagValueProcessor: (_name, value) => decodeEntities(value),
    attributeValueProcessor: (_name, value) => decodeEntities(value),
  });
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    throw new ImportError(XML_INVALID);
  }
}

/** A child element (the first, when repeated). */
export function child(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[name];
  const first = Array.isArray(v) ? v[0] : v;
  return first && typeof first === 'object' ? (first as XmlNode) : first === '' ? {} : undefined;
}

/** Repeated child elements. */
export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const v = (node as XmlNode)[name];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.map((x) => (x && typeof x === 'object' ? (x as XmlNode) : { '#text': x }));
}

/** Text of a child element ('' when missing or empty). */
export function text(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  let v = (node as XmlNode)[name];
  if (Array.isArray(v)) v = v[0];
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return String((v as XmlNode)['#text'] ?? '');
  return String(v);
}

export function attr(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  const v = (node as XmlNode)[`@${name}`];
  return v === undefined || v === null ? '' : String(v);
}
