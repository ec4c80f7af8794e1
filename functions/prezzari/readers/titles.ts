/**
 * The title levels of a spreadsheet price list (DEI chapters, Excel title rows), kept for each
 * article as `titoli` like the Toscana XML levels, so that search finds an article by its
 * chapter (with less weight than its name) and the results show where it sits.
 *
 * Two kinds of title row, both without a price and without a unit:
 * - a coded title ("A15 | SCAVI E RINTERRI", "01.A03 | Scavi"): it is a title only when its code
 *   is a prefix of the code of an article that follows; otherwise it stays what it was, an
 *   article without a price (confirmed titles are removed from the articles by the caller);
 * - a section heading without a code ("CAPITOLO A02 - DEMOLIZIONI", in any one cell): it holds
 *   until the next heading without a code.
 */

/** The first line of a title, whitespace collapsed, one trailing full stop dropped, at most 200 characters. */
export function titleText(text: string): string {
  const line = (text.trim().split(/\r?\n/)[0] ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  const short = line.length > 200 ? `${line.slice(0, 200).replace(/\s+\S*$/, '')}…` : line;
  return short.replace(/(?<!\.)\.$/, '').trim();
}

const CHAPTER_WORD = /^(?:capitolo|cap\b|sottocapitolo|sezione|sez\b|categoria|cat\b|sottocategoria|titolo|parte|gruppo|sottogruppo|famiglia|opere|lavori)/i;

/** A chapter label written in the code column ("Cap. 1", "CAPITOLO A02", "Sez. B"): a heading, not a code. */
export const isChapterLabel = (text: string): boolean => /^(?:capitolo|cap|sottocapitolo|sezione|sez|categoria|cat|titolo|parte)\b\.?/i.test(text.trim());

/**
 * A heading's text: one short line, mostly capitals or opening with a chapter word. A line of
 * ordinary text (a description carried on to the next row) is not a heading.
 */
export function isHeading(text: string): boolean {
  const t = text.trim();
  if (t.length < 3 || t.length > 200 || /\r|\n/.test(t)) return false;
  const letters = t.replace(/[^A-Za-zÀ-ÿ]/g, '');
  if (letters.length < 3) return false;
  if (CHAPTER_WORD.test(t)) return true;
  const upper = letters.replace(/[^A-ZÀ-Þ]/g, '').length;
  return upper / letters.length >= 0.8;
}

/** A code, not a heading written in the code column: at most 40 characters and 3 pieces, no word of 5 letters, no chapter label. */
export function looksLikeCode(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 40 && t.split(/\s+/).length <= 3 && !/[A-Za-zÀ-ÿ]{5}/.test(t) && !isChapterLabel(t);
}

const folded = (code: string) => code.toUpperCase().replace(/\s+/g, '');

/**
 * `title` is the code of a level above `code`: a proper prefix that ends at a separator or where
 * letters and digits meet ("01.A03" of "01.A03.001", "A" of "A15010"), or any proper prefix with
 * a letter in it (DEI "A15" of "A15010a"). "1" is not above "10".
 */
export function isCodePrefix(title: string, code: string): boolean {
  const t = folded(title);
  const c = folded(code);
  if (!t || c.length <= t.length || !c.startsWith(t)) return false;
  const last = t[t.length - 1];
  const next = c[t.length];
  if (/[^A-Z0-9]/.test(last) || /[^A-Z0-9]/.test(next)) return true;
  if (/\d/.test(last) !== /\d/.test(next)) return true;
  return /[A-Z]/.test(t);
}

interface Level<T> {
  code: string | null;
  text: string;
  /** A coded title: what the caller keeps for it until it is confirmed (the row read as an article). */
  row?: T;
}

export class TitleStack<T> {
  private levels: Array<Level<T>> = [];
  /** The rows of coded titles confirmed by an article below them. */
  readonly confirmed = new Set<T>();

  /** A heading without a code: replaces the previous one and everything under it. */
  heading(text: string): void {
    const i = this.levels.findLastIndex((l) => l.code === null);
    this.levels = i >= 0 ? this.levels.slice(0, i) : [];
    this.levels.push({ code: null, text: titleText(text) });
  }

  /** Drops the coded levels that are not above `code` (from the innermost). */
  private close(code: string): void {
    while (this.levels.length) {
      const top = this.levels[this.levels.length - 1];
      if (top.code === null || isCodePrefix(top.code, code)) break;
      this.levels.pop();
    }
  }

  /** A row that may be a coded title: it becomes one when an article under its code follows. */
  candidate(code: string, text: string, row: T): string[] {
    const above = this.above(code);
    this.levels.push({ code, text: titleText(text), row });
    return above;
  }

  /** An article: the titles above it, most general first; the coded ones among them are confirmed titles. */
  above(code: string): string[] {
    this.close(code);
    const out: string[] = [];
    for (const l of this.levels) {
      if (l.code !== null && !isCodePrefix(l.code, code)) continue;
      if (l.row !== undefined) this.confirmed.add(l.row);
      if (l.text) out.push(l.text);
    }
    return out;
  }
}
