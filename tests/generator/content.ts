/**
 * Content for generated computi: real descriptions, units and prices from the public SIX computo
 * of the shared corpus (read at generation time, with a small built-in fallback), codes of several
 * real price-list families, synthetic measurement lines, and the chapter/voce model every layout
 * prints. All amounts are computed exactly (see core.ts) and checked by `checkModel`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Rng, mulRound2, roundDec, sum2, winAnsi } from './core.ts';

export interface Product {
  title: string;
  desc: string;
  um: string;
  price: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const SIX_FILE = path.resolve(here, '../fixtures/corpus/data/six-str-vision-4440.xml');

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()];
  });
}

const clean = (s: string): string =>
  winAnsi(decodeEntities(s).replace(/[\u00ad\u200b\uf0b7]/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

const FALLBACK: Product[] = [
  { title: 'Demolizione di tramezzature in laterizio', desc: 'Demolizione di tramezzature in laterizio forato di qualsiasi spessore, compreso il carico, il trasporto e lo smaltimento del materiale di risulta a discarica autorizzata.', um: 'm²', price: 18.5 },
  { title: 'Massetto in sabbia e cemento', desc: 'Massetto di sottofondo in sabbia e cemento dosato a 300 kg, spessore medio 5 cm, tirato a frattazzo fine e pronto a ricevere la pavimentazione.', um: 'm²', price: 21.3 },
  { title: 'Intonaco civile per interni', desc: 'Intonaco civile per interni costituito da rinzaffo, arriccio e stabilitura, eseguito su pareti verticali e orizzontali, compresi i ponteggi di servizio.', um: 'm²', price: 24.9 },
  { title: 'Tinteggiatura con idropittura lavabile', desc: 'Tinteggiatura di pareti e soffitti interni con idropittura lavabile a due mani, previa preparazione del fondo e stuccatura delle imperfezioni.', um: 'm²', price: 7.8 },
  { title: 'Porta interna in legno tamburato', desc: 'Fornitura e posa di porta interna ad un battente in legno tamburato, dimensioni 80x210 cm, completa di telaio, coprifili e maniglia in acciaio satinato.', um: 'cad', price: 385 },
  { title: 'Canale di gronda in rame', desc: 'Canale di gronda in lamiera di rame spessore 6/10 mm, sviluppo 33 cm, compresi cicogne, testate e saldature.', um: 'm', price: 46.2 },
  { title: 'Calcestruzzo per strutture in elevazione', desc: 'Calcestruzzo a prestazione garantita classe C28/35, esposizione XC2, per pilastri, travi e solette, compreso il getto e la vibratura.', um: 'm³', price: 168 },
  { title: 'Acciaio in barre per cemento armato', desc: 'Acciaio B450C in barre ad aderenza migliorata, tagliato, sagomato e posto in opera, compresi sfridi e legature.', um: 'kg', price: 1.62 },
];

let cache: Product[] | null = null;

/** Products of the SIX computo (title, extended description, unit, price). */
export function loadProducts(): Product[] {
  if (cache) return cache;
  let out: Product[] = [];
  try {
    const x = fs.readFileSync(SIX_FILE, 'utf8');
    const units = new Map<string, string>();
    for (const m of x.matchAll(/<unitaDiMisura unitaDiMisuraId="(\d+)" udmId="[^"]*" simbolo="([^"]*)"/g)) units.set(m[1], m[2] === 'Cadauno' ? 'cad' : m[2]);
    const re = /<prodotto prodottoId="\d+" prdId="[^"]+" unitaDiMisuraId="(\d+)">\s*<prdDescrizione lingua="it" breve="([^"]*)" estesa="([^"]*)"[\s\S]*?<prdQuotazione valore="([^"]*)"/g;
    for (const m of x.matchAll(re)) {
      const um = units.get(m[1]);
      const price = roundDec(Number(m[4]), 2);
      if (!um || !(price >= 1)) continue;
      const title = clean(m[2]);
      const desc = clean(m[3]);
      if (title.length < 4) continue;
      out.push({ title, desc, um, price });
    }
  } catch {
    out = [];
  }
  if (out.length < 20) out = [...out, ...FALLBACK];
  cache = out;
  return out;
}

// ---------------------------------------------------------------- codes

export type CodeFamily = 'toscana' | 'dei' | 'lombardia' | 'campania' | 'piemonte' | 'sicilia' | 'lazio' | 'leeno' | 'np' | 'six';

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const letter = (rng: Rng): string => 'abcdefgh'[rng.int(0, 7)];

export function makeCode(rng: Rng, fam: CodeFamily, year = 25): string {
  switch (fam) {
    case 'toscana':
      return `TOS${year}_${pad(rng.int(1, 17), 2)}.${rng.pick(['A', 'B', 'C', 'D', 'E', 'F'])}${pad(rng.int(1, 24), 2)}.${pad(rng.int(1, 60), 3)}.${pad(rng.int(1, 30), 3)}`;
    case 'dei':
      return `${rng.pick(['A', 'B', 'C', 'E', 'N', 'S'])}${pad(rng.int(1, 99), 2)}${pad(rng.int(1, 200), 3)}${rng.chance(0.3) ? letter(rng) : ''}`;
    case 'lombardia':
      return `${rng.int(1, 3)}${rng.pick(['A', 'B', 'C', 'U'])}.${pad(rng.int(1, 30), 2)}.${pad(rng.int(1, 200), 3)}.${pad(rng.int(1, 60) * 10, 4)}${rng.chance(0.6) ? '.' + letter(rng) : ''}`;
    case 'campania':
      return `${rng.pick(['E', 'R', 'U', 'S', 'P'])}.${pad(rng.int(1, 25), 2)}.${pad(rng.int(1, 60) * 5, 3)}.${pad(rng.int(1, 40) * 10, 3)}${rng.chance(0.7) ? '.' + letter(rng) : ''}`;
    case 'piemonte':
      return `${pad(rng.int(1, 30), 2)}.A${pad(rng.int(1, 25), 2)}.${rng.pick(['A', 'B', 'C', 'E'])}${pad(rng.int(1, 90), 2)}.${pad(rng.int(1, 40) * 5, 3)}`;
    case 'sicilia':
      return `${rng.int(1, 24)}.${rng.int(1, 9)}.${rng.int(1, 30)}${rng.chance(0.5) ? `.${rng.int(1, 9)}` : ''}`;
    case 'lazio':
      return `${rng.pick(['A', 'E', 'F', 'S'])}${pad(rng.int(1, 20), 2)}.${pad(rng.int(1, 15), 2)}.${pad(rng.int(1, 90), 3)}${rng.chance(0.6) ? `.${letter(rng)}` : ''}`;
    case 'leeno':
      return rng.chance(0.3) ? `np${pad(rng.int(1, 40), 3)}` : `${letter(rng)}/${rng.int(1, 60)}`;
    case 'np':
      return rng.pick([`N.P.${pad(rng.int(1, 30), 2)}`, `NP.${pad(rng.int(1, 30), 2)}`, `np${pad(rng.int(1, 40), 3)}`]);
    case 'six':
      return `A${pad(rng.int(1, 40), 3)}.${pad(rng.int(1, 12) * 10, 3)}.${pad(rng.int(1, 20), 2)}`;
  }
}

// ---------------------------------------------------------------- measurements and model

export interface Misura {
  testo: string;
  /** par.ug., lung., larg., H/peso (null = empty cell); a deduction has its first factor negative. */
  dims: Array<number | null>;
  parziale: number;
  /** `- vedi voce n.K -` line quoting another voce's quantity (LeenO). */
  vedi?: { n: number; code: string; um: string };
}

export interface Voce {
  n: number;
  tariffa: string;
  titolo: string;
  /** Extended description after the title ('' = none). */
  estesa: string;
  um: string;
  unitario: number;
  misure: Misura[];
  quantita: number;
  totale: number;
  chapter: number;
  sub: number;
}

export interface Chapter {
  num: number;
  title: string;
  subs: Array<{ num: number; title: string; voci: Voce[]; total: number }>;
  total: number;
}

export interface Model {
  chapters: Chapter[];
  voci: Voce[];
  total: number;
  ente: string;
  oggetto: string;
  luogo: string;
  tecnico: string;
  date: string;
}

const CHAPTERS = ['Opere provvisionali', 'Demolizioni e rimozioni', 'Scavi e movimenti terra', 'Opere strutturali', 'Murature e tramezzature', 'Intonaci e rasature',
  'Isolamenti e impermeabilizzazioni', 'Massetti e pavimenti', 'Rivestimenti', 'Serramenti interni ed esterni', 'Cartongessi e controsoffitti', 'Tinteggiature e verniciature',
  'Opere da lattoniere', 'Impianto idrico-sanitario', 'Impianto elettrico', 'Sistemazioni esterne', 'Oneri della sicurezza', 'Opere di finitura'];
const SUBS = ['Piano terra', 'Piano primo', 'Piano secondo', 'Piano interrato', 'Copertura', 'Corpo A', 'Corpo B', 'Ala nord', 'Ala sud', 'Aree esterne', 'Blocco servizi'];
export const PLACES = ['Ingresso', 'Atrio', 'Corridoio', 'Disimpegno', 'Ufficio 1', 'Ufficio 2', 'Sala riunioni', 'Archivio', 'Servizi igienici', 'Bagno disabili',
  'Aula 1', 'Aula 2', 'Aula 3', 'Locale tecnico', 'Ripostiglio', 'Vano scala', 'Pianerottolo', 'Spogliatoio', 'Mensa', 'Cucina', 'Prospetto nord',
  'Prospetto sud', 'Prospetto est', 'Prospetto ovest', 'Falda nord', 'Falda sud', 'Marciapiede lato strada', 'Cortile interno', 'Rampa disabili', 'Balcone', 'Terrazzo'];
const DEDUZIONI = ['A dedurre vani porta', 'A dedurre finestre', 'A detrarre', 'Detrazione pilastri'];
const ENTI = [['Comune di Pontedera', 'Pontedera'], ['Comune di Foligno', 'Foligno'], ['Comune di Chiari', 'Chiari'], ['Comune di Vasto', 'Vasto'], ['Comune di Fano', 'Fano'],
  ['Comune di Cascina', 'Cascina'], ['Provincia di Lecco', 'Lecco'], ['Comune di Caserta', 'Caserta'], ['Comune di Avellino', 'Avellino'], ['Comune di Sondrio', 'Sondrio']];
const OGGETTI = ['Lavori di ristrutturazione e adeguamento funzionale della sede degli uffici comunali',
  'Manutenzione straordinaria e riqualificazione energetica della scuola primaria di via Roma',
  "Adeguamento sismico e rifunzionalizzazione dell'ex mercato coperto",
  'Recupero funzionale di immobile da destinare a centro civico e biblioteca',
  'Rifacimento della copertura e delle facciate della palestra comunale',
  'Realizzazione di nuovi spogliatoi presso il campo sportivo comunale'];
const TECNICI = ['Ing. Marco Rossi', 'Arch. Laura Bianchi', 'Geom. Paolo Verdi', 'Ing. Giulia Ferri', 'Arch. Stefano Conti'];

export interface ModelOptions {
  nVoci: number;
  families: CodeFamily[];
  /** Print measurement lines (quantity = their sum) or a single quantity. */
  misure: boolean | 'some';
  deductions?: boolean;
  /** Maximum characters of extended description (cut at a word boundary). */
  maxDesc: number;
  chapters: number;
  subs?: boolean;
  /** Map a SIX unit to the layout's spelling. */
  unit?: (um: string, rng: Rng) => string;
  /** Probability that a voce repeats an earlier voce's code and description (other measurements). */
  repeat?: number;
  /** LeenO: quote another voce's quantity with `- vedi voce n.K -` lines. */
  vedi?: boolean;
}

function cutWords(s: string, max: number): string {
  if (s.length <= max) return s;
  const c = s.slice(0, max);
  const k = c.lastIndexOf(' ');
  return (k > 10 ? c.slice(0, k) : c).replace(/[\s,;:(-]+$/, '');
}

function dims(rng: Rng, um: string): Array<number | null> {
  const u = um.toLowerCase().replace(/[\s.]/g, '');
  const maybe = (p: number, v: number): number | null => (rng.chance(p) ? v : null);
  if (/^(m²|mq|m2)$/.test(u)) return [maybe(0.3, rng.int(2, 4)), rng.real(1.5, 14, 2), rng.real(0.8, 6, 3), null];
  if (/^(m³|mc|m3)$/.test(u)) return [maybe(0.3, rng.int(2, 6)), rng.real(1, 12, 2), rng.real(0.3, 4, 3), rng.real(0.1, 1.2, 3)];
  if (/^(m|ml)$/.test(u)) return [maybe(0.4, rng.int(2, 8)), rng.real(1.5, 40, 2), null, null];
  if (/^(kg|t|ton)$/.test(u)) return [rng.int(1, 12), maybe(0.5, rng.real(1, 8, 2)), null, rng.real(1, 60, 3)];
  if (/^(ora|h|ore)$/.test(u)) return [rng.int(1, 3), null, null, rng.int(4, 40)];
  if (/^acorpo$/.test(u)) return [1, null, null, null];
  return [rng.int(1, 12), null, null, null];
}

export function misura(testo: string, d: Array<number | null>, sign = 1): Misura {
  const ds = d.map((v, i) => (v == null ? null : roundDec(v, i < 2 ? 2 : 3)));
  if (sign < 0) {
    const i = ds.findIndex(v => v != null);
    ds[i] = -(ds[i] as number);
  }
  return { testo, dims: ds, parziale: mulRound2(ds.filter((v): v is number => v != null)) };
}

/** Builds a document's chapters and voci; every amount is exact. */
export function buildModel(rng: Rng, o: ModelOptions): Model {
  const products = loadProducts();
  const nCh = Math.max(1, Math.min(o.chapters, o.nVoci));
  const chTitles = rng.sample(CHAPTERS, nCh);
  const chapters: Chapter[] = chTitles.map((t, i) => ({ num: i + 1, title: t, subs: [], total: 0 }));
  // distribute voci over chapters (each at least one)
  const perCh = chapters.map(() => 1);
  for (let k = nCh; k < o.nVoci; k++) perCh[rng.int(0, nCh - 1)]++;
  const voci: Voce[] = [];
  let n = 0;
  const usedCodes: Voce[] = [];
  // a code names one article: a new article never reuses another's code
  const codes = new Set<string>();
  const uniqueCode = (): string => {
    for (let i = 0; i < 100; i++) {
      const c = makeCode(rng, rng.pick(o.families));
      if (!codes.has(c)) {
        codes.add(c);
        return c;
      }
    }
    throw new Error('generator: code families too small for this document');
  };
  for (const ch of chapters) {
    const count = perCh[ch.num - 1];
    const nSub = o.subs ? Math.max(1, Math.min(count, rng.int(1, 3))) : 1;
    const subTitles = rng.sample(SUBS, nSub);
    const perSub = subTitles.map(() => 1);
    for (let k = nSub; k < count; k++) perSub[rng.int(0, nSub - 1)]++;
    subTitles.forEach((st, si) => {
      const sub = { num: si + 1, title: st, voci: [] as Voce[], total: 0 };
      for (let k = 0; k < perSub[si]; k++) {
        n++;
        let v: Voce;
        const rep = usedCodes.length > 0 && rng.chance(o.repeat ?? 0) ? rng.pick(usedCodes) : null;
        if (rep) {
          v = { ...rep, n, misure: [], chapter: ch.num, sub: sub.num, quantita: 0, totale: 0 };
        } else {
          const p = rng.pick(products);
          const um = o.unit ? o.unit(p.um, rng) : p.um;
          const price = rng.chance(0.15) ? roundDec(p.price * rng.real(0.5, 3, 2), 2) : p.price;
          v = {
            n,
            tariffa: uniqueCode(),
            titolo: p.title,
            estesa: o.maxDesc > 0 && p.desc && rng.chance(0.85) ? cutWords(p.desc, rng.int(40, o.maxDesc)) : '',
            um,
            unitario: price,
            misure: [],
            quantita: 0,
            totale: 0,
            chapter: ch.num,
            sub: sub.num,
          };
          usedCodes.push(v);
        }
        const withMis = o.misure === true || (o.misure === 'some' && rng.chance(0.6));
        if (withMis) {
          const places = rng.sample(PLACES, rng.int(1, 5));
          for (const pl of places) v.misure.push(misura(pl, dims(rng, v.um)));
          if (o.vedi && rng.chance(0.25)) {
            const same = voci.filter(x => x.um === v.um && x.quantita > 0);
            if (same.length) {
              const q = rng.pick(same);
              v.misure.push({ testo: '', dims: [null, null, null, null], parziale: q.quantita, vedi: { n: q.n, code: q.tariffa, um: q.um } });
            }
          }
          if (o.deductions && v.misure.length >= 2 && rng.chance(0.35)) {
            const sumPos = sum2(v.misure.map(m => m.parziale));
            const d = misura(rng.pick(DEDUZIONI), [rng.int(1, 3), rng.real(0.8, 1.2, 2), null, rng.real(1.2, 2.1, 3)], -1);
            if (sumPos + d.parziale > 0.01) v.misure.push(d);
          }
          v.quantita = sum2(v.misure.map(m => m.parziale));
          if (!(v.quantita > 0)) {
            v.misure = [];
            v.quantita = rng.real(1, 200, 2);
          }
        } else {
          const qMax = Math.max(2, Math.min(2500, 30000 / v.unitario));
          v.quantita = /corpo/i.test(v.um) ? 1 : rng.chance(0.3) || qMax < 10 ? rng.int(1, Math.ceil(qMax)) : rng.real(0.5, qMax, 2);
        }
        v.totale = mulRound2([v.quantita, v.unitario]);
        sub.voci.push(v);
        voci.push(v);
      }
      sub.total = sum2(sub.voci.map(v => v.totale));
      ch.subs.push(sub);
    });
    ch.total = sum2(ch.subs.map(s => s.total));
  }
  const [ente, luogo] = rng.pick(ENTI);
  const model: Model = {
    chapters,
    voci,
    total: sum2(voci.map(v => v.totale)),
    ente,
    luogo,
    oggetto: rng.pick(OGGETTI),
    tecnico: rng.pick(TECNICI),
    date: `${pad(rng.int(1, 28), 2)}/${pad(rng.int(1, 12), 2)}/20${rng.int(18, 25)}`,
  };
  checkModel(model);
  return model;
}

/** Throws if any invariant of the printed amounts is violated. */
export function checkModel(m: Model): void {
  const fail = (msg: string): never => {
    throw new Error(`generator invariant violated: ${msg}`);
  };
  for (const v of m.voci) {
    if (v.totale !== mulRound2([v.quantita, v.unitario])) fail(`voce ${v.n}: ${v.quantita} × ${v.unitario} ≠ ${v.totale}`);
    if (v.misure.length && v.quantita !== sum2(v.misure.map(x => x.parziale))) fail(`voce ${v.n}: misure do not add up to ${v.quantita}`);
    for (const x of v.misure) {
      if (x.vedi) continue;
      if (x.parziale !== mulRound2(x.dims.filter((d): d is number => d != null))) fail(`voce ${v.n}: partial ${x.parziale}`);
    }
    if (!(v.quantita > 0) || !(v.unitario > 0)) fail(`voce ${v.n}: non-positive quantity or price`);
  }
  for (const c of m.chapters) {
    for (const s of c.subs) if (s.total !== sum2(s.voci.map(v => v.totale))) fail(`subchapter ${c.num}.${s.num} total`);
    if (c.total !== sum2(c.subs.map(s => s.total))) fail(`chapter ${c.num} total`);
  }
  if (m.total !== sum2(m.voci.map(v => v.totale))) fail('document total');
  if (m.total !== sum2(m.chapters.map(c => c.total))) fail('document total vs chapters');
}
