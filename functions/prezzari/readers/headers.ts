import type { PriceField } from './types.ts';

/** Lower case, no accents, punctuation and symbols as single spaces ("Prezzo (€)" → "prezzo euro"). */
export function normalizeTitle(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/€/g, ' euro ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface ColumnClass {
  field: PriceField;
  /** Lower wins when several columns map to the same field. */
  priority: number;
  /** Hierarchical description levels (livello1..n). */
  level?: number;
}

const CODICE = [
  'codice',
  'codice articolo',
  'cod articolo',
  'codice tariffa',
  'tariffa',
  'cod tariffa',
  'n tariffa',
  'codice voce',
  'codice prezzario',
  'cod art',
  'cod',
  'articolo',
  'voce',
  'code',
];

const DESCRIZIONE = [
  'descrizione estesa',
  'declaratoria',
  'descrizione completa',
  'descrizione articolo',
  'descrizione voce',
  'descrizione',
  'descrizioni',
  'desc',
  'denominazione',
  'descrizione sintetica',
  'descrizione breve',
];

const UNITA = ['u m', 'um', 'unita di misura', 'unita misura', 'unita di mis', 'unita', 'udm', 'u d m', 'u mis', 'misura'];
const ANNO = ['anno', 'anno prezzario', 'anno di riferimento', 'anno riferimento'];
const PROVINCIA = ['provincia', 'prov'];
const TIPOLOGIA = ['tipologia', 'tipologia dei', 'tipologia prezzario'];

const PRICE_WORD = /^(?:prezzo|prezzi|prz|importo)\b/;
const PREZZO = /^(?:prezzo|prz|importo)(?: (?:unitario|unit|u))?(?: (?:in )?(?:euro|eur))?(?: (?:19|20)\d\d)?(?: (?:euro|eur))?$/;
// "s g", "sg", "s s g" (from "s/ S.G."), "spese generali"
const SG = /(?:^|\s)(?:s\s)?s\s?g(?:\s|$)|spese generali/;

// "% Manodopera", "Incidenza manodopera", "Inc. MdO", "Manodopera %", "Perc. mano d'opera"; the same for sicurezza.
const INCIDENCE_LEAD = '(?:(?:inc|incid|incidenza|perc|percentuale)(?: (?:della|di|del))? )?';
const LABOUR = new RegExp(`^${INCIDENCE_LEAD}(?:manodopera|mano d opera|mano opera|mdo|m d o)(?: (?:inc|incid|incidenza|perc|percentuale))?$`);
const SAFETY = new RegExp(`^(?:inc|incid|incidenza|perc|percentuale)(?: (?:della|di|del))? (?:sicurezza|sic|oneri sicurezza|oneri della sicurezza)$|^(?:sicurezza|sic) (?:inc|incid|incidenza|perc|percentuale)$`);

/** A column of the labour or safety incidence (a percentage of the price). */
function incidenceTitle(n: string, percent: boolean): PriceField | null {
  if (LABOUR.test(n)) return 'incidenza_manodopera';
  if (SAFETY.test(n) || (percent && /^(?:sicurezza|oneri (?:della )?sicurezza)$/.test(n))) return 'incidenza_sicurezza';
  return null;
}

/** Which field a header cell names, or null. */
export function classifyTitle(title: string): ColumnClass | null {
  const n = normalizeTitle(title);
  if (!n) return null;

  const incidence = incidenceTitle(n, title.includes('%'));
  if (incidence) return { field: incidence, priority: 0 };
  if (/scost|variaz/.test(n)) {
    if (/\bsenza\b/.test(n) || SG.test(n)) return { field: 'scostamento_perc_senza_sg_2024', priority: 0 };
    if (/\banno\b/.test(n)) return { field: 'scostamento_perc_su_anno_2024', priority: 0 };
    return null;
  }
  if (PRICE_WORD.test(n) && !/\bcon\b/.test(n) && (/\bsenza\b/.test(n) || SG.test(n))) {
    return { field: 'prezzo_senza_sg', priority: 0 };
  }
  if (PREZZO.test(n)) return { field: 'prezzo', priority: n.startsWith('importo') ? 1 : 0 };

  const lvl = /^(?:desc(?:rizione)? )?(?:livello|liv)\s?(\d{1,2})$/.exec(n);
  if (lvl) return { field: 'descrizione', priority: 100, level: Number(lvl[1]) };

  const lists: Array<[PriceField, string[]]> = [
    ['codice', CODICE],
    ['descrizione', DESCRIZIONE],
    ['unita_di_misura', UNITA],
    ['anno', ANNO],
    ['provincia', PROVINCIA],
    ['tipologia', TIPOLOGIA],
  ];
  for (const [field, names] of lists) {
    const i = names.indexOf(n);
    if (i >= 0) return { field, priority: i };
  }
  // Our own exports use the field names ("unita_di_misura", "prezzo_senza_sg").
  if (n === 'prezzo senza sg') return { field: 'prezzo_senza_sg', priority: 0 };
  return null;
}

/** Human names for the error message. */
export const FIELD_LABELS: Record<PriceField, string> = {
  codice: 'Codice',
  descrizione: 'Descrizione',
  unita_di_misura: 'U.M.',
  prezzo: 'Prezzo',
  prezzo_senza_sg: 'Prezzo senza S.G.',
  anno: 'Anno',
  provincia: 'Provincia',
  tipologia: 'Tipologia',
  scostamento_perc_senza_sg_2024: 'Scostamento % senza S.G. 2024',
  scostamento_perc_su_anno_2024: 'Scostamento % su anno 2024',
  incidenza_manodopera: 'Incidenza manodopera %',
  incidenza_sicurezza: 'Incidenza sicurezza %',
};
