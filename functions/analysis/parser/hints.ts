/**
 * Layout knowledge, in one place: small named hints the general path consults. Nothing here is
 * required for a print to be read (the general path finds voci from the amounts' invariant); hints
 * only name what a print's words mean. Adding a layout is adding entries here.
 *
 * All matching is done on folded text (upper case, no accents: see `fold`).
 */
import { foldUpper } from '../../../shared/domain/fold.ts';

/** Column roles a header word can name. */
export type Role = 'n' | 'code' | 'desc' | 'um' | 'qty' | 'price' | 'total' | 'dim' | 'chapter';

/** Header synonyms, folded, word by word (multi-word headers match on any of their words). */
export const HEADER_SYNONYMS: Record<Role, readonly string[]> = {
  // (English words too: programs that draw their own pages often label their columns in English.)
  n: ['N.', 'N', 'N°', 'NUM.', 'NUM', 'NR.', 'NR', 'N.RO', 'NUM.ORD.', 'NUM.ORD', 'ORD.', 'N.ORD.', 'POS.', 'PROG.', 'NO.', '#'],
  code: ['CODICE', 'TARIFFA', 'ART.', 'ARTICOLO', 'COD.', 'CODICE/ARTICOLO', 'E.P.', 'VOCE', 'CODE'],
  desc: ['DESIGNAZIONE', 'DESCRIZIONE', 'INDICAZIONE', 'LAVORI', 'LAVORAZIONE', 'LAVORAZIONI', 'DESCRIPTION'],
  um: ['U.M.', 'UM', 'U.M', 'U.DI', 'MISURA', 'UNITA', 'U.', 'UNITA\'', 'UNIT', 'UOM'],
  qty: ['QUANTITA', 'QUANTITA\'', 'Q.TA', 'Q.TA\'', 'QTA', 'QTA\'', 'QUANTITY', 'QTY', 'QTY.'],
  price: ['PREZZO', 'UNITARIO', 'P.U.', 'PREZZI', 'EURO/UM', 'PRICE', 'RATE'],
  total: ['IMPORTO', 'TOTALE', 'IMPORTI', 'IMPORTO/EURO', 'TOTAL', 'AMOUNT'],
  // A chapter column beside the code (spreadsheet prints: `DEMOLIZIONI | LOM241.1C.01.170.0030.b`).
  chapter: ['CATEGORIA', 'CAPITOLO', 'CATEGORY', 'CHAPTER', 'WBS'],
  dim: ['PAR.UG.', 'PAR.', 'UG.', 'LUNG.', 'LARG.', 'H/PESO', 'PESO', 'ALT.', 'LUNGHEZZA', 'LARGHEZZA', 'ALTEZZA', 'PARTI', 'UGUALI', 'DIMENSIONI'],
};

/** A folded header word -> the role it names (first synonym list wins). */
export const ROLE_OF: ReadonlyMap<string, Role> = (() => {
  const out = new Map<string, Role>();
  for (const [role, words] of Object.entries(HEADER_SYNONYMS) as Array<[Role, readonly string[]]>) {
    for (const w of words) if (!out.has(foldUpper(w))) out.set(foldUpper(w), role);
  }
  return out;
})();

/**
 * Header words whose meaning depends on the header line they sit on: `P.U.` beside measurement
 * columns (`Lung.`, `Larg.`, `H/peso`) or beside a price word of its own is LeenO's *parti uguali*.
 */
export const CONTEXT_ROLES: ReadonlyArray<{ word: string; role: Role; when: (band: ReadonlySet<string>) => boolean }> = [
  {
    word: 'P.U.',
    role: 'dim',
    when: band => HEADER_SYNONYMS.dim.some(w => band.has(w)) || band.has('PREZZO') || band.has('UNITARIO') || band.has('PREZZI'),
  },
];

/** Closing-line grammar: a word that opens the line that carries a voce's quantity and amount. */
export const CLOSING_WORDS: readonly string[] = ['SOMMANO', 'SOMMANO:', 'SOMMA', 'TOTALE VOCE'];

/** Lines that close part of a voce's measurements but are not voci (`Sommano positivi`, `Parziale [m²]`). */
export const PARTIAL_LINE = /^(SOMMANO\s+(POSITIVI|NEGATIVI)|PARZIALE\b|SOMMANO\s+PARZIALE|A\s+DEDURRE\b)/;

/** A heading of a measurement book inside a voce (`PIANO: Terra`, `Locale: Cucina`): measurements follow, the description has ended. */
export const MEASURE_HEADING = /^(PIANO|LOCALE|AMBIENTE|ZONA|VANO|EDIFICIO|FABBRICATO|LIVELLO|STANZA)\s*:/;

/** LeenO measurement line that takes its quantity from another voce. */
export const VEDI_VOCE = /^-?\s*VEDI\s+VOCE\b/;

/** Carry lines between pages (compared with spaces removed: letter-spaced labels come both ways). */
export const CARRY_LINES: readonly RegExp[] = [/^RIPORTO$/, /^ARIPORTARE$/, /^TOTALEPAGINA$/, /^RIPORTOPAGINAPRECEDENTE$/, /^DARIPORTARE$/];

/** Printed grand totals (spaces removed). After one, nothing on the page is a voce (IVA, oneri). */
export const GRAND_TOTAL =
  /^(?:(?:GRAND)?TOTAL[EI]?|IMPORTO|IMPONIBILE)(?:COMPLESSIVO|GENERALE|TOTALE)?(?:DEI|DEL|DELL'|DELLE|DELL)?(?:LAVORI|COMPUTO|IMPORTOLAVORI|APPALTO|CATEGORIE|OPERE|PROGETTO|GENERALE|LAVORIAMISURA|LAVORIACORPO|OFFERTA|OFFERTAECONOMICA)?(?:EURO|€|EUR)?:?$/;

/** A subtotal's label (`Totale Scavi`, `Parziale …`, `Subtotale`, English `Subtotal`, `Total`): never a chapter heading. */
export const SUBTOTAL_LABEL = /^(?:TOTALE|TOTALI|PARZIALE|SUBTOTALE|SUB-TOTALE|SUBTOTAL|TOTAL|SOMMANO|IMPORTO)\b/;

/** Software credit footers and page numbering: never voci, never headings. */
export const FOOTER_LINES: readonly RegExp[] = [
  /\bPRIMUS\b.*\bACCA\b/,
  /\bACCA SOFTWARE\b/,
  /REALIZZATO CON LEENO/,
  /\bLEENO\.ORG\b/,
  /^PG\.?\s*\d+\s*\(?\s*DI\s*\d+\s*\)?$/,
  /^PAG(\.|INA)?\s*\d+(\s*(DI|\/)\s*\d+)?$/,
  /^-\s*\d+\s*-$/,
  /^\d+\s*\/\s*\d+$/,
  /^COMMITTENTE\s*:/,
  /^STR VISION\b/,
];

/** Titles of sections that hold no voci (summaries, measurement books, ledgers, price lists). */
export const NON_VOCE_SECTIONS = /^(RIEPILOGO|R I E P I L O G O|LIBRETTO DELLE MISURE|REGISTRO DI CONTABILITA|SOMMARIO DEL REGISTRO|QUADRO ECONOMICO|ELENCO (DEI )?PREZZI|STIMA INCIDENZA|ANALISI DEI PREZZI)\b/;

/** Chapter markers that name the chapter level outright. */
export const CHAPTER_LEVELS: ReadonlyArray<{ level: 'supercategoria' | 'categoria' | 'sottocategoria'; re: RegExp }> = [
  { level: 'sottocategoria', re: /^SBCAT\s+\d+\s*-|\(SBCAT\s*\d+\)$/ },
  { level: 'categoria', re: /^CAT\s+\d+\s*-|\(CAT\s*\d+\)$/ },
  { level: 'supercategoria', re: /^SPCAT\s+\d+\s*-|\(SPCAT\s*\d+\)$|^LAVORI A (CORPO|MISURA)\b/ },
];

/** A word of a chapter, never a code: letters only, at least four of them (`DEMOLIZIONI`, `Scavi`; not `NP`). */
export const CHAPTER_WORD = /^[A-Za-zÀ-ÿ'’]{4,}$/;

/** A price-list date printed under a code (`12/03/2016`): never a code, never a voce number. */
export const DATE = /^(0?[1-9]|[12]\d|3[01])(\/(0?[1-9]|1[0-2])\/(\d{2}|\d{4})|[.-](0?[1-9]|1[0-2])[.-]\d{4})$/;

/** A voce opened by labels: `Art. 12 - Cod. A01.001`, `Voce n. 3 - Codice: B02`. */
export const LABELLED_START = /^(?:Art\.?|Voce|N\.|Nr\.)\s*(?:n\.\s*)?(\d{1,5})\s*[-–:]?\s*(?:Cod\.|Codice|Tariffa|Art\.)\s*:?\s*(\S+)/i;

/** A code printed in brackets on the voce-number line (word-processor prints: `1. [N38045]`). */
export const BRACKET_CODE = /^\[([^\]\s]+)\]$/;

export const spaceless = (folded: string): string => folded.replace(/\s+/g, '');
const CARRY_ANY = new RegExp(CARRY_LINES.map(r => `(?:${r.source})`).join('|'));
const FOOTER_ANY = new RegExp(FOOTER_LINES.map(r => `(?:${r.source})`).join('|'));
/** Carry line (`RIPORTO`, `A RIPORTARE`, `Totale pagina`): folded text without the amounts. */
export const isCarry = (folded: string): boolean => folded.length < 40 && CARRY_ANY.test(spaceless(folded));
export const isFooter = (folded: string): boolean => FOOTER_ANY.test(folded);

/**
 * Print families named by their column header (informative: every print is read by the same
 * stages). A family matches when its header has a word of each group, and its closing lines are
 * (or are not) `SOMMANO` lines.
 */
export const LAYOUT_FAMILIES: ReadonlyArray<{ layout: 'primus' | 'str' | 'tabella'; header: ReadonlyArray<readonly string[]>; sommano: boolean }> = [
  { layout: 'primus', header: [['TARIFFA'], ['DESIGNAZIONE'], ['QUANTITA', "QUANTITA'"], ['UNITARIO'], ['TOTALE']], sommano: true },
  {
    layout: 'str',
    header: [['N.', 'N', 'N°', 'NUM.', 'NR.'], ['CODICE', 'TARIFFA', 'ARTICOLO'], ['DESCRIZIONE'], ['U.M.', 'UM', 'U.M'], ['QUANTITA', 'Q.TA', "Q.TA'"], ['PREZZO'], ['IMPORTO']],
    sommano: false,
  },
  { layout: 'tabella', header: [['CODICE', 'TARIFFA', 'ARTICOLO'], ['DESCRIZIONE'], ['UM', 'U.M.', 'U.M'], ['QUANTITA', 'Q.TA'], ['PREZZO', 'UNITARIO'], ['IMPORTO']], sommano: false },
];
