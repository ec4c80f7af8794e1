import { fold } from './fold.ts';
/**
 * All Italian provinces (and metropolitan cities), with the older Sardinian ones still found
 * on documents (Carbonia-Iglesias, Medio Campidano, Ogliastra, Olbia-Tempio). Price lists
 * are keyed by the province NAME in upper case ("LUCCA"); documents may carry the code ("LU").
 */
export interface Province {
  code: string;
  name: string;
  region: string;
}

const P = (region: string, list: Array<[string, string]>): Province[] => list.map(([code, name]) => ({ code, name, region }));

export const PROVINCES: Province[] = [
  ...P('Abruzzo', [['AQ', "L'Aquila"], ['CH', 'Chieti'], ['PE', 'Pescara'], ['TE', 'Teramo']]),
  ...P('Basilicata', [['MT', 'Matera'], ['PZ', 'Potenza']]),
  ...P('Calabria', [['CZ', 'Catanzaro'], ['CS', 'Cosenza'], ['KR', 'Crotone'], ['RC', 'Reggio Calabria'], ['VV', 'Vibo Valentia']]),
  ...P('Campania', [['AV', 'Avellino'], ['BN', 'Benevento'], ['CE', 'Caserta'], ['NA', 'Napoli'], ['SA', 'Salerno']]),
  ...P('Emilia-Romagna', [['BO', 'Bologna'], ['FE', 'Ferrara'], ['FC', 'Forlì-Cesena'], ['MO', 'Modena'], ['PR', 'Parma'], ['PC', 'Piacenza'], ['RA', 'Ravenna'], ['RE', 'Reggio Emilia'], ['RN', 'Rimini']]),
  ...P('Friuli-Venezia Giulia', [['GO', 'Gorizia'], ['PN', 'Pordenone'], ['TS', 'Trieste'], ['UD', 'Udine']]),
  ...P('Lazio', [['FR', 'Frosinone'], ['LT', 'Latina'], ['RI', 'Rieti'], ['RM', 'Roma'], ['VT', 'Viterbo']]),
  ...P('Liguria', [['GE', 'Genova'], ['IM', 'Imperia'], ['SP', 'La Spezia'], ['SV', 'Savona']]),
  ...P('Lombardia', [['BG', 'Bergamo'], ['BS', 'Brescia'], ['CO', 'Como'], ['CR', 'Cremona'], ['LC', 'Lecco'], ['LO', 'Lodi'], ['MN', 'Mantova'], ['MI', 'Milano'], ['MB', 'Monza e della Brianza'], ['PV', 'Pavia'], ['SO', 'Sondrio'], ['VA', 'Varese']]),
  ...P('Marche', [['AN', 'Ancona'], ['AP', 'Ascoli Piceno'], ['FM', 'Fermo'], ['MC', 'Macerata'], ['PU', 'Pesaro e Urbino']]),
  ...P('Molise', [['CB', 'Campobasso'], ['IS', 'Isernia']]),
  ...P('Piemonte', [['AL', 'Alessandria'], ['AT', 'Asti'], ['BI', 'Biella'], ['CN', 'Cuneo'], ['NO', 'Novara'], ['TO', 'Torino'], ['VB', 'Verbano-Cusio-Ossola'], ['VC', 'Vercelli']]),
  ...P('Puglia', [['BA', 'Bari'], ['BT', 'Barletta-Andria-Trani'], ['BR', 'Brindisi'], ['FG', 'Foggia'], ['LE', 'Lecce'], ['TA', 'Taranto']]),
  ...P('Sardegna', [['CA', 'Cagliari'], ['CI', 'Carbonia-Iglesias'], ['VS', 'Medio Campidano'], ['NU', 'Nuoro'], ['OG', 'Ogliastra'], ['OT', 'Olbia-Tempio'], ['OR', 'Oristano'], ['SS', 'Sassari'], ['SU', 'Sud Sardegna']]),
  ...P('Sicilia', [['AG', 'Agrigento'], ['CL', 'Caltanissetta'], ['CT', 'Catania'], ['EN', 'Enna'], ['ME', 'Messina'], ['PA', 'Palermo'], ['RG', 'Ragusa'], ['SR', 'Siracusa'], ['TP', 'Trapani']]),
  ...P('Toscana', [['AR', 'Arezzo'], ['FI', 'Firenze'], ['GR', 'Grosseto'], ['LI', 'Livorno'], ['LU', 'Lucca'], ['MS', 'Massa-Carrara'], ['PI', 'Pisa'], ['PT', 'Pistoia'], ['PO', 'Prato'], ['SI', 'Siena']]),
  ...P('Trentino-Alto Adige', [['BZ', 'Bolzano'], ['TN', 'Trento']]),
  ...P('Umbria', [['PG', 'Perugia'], ['TR', 'Terni']]),
  ...P("Valle d'Aosta", [['AO', 'Aosta']]),
  ...P('Veneto', [['BL', 'Belluno'], ['PD', 'Padova'], ['RO', 'Rovigo'], ['TV', 'Treviso'], ['VE', 'Venezia'], ['VR', 'Verona'], ['VI', 'Vicenza']]),
];

const nameKey = (s: string): string => fold(s).replace(/[^a-z0-9]+/g, ' ').trim();

const BY_CODE = new Map(PROVINCES.map((p) => [p.code, p]));
const BY_NAME = new Map(PROVINCES.map((p) => [nameKey(p.name), p]));

/** The province a stored value means: a code ("LU"), a name in any case ("LUCCA", "lucca"). */
export function findProvince(value: string | null | undefined): Province | undefined {
  if (!value) return undefined;
  const v = value.trim();
  return BY_CODE.get(v.toUpperCase()) ?? BY_NAME.get(nameKey(v));
}

export function provinceCode(value: string): string | undefined {
  return findProvince(value)?.code;
}

export const isTuscan = (value: string | null | undefined) => findProvince(value)?.region === 'Toscana';

/**
 * Suggestions for the type-ahead: code matches first, then names and regions that start with
 * or contain the text. From 2 characters, at most 10 results.
 */
export function searchProvinces(query: string, limit = 10, minLength = 2): Province[] {
  const q = nameKey(query);
  if (q.length < minLength) return [];
  const scored: Array<[number, Province]> = [];
  for (const p of PROVINCES) {
    const name = nameKey(p.name);
    const score =
      p.code.toLowerCase() === q ? 0 : name.startsWith(q) ? 1 : name.includes(q) ? 2 : nameKey(p.region).startsWith(q) ? 3 : -1;
    if (score >= 0) scored.push([score, p]);
  }
  return scored
    .sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name, 'it'))
    .slice(0, limit)
    .map(([, p]) => p);
}
