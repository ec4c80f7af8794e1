/**
 * A small non-validating XML tokenizer, enough for price-list exports: elements, attributes,
 * text, CDATA, comments, processing instructions. It never reads a DTD: a DOCTYPE (and its
 * internal subset) is skipped, and only the five predefined entities and numeric character
 * references are expanded; any other entity reference is left as literal text, so there is no
 * external entity access and no entity expansion blow-up.
 */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
  /** A DOCTYPE was skipped. */
  doctype?(): void;
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export const MAX_XML_DEPTH = 256;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

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

const ATTR = /([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Index of the '>' closing a tag that starts at `from`, skipping quoted attribute values. */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quote) {
      if (text[i] === quote) quote = '';
    } else if (ch === 34 /* " */ || ch === 39 /* ' */) quote = text[i];
    else if (ch === 62 /* > */) return i;
  }
  return -1;
}

/** Index just past a DOCTYPE declaration, internal subset included. */
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

export function parseXml(text: string, h: XmlHandler): void {
  const stack: string[] = [];
  const n = text.length;
  let i = 0;
  const fail = (msg: string, at: number): never => {
    throw new XmlSyntaxError(msg, lineAt(text, at));
  };
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      if (stack.length) h.text(decodeEntities(text.slice(i)));
      break;
    }
    if (lt > i && stack.length) h.text(decodeEntities(text.slice(i, lt)));
    const next = text.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) fail('commento non chiuso', lt);
        i = end + 3;
      } else if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) fail('sezione CDATA non chiusa', lt);
        if (stack.length) h.text(text.slice(lt + 9, end));
        i = end + 3;
      } else if (/^<!DOCTYPE/i.test(text.slice(lt, lt + 9))) {
        const end = doctypeEnd(text, lt + 9);
        if (end < 0) fail('DOCTYPE non chiuso', lt);
        h.doctype?.();
        i = end;
      } else {
        fail('dichiarazione non valida', lt);
      }
    } else if (next === 63 /* ? */) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) fail('istruzione di elaborazione non chiusa', lt);
      i = end + 2;
    } else if (next === 47 /* / */) {
      const end = text.indexOf('>', lt + 2);
      if (end < 0) fail('tag di chiusura non terminato', lt);
      const name = text.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (open !== name) fail(open ? `atteso </${open}>, trovato </${name}>` : `</${name}> senza apertura`, lt);
      h.close(name);
      i = end + 1;
    } else {
      const end = tagEnd(text, lt + 1);
      if (end < 0) fail('tag non terminato', lt);
      const selfClosing = text.charCodeAt(end - 1) === 47;
      const inner = text.slice(lt + 1, selfClosing ? end - 1 : end);
      const m = /^[^\s/>]+/.exec(inner);
      if (!m) fail('nome di elemento mancante', lt);
      const name = m![0];
      const attrs: Record<string, string> = {};
      const rest = inner.slice(name.length);
      if (rest.trim()) {
        ATTR.lastIndex = 0;
        for (let a = ATTR.exec(rest); a; a = ATTR.exec(rest)) attrs[a[1]] = decodeEntities(a[2] ?? a[3] ?? '');
      }
      if (stack.length >= MAX_XML_DEPTH) fail('annidamento troppo profondo', lt);
      stack.push(name);
      h.open(name, attrs);
      if (selfClosing) {
        stack.pop();
        h.close(name);
      }
      i = end + 1;
    }
  }
  if (stack.length) fail(`elemento <${stack[stack.length - 1]}> non chiuso (file troncato?)`, n);
}

/** "EASY:Articolo" → "articolo". */
export function localName(name: string): string {
  const c = name.indexOf(':');
  return (c >= 0 ? name.slice(c + 1) : name).toLowerCase();
}
