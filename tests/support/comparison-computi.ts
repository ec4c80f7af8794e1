/**
 * A computo and its perizia di variante, built here as PriMus XPWE files (read exactly by the
 * importer): the same project with quantities and a price changed, a code renamed by a new
 * price-list year, a voce split in two, one removed, two added and the chapters printed in
 * another order. `EXPECTED` is what the comparison must say of each voce, written by hand.
 */
import { mulRound2 } from '../generator/core.ts';

export interface XpweVoce {
  tariffa: string;
  descrizione: string;
  um: string;
  quantita: number;
  prezzo: number;
  capitolo: string;
  /** The labour incidence the file states (XPWE IncMDO, percent), read as the voce's own (issue 39). */
  incMdo?: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An XPWE with one chapter (categoria) per distinct `capitolo`, in the order the voci meet them. */
export function xpwe(voci: XpweVoce[], oggetto: string): string {
  const chapters = [...new Set(voci.map((v) => v.capitolo))];
  const cats = chapters.map((c, i) => `<DGCategorieItem ID="${i + 1}"><DesSintetica>${esc(c)}</DesSintetica></DGCategorieItem>`).join('');
  const ep = voci
    .map((v, i) => `<EPItem ID="${i + 1}"><TipoEP>0</TipoEP><Tariffa>${esc(v.tariffa)}</Tariffa><DesRidotta>${esc(v.descrizione)}</DesRidotta><DesEstesa>${esc(v.descrizione)}</DesEstesa><UnMisura>${esc(v.um)}</UnMisura><Prezzo1>${v.prezzo}</Prezzo1>${v.incMdo === undefined ? '' : `<IncMDO>${v.incMdo}</IncMDO>`}</EPItem>`)
    .join('\n');
  const vc = voci
    .map((v, i) => `<VCItem ID="${i + 1}"><IDEP>${i + 1}</IDEP><Quantita>${v.quantita}</Quantita><IDSpCat>0</IDSpCat><IDCat>${chapters.indexOf(v.capitolo) + 1}</IDCat><IDSbCat>0</IDSbCat><PweVCMisure></PweVCMisure></VCItem>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<PweDocumento><CopyRight>Fixture sintetica</CopyRight><TipoDocumento>1</TipoDocumento><TipoFormato>XMLPwe</TipoFormato><Versione>5.05</Versione>
<PweDatiGenerali><PweDGProgetto><PweDGDatiGenerali><PercPrezzi>0</PercPrezzi><Comune>Comune di Prova</Comune><Provincia>FI</Provincia><Oggetto>${esc(oggetto)}</Oggetto></PweDGDatiGenerali></PweDGProgetto>
<PweDGCapitoliCategorie><PweDGSuperCategorie></PweDGSuperCategorie><PweDGCategorie>${cats}</PweDGCategorie><PweDGSubCategorie></PweDGSubCategorie></PweDGCapitoliCategorie></PweDatiGenerali>
<PweMisurazioni><PweElencoPrezzi>
${ep}
</PweElencoPrezzi><PweVociComputo>
${vc}
</PweVociComputo></PweMisurazioni></PweDocumento>
`;
}

const v = (tariffa: string, descrizione: string, um: string, quantita: number, prezzo: number, capitolo: string): XpweVoce => ({ tariffa, descrizione, um, quantita, prezzo, capitolo });

export const COMPUTO: XpweVoce[] = [
  v('DEM.001', 'Demolizione di muratura in mattoni pieni', 'm³', 12.6, 85.4, 'Demolizioni'),
  v('DEM.002', 'Rimozione di pavimento in ceramica', 'm²', 80, 12.5, 'Demolizioni'),
  v('MUR-010', 'Muratura in blocchi di laterizio spessore 25 cm', 'm²', 45, 62.3, 'Murature'),
  v('MUR-011', 'Tramezzo in laterizio forato spessore 8 cm', 'm²', 60, 38.9, 'Murature'),
  v('TOS23_03.B01.002.001', 'Intonaco civile per interni a due strati', 'm²', 31.5, 23.15, 'Finiture'),
  v('FIN.020', 'Tinteggiatura con idropittura lavabile', 'm²', 300, 6.8, 'Finiture'),
  v('FIN.030', 'Battiscopa in gres porcellanato', 'm', 120, 9.6, 'Finiture'),
  v('FIN.040', 'Pavimento in gres porcellanato 60x60', 'm²', 80, 42, 'Finiture'),
];

/** The variante: Finiture first, then Murature, then Demolizioni. */
export const VARIANTE: XpweVoce[] = [
  v('FIN.050', 'Controsoffitto in lastre di cartongesso', 'm²', 70, 34.5, 'Finiture'),
  v('FIN.020', 'Tinteggiatura con idropittura lavabile', 'm²', 340, 6.8, 'Finiture'),
  v('TOS24_03.B01.002.001', 'Intonaco civile per interni a due strati', 'm²', 31.5, 23.9, 'Finiture'),
  v('FIN.040', 'Pavimento in gres porcellanato 60x60 piano terra', 'm²', 50, 42, 'Finiture'),
  v('FIN.040', 'Pavimento in gres porcellanato 60x60 primo piano', 'm²', 30, 42, 'Finiture'),
  v('FIN.030', 'Battiscopa in gres porcellanato', 'm', 120, 9.6, 'Finiture'),
  v('MUR.010', 'Muratura in blocchi di laterizio spessore 25 cm', 'm²', 45, 62.3, 'Murature'),
  v('TRA.099', 'Parete divisoria in lastre di cartongesso su orditura metallica', 'm²', 60, 44, 'Murature'),
  v('DEM.001', 'Demolizione di muratura in mattoni pieni', 'm³', 12.6, 85.4, 'Demolizioni'),
  v('DEM.002', 'Rimozione di pavimento in ceramica', 'm²', 80, 13, 'Demolizioni'),
];

/** Code of the computo's voce (or, for an added one, the variante's) → state and uncertainty. */
export const EXPECTED: Record<string, { stato: string; incerto: boolean; variante: string[] }> = {
  'DEM.001': { stato: 'invariata', incerto: false, variante: ['DEM.001'] },
  'DEM.002': { stato: 'variata', incerto: false, variante: ['DEM.002'] },
  'MUR-010': { stato: 'invariata', incerto: false, variante: ['MUR.010'] },
  'MUR-011': { stato: 'eliminata', incerto: false, variante: [] },
  'TOS23_03.B01.002.001': { stato: 'variata', incerto: false, variante: ['TOS24_03.B01.002.001'] },
  'FIN.020': { stato: 'variata', incerto: false, variante: ['FIN.020'] },
  'FIN.030': { stato: 'invariata', incerto: false, variante: ['FIN.030'] },
  'FIN.040': { stato: 'invariata', incerto: true, variante: ['FIN.040', 'FIN.040'] },
  'FIN.050': { stato: 'aggiunta', incerto: false, variante: ['FIN.050'] },
  'TRA.099': { stato: 'aggiunta', incerto: false, variante: ['TRA.099'] },
};

export const sumOf = (voci: XpweVoce[]) => voci.reduce((s, x) => Math.round((s + mulRound2([x.quantita, x.prezzo])) * 100) / 100, 0);

/** Labour incidences (percent) the project states per code (issue 39); FIN.030 states none. */
const PROJECT_MDO: Record<string, number> = { 'DEM.001': 45, 'DEM.002': 40, 'MUR-010': 30, 'MUR-011': 35, 'TOS23_03.B01.002.001': 50, 'FIN.020': 60, 'FIN.040': 20 };

/** The computo as the tender's project, with the labour incidence of each voce (IncMDO). */
export const PROGETTO_MDO: XpweVoce[] = COMPUTO.map((x) => ({ ...x, ...(PROJECT_MDO[x.tariffa] ? { incMdo: PROJECT_MDO[x.tariffa] } : {}) }));

/**
 * A company's offer on that project: the same voci and prices, the tinteggiatura (FIN.020) with
 * 40% labour instead of 60% (816,00 € against 1.224,00 €: below the project's), the demolition
 * (DEM.001) with 50% instead of 45% (above).
 */
export const OFFERTA_MDO: XpweVoce[] = PROGETTO_MDO.map((x) => (x.tariffa === 'FIN.020' ? { ...x, incMdo: 40 } : x.tariffa === 'DEM.001' ? { ...x, incMdo: 50 } : x));
