/**
 * A generated price list with realistic Italian descriptions (Toscana-style codes), for the
 * search bench: many articles share common words (scavo, calcestruzzo, pozzetto), and a fixed
 * set of intended articles is planted among them with the queries that should find them.
 */
import type { PriceItem } from '../../functions/storage/repositories/price-lists.ts';
import { makeRng } from '../generator/core.ts';

const SUBJECTS: Array<{ title: string[]; body: string[]; um: string[] }> = [
  { title: ['Scavo a sezione obbligata', 'Scavo di sbancamento', 'Scavo a sezione ristretta', 'Scavo in trincea'], body: ['eseguito con mezzi meccanici', 'in terreni di qualsiasi natura e consistenza', 'compreso il carico sul mezzo di trasporto', 'escluse le rocce da mina', 'fino alla profondità di {n} m dal piano di campagna'], um: ['mc'] },
  { title: ['Calcestruzzo per strutture', 'Conglomerato cementizio', 'Calcestruzzo a prestazione garantita', 'Magrone di sottofondazione'], body: ['classe di resistenza C{n}/{m}', 'classe di esposizione XC{k}', 'confezionato con cemento CEM II', 'gettato in opera con pompa', 'compresa la vibratura e la stagionatura'], um: ['mc'] },
  { title: ['Pozzetto in calcestruzzo', 'Pozzetto di ispezione', 'Chiusino in ghisa sferoidale', 'Caditoia stradale'], body: ['dimensioni interne {n}x{n}x{m} cm', 'posto in opera su letto di sabbia', 'compreso il rinfianco in calcestruzzo', 'classe di carico D400', 'con telaio quadrato'], um: ['cad'] },
  { title: ['Tubazione in PVC rigido', 'Tubo in polietilene ad alta densità', 'Tubazione in ghisa sferoidale', 'Tubo corrugato a doppia parete'], body: ['diametro nominale {n} mm', 'classe di rigidità SN{k}', 'per condotte di scarico interrate', 'con giunto a bicchiere e guarnizione elastomerica', 'compresi pezzi speciali e prove di tenuta'], um: ['m'] },
  { title: ['Massetto in sabbia e cemento', 'Intonaco civile', 'Rasatura a base di gesso', 'Intonaco premiscelato'], body: ['spessore {n} cm', 'per interni ed esterni', 'tirato in piano a frattazzo', 'su superfici verticali e orizzontali', 'compresi i ponteggi di servizio'], um: ['mq'] },
  { title: ['Muratura in blocchi di laterizio', 'Tramezzatura in mattoni forati', 'Muratura portante in pietrame', 'Parete in cartongesso'], body: ['spessore {n} cm', 'legati con malta bastarda', 'compresa la formazione di spalle e architravi', 'a qualsiasi altezza', 'con isolante in lana minerale'], um: ['mq'] },
  { title: ['Pavimento in gres porcellanato', 'Pavimentazione in cubetti di porfido', 'Pavimento in legno prefinito', 'Pavimentazione in conglomerato bituminoso'], body: ['formato {n}x{n} cm', 'posato a colla su massetto', 'compresa la stuccatura dei giunti', 'strato di usura tipo tappetino', 'spessore compresso {k} cm'], um: ['mq'] },
  { title: ['Impermeabilizzazione con guaina bituminosa', 'Isolamento termico a cappotto', 'Pannello in polistirene espanso', 'Barriera al vapore'], body: ['armata con velo di vetro', 'spessore {n} mm', 'posta a fiamma con sormonti di {k} cm', 'conducibilità termica 0,0{k} W/mK', 'compresi tasselli e rete di armatura'], um: ['mq'] },
  { title: ['Acciaio per cemento armato', 'Rete elettrosaldata', 'Carpenteria metallica', 'Profilati in acciaio S275'], body: ['tipo B450C', 'diametro {k} mm', 'tagliato, sagomato e posto in opera', 'compresi sfridi e legature', 'zincati a caldo'], um: ['kg'] },
  { title: ['Demolizione di muratura', 'Rimozione di pavimento', 'Demolizione di solaio', 'Taglio di calcestruzzo armato'], body: ['eseguita a mano o con mezzo meccanico', 'compreso il carico e trasporto a discarica', 'di qualsiasi spessore', 'con accantonamento del materiale riutilizzabile', 'escluso onere di conferimento'], um: ['mc', 'mq'] },
  { title: ['Infisso in alluminio', 'Serramento in PVC', 'Porta interna in legno tamburato', 'Portoncino blindato'], body: ['a taglio termico', 'con vetrocamera basso emissivo {n}/{k}/{n}', 'dimensioni {n}x{m} cm', 'compresa ferramenta di sostegno e chiusura', 'classe di tenuta all aria {k}'], um: ['mq', 'cad'] },
  { title: ['Cavo elettrico unipolare', 'Quadro elettrico di distribuzione', 'Punto luce a interruttore', 'Corpo illuminante a LED'], body: ['tipo FG16OR16', 'sezione {k} mmq', 'posato entro tubazione predisposta', 'grado di protezione IP{n}', 'potenza {n} W'], um: ['m', 'cad'] },
  { title: ['Ponteggio metallico fisso', 'Recinzione di cantiere', 'Baracca di cantiere', 'Trabattello mobile'], body: ['per il primo mese', 'per ogni mese successivo', 'compreso montaggio e smontaggio', 'altezza fino a {n} m', 'conforme al D.Lgs. 81/2008'], um: ['mq', 'm', 'cad'] },
  { title: ['Fondazione stradale in misto granulare', 'Cordonato in calcestruzzo', 'Segnaletica orizzontale', 'Binder in conglomerato bituminoso'], body: ['stabilizzato granulometricamente', 'spessore finito {k} cm', 'sezione {n}x{m} cm', 'con vernice rifrangente', 'compresa la rullatura'], um: ['mc', 'm', 'mq'] },
];

/** Articles planted once each, with the queries that must find them (first, or in the top 3). */
export const PLANTED: Array<{ codice: string; descrizione: string; um: string }> = [
  { codice: 'TOS25_04.E02.015.001', descrizione: 'Pozzetto prefabbricato in calcestruzzo vibrato per raccordi fognari, dimensioni interne 50x50x50 cm', um: 'cad' },
  { codice: 'TOS25_06.D05.002.001', descrizione: 'Geotessile non tessuto in polipropilene agugliato, grammatura 300 g/mq, per strati di separazione', um: 'mq' },
  { codice: 'TOS25_01.A04.009.002', descrizione: 'Vespaio aerato con casseri a perdere in polipropilene riciclato, altezza 40 cm', um: 'mq' },
  { codice: 'TOS25_02.B11.004.001', descrizione: 'Controtelaio per porte scorrevoli a scomparsa in lamiera zincata', um: 'cad' },
  { codice: 'TOS25_07.F01.021.003', descrizione: 'Idrosemina di scarpate con miscuglio di sementi, collanti e fertilizzanti', um: 'mq' },
  { codice: 'TOS25_03.C08.012.001', descrizione: 'Canaletta grigliata in calcestruzzo polimerico con griglia in ghisa', um: 'm' },
  { codice: 'TOS25_05.G02.003.004', descrizione: 'Lucernario apribile motorizzato per coperture piane', um: 'cad' },
  { codice: 'TOS25_09.H04.001.002', descrizione: 'Sabbiatura di superfici metalliche grado Sa 2½', um: 'mq' },
];

export const QUERIES: Array<{ q: string; kind: 'codice' | 'parola' | 'flessione' | 'refuso'; target: string }> = [
  { q: 'TOS25_04.E02.015.001', kind: 'codice', target: 'TOS25_04.E02.015.001' },
  { q: 'TOS25_06.D05.002', kind: 'codice', target: 'TOS25_06.D05.002.001' },
  { q: 'pozzetto prefabbricato', kind: 'parola', target: 'TOS25_04.E02.015.001' },
  { q: 'geotessile', kind: 'parola', target: 'TOS25_06.D05.002.001' },
  { q: 'vespaio aerato', kind: 'parola', target: 'TOS25_01.A04.009.002' },
  { q: 'controtelaio scomparsa', kind: 'parola', target: 'TOS25_02.B11.004.001' },
  { q: 'idrosemina', kind: 'parola', target: 'TOS25_07.F01.021.003' },
  { q: 'canaletta grigliata', kind: 'parola', target: 'TOS25_03.C08.012.001' },
  { q: 'pozzetti prefabbricati', kind: 'flessione', target: 'TOS25_04.E02.015.001' },
  { q: 'geotessili non tessuti', kind: 'flessione', target: 'TOS25_06.D05.002.001' },
  { q: 'canalette grigliate', kind: 'flessione', target: 'TOS25_03.C08.012.001' },
  { q: 'lucernari apribili', kind: 'flessione', target: 'TOS25_05.G02.003.004' },
  { q: 'geotesile', kind: 'refuso', target: 'TOS25_06.D05.002.001' },
  { q: 'idrosmina scarpate', kind: 'refuso', target: 'TOS25_07.F01.021.003' },
  { q: 'controtelao scorrevoli', kind: 'refuso', target: 'TOS25_02.B11.004.001' },
  { q: 'sabiatura superfici metaliche', kind: 'refuso', target: 'TOS25_09.H04.001.002' },
  { q: 'geotesile tesuto', kind: 'refuso', target: 'TOS25_06.D05.002.001' },
  { q: 'pozzeto prefabricato', kind: 'refuso', target: 'TOS25_04.E02.015.001' },
];

/**
 * The latency mix: the queries above plus common words that match thousands of articles, common
 * words with two typos each ("calcestruzo", "conpresso": forgiven on every word, always), and a
 * word no article has beside a common one (relaxed: the word is dropped and reported).
 */
export const LATENCY_MIX = [
  ...QUERIES.map((q) => q.q),
  'scavo',
  'calcestruzzo classe',
  'tubazione pvc',
  'TOS25_01',
  'pozzetti',
  'intonaci',
  'demolizione muratura',
  'pavimento gres',
  'compresi',
  'scavo xyzzy',
];
/** Common words misspelt, one or two edits on each word: the typo lookup runs on every word, always. */
export const COMMON_TYPOS = ['calcestrutzo clase', 'tubazone scarrico', 'conpresso traspporto', 'pozetti calcestruzo', 'demolizzione murratura'];
LATENCY_MIX.push(...COMMON_TYPOS);

export function generateArticles(n: number, seed = 7): PriceItem[] {
  const rand = makeRng(seed).next;
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const fill = (s: string) => s.replace(/\{n\}/g, () => String(10 + Math.floor(rand() * 90))).replace(/\{m\}/g, () => String(20 + Math.floor(rand() * 180))).replace(/\{k\}/g, () => String(1 + Math.floor(rand() * 9)));
  const items: PriceItem[] = [];
  const plantedAt = new Map(PLANTED.map((p, i) => [Math.floor(((i + 1) * n) / (PLANTED.length + 1)), p]));
  for (let i = 0; i < n; i++) {
    const planted = plantedAt.get(i);
    const chapter = String(1 + (i % 12)).padStart(2, '0');
    const codice = planted?.codice ?? `TOS25_${chapter}.${String.fromCharCode(65 + ((i >> 4) % 26))}${String((i >> 8) % 100).padStart(2, '0')}.${String((i >> 2) % 1000).padStart(3, '0')}.${String(i % 1000).padStart(3, '0')}`;
    let descrizione: string;
    let um: string;
    if (planted) {
      descrizione = planted.descrizione;
      um = planted.um;
    } else {
      const s = pick(SUBJECTS);
      const body = [...s.body].sort(() => rand() - 0.5).slice(0, 2 + Math.floor(rand() * 3)).map(fill);
      descrizione = `${pick(s.title)} ${body.join(', ')}.`;
      um = pick(s.um);
    }
    const prezzo = Math.round((1 + rand() * 900) * 100) / 100;
    items.push({
      codice,
      codice_originale: codice,
      descrizione,
      unita_di_misura: um,
      prezzo,
      prezzo_senza_sg: Math.round(prezzo * 80) / 100,
      anno: 2025,
      provincia: 'FIRENZE',
      tipologia: null,
      scostamento_perc_senza_sg_2024: null,
      scostamento_perc_su_anno_2024: null,
    } as PriceItem);
  }
  return items;
}

export type LatencyKind = 'codice' | 'parola' | 'flessione' | 'refuso' | 'refusi comuni';

/** Italian plural of a singular (and back): what "flessione" queries ask. */
const inflect = (w: string) => w.replace(/o$/, 'i').replace(/a$/, 'e').replace(/e$/, 'i');

/** One edit in the middle of a word (a letter dropped), two on words of 8 letters or more (and its second letter changed). */
function misspell(w: string): string {
  const mid = w.length >> 1;
  const dropped = w.slice(0, mid) + w.slice(mid + 1);
  if (w.length < 8) return dropped;
  const second = dropped[1] === 'z' ? 'a' : String.fromCharCode(dropped.charCodeAt(1) + 1);
  return dropped[0] + second + dropped.slice(2);
}

/**
 * Queries of every latency category made from the list's own articles (deterministic), so that each
 * category has enough of them for its p95 to be a percentile and not its slowest query: exact codes
 * and code prefixes, an article's first two words, the same inflected, the same misspelt (one edit
 * from 5 letters, two from 8), and the commonest words of the list misspelt.
 */
export function generatedQueries(items: PriceItem[], perKind = 20): Array<{ q: string; kind: LatencyKind }> {
  const out: Array<{ q: string; kind: LatencyKind }> = [];
  const seen = new Set<string>(LATENCY_MIX);
  const add = (q: string, kind: LatencyKind) => {
    if (q.trim() && !seen.has(q)) {
      seen.add(q);
      out.push({ q, kind });
    }
  };
  const wordsOf = (item: PriceItem) => item.descrizione.toLowerCase().split(/[^a-zàèéìòù]+/).filter((w) => w.length >= 5);
  const counts = new Map<string, number>();
  for (let i = 0; i < items.length; i += 97) for (const w of wordsOf(items[i])) counts.set(w, (counts.get(w) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  for (let k = 0, made = 0; made < perKind && k < 10 * perKind; k++) {
    const item = items[(k * 104_729 + 13) % items.length];
    const [a, b] = wordsOf(item);
    if (!b) continue;
    made++;
    add(k % 2 ? item.codice : item.codice.slice(0, 12), 'codice');
    add(`${a} ${b}`, 'parola');
    add(`${inflect(a)} ${inflect(b)}`, 'flessione');
    add(`${misspell(a)} ${misspell(b)}`, 'refuso');
    add(`${misspell(common[(2 * made) % common.length])} ${misspell(common[(2 * made + 1) % common.length])}`, 'refusi comuni');
  }
  return out;
}
